"""An invitation in a real browser: headless Chromium signs in as ana, opens a new person's page
and sends the invitation; then, as that person in a fresh browser, follows the link that reached
the SMTP sink, chooses a password and lands signed in.
Usage: invitation.py BASE_URL MAIL_FOLDER PUBLIC_URL PERSON_ID

MAIL_FOLDER is where the test's SMTP sink writes each mail it receives (as JSON); PUBLIC_URL is
the address the mail's links start with, replaced by BASE_URL here. Exits 0 when every step
behaved as a person would expect, 1 otherwise.
"""
import sys

from password_reset import BASE, MAIL, PUBLIC, audit, browser, page_says, wait_for, mailed_link
from selenium.webdriver.common.by import By

PERSON = sys.argv[4]
PASSWORD = "nuria-long-password-1"


def main():
    violations = []
    admin = browser()
    try:
        admin.get(BASE + "/sign-in")
        admin.find_element(By.ID, "username").send_keys("ana")
        admin.find_element(By.ID, "password").send_keys("atrium-demo")
        admin.find_element(By.CSS_SELECTOR, "form.stack button[type=submit]").click()
        wait_for(admin, lambda d: d.find_elements(By.CSS_SELECTOR, ".top"), "ana's home page")
        admin.get(BASE + "/admin/people/" + PERSON)
        admin.find_element(By.XPATH, "//button[normalize-space()='Send an invitation by mail']").click()
        wait_for(admin, page_says("nuria@atrium-demo.example"), "the invitation's confirmation")
    except Exception as error:
        print(f"FAILED (as ana): {error}")
        return 1
    finally:
        admin.quit()

    person = browser()
    try:
        link = mailed_link("nuria@atrium-demo.example", "/invitation/")
        person.get(link)
        wait_for(person, lambda d: d.find_elements(By.ID, "repeat"), "the choose-your-password form")
        wait_for(person, page_says("Welcome, Nuria"), "the welcome")
        audit(person, "invitation", violations)
        person.find_element(By.ID, "password").send_keys(PASSWORD)
        person.find_element(By.ID, "repeat").send_keys(PASSWORD)
        person.find_element(By.CSS_SELECTOR, "form.stack button[type=submit]").click()
        wait_for(person, lambda d: d.find_elements(By.CSS_SELECTOR, ".top"), "the home page, signed in")
        wait_for(person, lambda d: d.find_elements(By.CSS_SELECTOR, "a.me[aria-label*='Nuria']"), "her profile link")
        person.delete_all_cookies()
        person.get(link)
        wait_for(person, page_says("This link was already used"), "the used link's page")
        if violations:
            raise AssertionError("accessibility: " + "; ".join(violations))
        print("all steps passed")
        return 0
    except Exception as error:
        print(f"FAILED: {error}")
        return 1
    finally:
        person.quit()


if __name__ == "__main__":
    sys.exit(main())
