"""A forgotten password in a real browser: headless Chromium asks for a link from the sign-in
page, follows the link that reached the SMTP sink, chooses a new password and signs in with it.
Usage: password_reset.py BASE_URL MAIL_FOLDER PUBLIC_URL

MAIL_FOLDER is where the test's SMTP sink writes each mail it receives (as JSON, parsed by
Python's email package); PUBLIC_URL is the address the mail's links start with, replaced by
BASE_URL here. Exits 0 when every step behaved as a person would expect, 1 otherwise.
"""
import glob
import json
import os
import re
import sys
import time

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

BASE, MAIL, PUBLIC = sys.argv[1].rstrip("/"), sys.argv[2], sys.argv[3].rstrip("/")  # also read by invitation.py
NEW_PASSWORD = "a-new-long-password-7"


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--window-size=390,900", "--lang=en"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
    driver.set_page_load_timeout(30)
    return driver


def wait_for(driver, condition, what, seconds=15):
    WebDriverWait(driver, seconds, ignored_exceptions=(StaleElementReferenceException, NoSuchElementException)).until(
        condition, f"waited {seconds} s for {what} at {driver.current_url}")


def page_says(text):
    return lambda driver: text in driver.find_element(By.TAG_NAME, "body").text


def audit(driver, name, violations):
    axe = Axe(driver)
    axe.inject()
    for violation in axe.run()["violations"]:
        if violation["impact"] in ("serious", "critical"):
            violations.append(f"{name}: {violation['id']} ({violation['impact']}): {violation['help']}")


def mailed_link(recipient, path, seconds=10):
    """The link under `path` in the first mail to `recipient`, waiting for it as the sender
    delivers it, on this server instead of the public address."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        for name in sorted(glob.glob(os.path.join(MAIL, "*.json"))):
            with open(name) as file:
                mail = json.load(file)
            if mail["recipients"] == [recipient]:
                match = re.search(re.escape(PUBLIC + path) + r"[A-Za-z0-9_-]+", mail["text"] or "")
                if match:
                    return BASE + match.group(0)[len(PUBLIC):]
        time.sleep(0.2)
    raise AssertionError(f"no mail with a {path} link reached {recipient} within {seconds} s")


def main():
    driver = browser()
    violations = []
    try:
        driver.get(BASE + "/sign-in")
        driver.find_element(By.LINK_TEXT, "Forgot your password?").click()
        wait_for(driver, lambda d: d.find_elements(By.ID, "email"), "the form asking for the address")
        audit(driver, "forgotten password", violations)
        driver.find_element(By.ID, "email").send_keys("eva@atrium-demo.example")
        driver.find_element(By.CSS_SELECTOR, "form.stack button[type=submit]").click()
        wait_for(driver, page_says("a mail with a link is on its way"), "the answer")

        link = mailed_link("eva@atrium-demo.example", "/password-reset/")
        driver.get(link)
        wait_for(driver, lambda d: d.find_elements(By.ID, "repeat"), "the new password form")
        audit(driver, "new password", violations)
        driver.find_element(By.ID, "password").send_keys(NEW_PASSWORD)
        driver.find_element(By.ID, "repeat").send_keys(NEW_PASSWORD)
        driver.find_element(By.CSS_SELECTOR, "form.stack button[type=submit]").click()
        wait_for(driver, page_says("Your password is changed"), "the confirmation")

        driver.find_element(By.LINK_TEXT, "Sign in").click()
        wait_for(driver, lambda d: d.find_elements(By.ID, "username"), "the sign-in form")
        driver.find_element(By.ID, "username").send_keys("eva")
        driver.find_element(By.ID, "password").send_keys(NEW_PASSWORD)
        driver.find_element(By.CSS_SELECTOR, "form.stack button[type=submit]").click()
        wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".top"), "the home page after signing in")

        driver.get(link)
        wait_for(driver, page_says("This link was already used"), "the used link's page")
        if violations:
            raise AssertionError("accessibility: " + "; ".join(violations))
        print("all steps passed")
        return 0
    except Exception as error:  # a failed step, said in one line
        print(f"FAILED: {error}")
        return 1
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(main())
