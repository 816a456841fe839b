"""Tasks in a real browser (issue 20): two open pages of eva's stay in step without polling or
a reload. Usage: tasks.py BASE_URL SCREENSHOT_DIR EVA_ID

eva opens Tasks on a laptop (1280 px) and on a phone (390 px); she adds a task on the laptop and
the phone's open page shows it (the live event refreshes the list in place); she marks it done
on the phone and the laptop's page shows it done; mario gives her a task from her page and both
of her open pages show it, "from Mario López". axe-core finds no serious violation.
Exits 0 when every step behaved as a person would expect.
"""
import sys

from selenium.webdriver.common.by import By

import web_flow as flow
from web_flow import BASE, check, sign_in, text, wait_for

EVA_ID = sys.argv[3]
TITLE = "Order a new badge"
GIVEN = "Onboarding: sign the handbook"


def open_tasks(driver, name):
    """The Tasks page, with its event stream open and a mark that a reload would wipe."""
    driver.get(BASE + "/tasks")
    wait_for(driver, lambda d: d.execute_script("return window.atriumEvents && window.atriumEvents.readyState === 1"),
             f"{name}'s live events open")
    driver.execute_script("window.__samePage = true;")


def still_the_same_page(driver, name):
    check(driver.execute_script("return window.__samePage === true"), f"{name}'s page was reloaded, not refreshed")


def task_row(title):
    return f"//li[@data-task][strong[normalize-space()='{title}']]"


def main():
    laptop = flow.browser(1280)
    sign_in(laptop, "eva")
    phone = flow.browser(390, touch=True)
    sign_in(phone, "eva")
    open_tasks(phone, "the phone")
    check(phone.execute_script("return document.documentElement.scrollWidth <= window.innerWidth + 1"),
          "the Tasks page is wider than a 390 px screen")

    # Added on the laptop (a form: the laptop's own page is the answer to its post).
    laptop.get(BASE + "/tasks")
    laptop.find_element(By.ID, "new-task-title").send_keys(TITLE + "\n")
    wait_for(laptop, lambda d: d.find_elements(By.XPATH, task_row(TITLE)), "the task on the laptop")
    wait_for(phone, lambda d: d.find_elements(By.XPATH, task_row(TITLE)), "the laptop's task on the phone", 10)
    still_the_same_page(phone, "the phone")
    flow.shot(phone, "tasks-390")

    # Marked done on the phone; the laptop's open page follows.
    open_tasks(laptop, "the laptop")
    phone.find_element(By.XPATH, task_row(TITLE) + "//button[normalize-space()='Done']").click()
    wait_for(phone, lambda d: "done" in d.find_element(By.XPATH, task_row(TITLE)).get_attribute("class").split(),
             "the task done on the phone")
    wait_for(laptop, lambda d: "done" in d.find_element(By.XPATH, task_row(TITLE)).get_attribute("class").split(),
             "the phone's done on the laptop", 10)
    still_the_same_page(laptop, "the laptop")

    # mario gives her a task from her page; both of her pages show it, and who gave it.
    open_tasks(phone, "the phone")
    mario = flow.browser(1280)
    sign_in(mario, "mario")
    mario.get(BASE + "/team/" + EVA_ID)
    mario.find_element(By.XPATH, "//a[normalize-space()='Give a task'] | //button[normalize-space()='Give a task']").click()
    wait_for(mario, lambda d: d.find_elements(By.ID, "give-title"), "the give-a-task form")
    mario.find_element(By.ID, "give-title").send_keys(GIVEN + "\n")
    wait_for(mario, lambda d: "Task given to Eva Fernández." in text(d, "main"), "mario told the task was given")
    for driver, name in ((laptop, "the laptop"), (phone, "the phone")):
        wait_for(driver, lambda d: "from Mario López" in d.find_element(By.XPATH, task_row(GIVEN)).text,
                 f"mario's task on {name}", 10)
        still_the_same_page(driver, name)
    flow.audit(laptop, "tasks")
    flow.audit(phone, "tasks on a phone")
    flow.shot(laptop, "tasks-1280")

    check(not flow.VIOLATIONS, "axe-core found serious or critical violations:\n" + "\n".join(flow.VIOLATIONS))
    print("tasks in the browser: all steps passed; screenshots in", flow.SHOTS)


if __name__ == "__main__":
    flow.run(main)
