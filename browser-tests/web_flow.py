"""The web app in a real browser: headless Chromium driven by selenium against a running
Atrium with the demo company. Usage: web_flow.py BASE_URL SCREENSHOT_DIR

Exits 0 when every step behaved as a person would expect, 1 with the failed step otherwise.
"""
import os
import sys

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

BASE, SHOTS = sys.argv[1].rstrip("/"), sys.argv[2]
PASSWORD = "atrium-demo"
os.makedirs(SHOTS, exist_ok=True)
drivers = []


def browser(width, lang="en", touch=False):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 f"--window-size={width},900", f"--lang={lang}"):
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"intl.accept_languages": lang})
    if touch:
        options.add_experimental_option(
            "mobileEmulation", {"deviceMetrics": {"width": width, "height": 844, "pixelRatio": 2, "touch": True}})
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
    driver.set_page_load_timeout(30)
    drivers.append(driver)
    return driver


def wait_for(driver, condition, what="the page", seconds=15):
    """Waits for a condition across page loads and live refreshes: an element goes stale when
    its page is replaced, and Chrome reports an element its live page replaced between finding
    and reading it as "Node with given id does not belong to the document"; both mean "not yet"."""
    def settled(driver):
        try:
            return condition(driver)
        except WebDriverException as error:
            if "does not belong to the document" in str(error):
                return False
            raise

    WebDriverWait(driver, seconds, ignored_exceptions=(StaleElementReferenceException, NoSuchElementException)).until(
        settled, f"waited {seconds} s for {what} at {driver.current_url}")


VIOLATIONS = []


def audit(driver, name):
    """Runs axe-core on the page and keeps every serious or critical violation."""
    axe = Axe(driver)
    axe.inject()
    for violation in axe.run()["violations"]:
        if violation["impact"] in ("serious", "critical"):
            where = "; ".join(" ".join(node["target"]) for node in violation["nodes"][:3])
            VIOLATIONS.append(f"{name}: {violation['id']} ({violation['impact']}): {violation['help']} at {where}")


def themed(driver, scheme):
    """Shows the pages as a system in `scheme` (light or dark) asks for them."""
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def text(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector).text.strip()


def sign_in(driver, username, password=PASSWORD):
    driver.get(BASE + "/sign-in")
    driver.find_element(By.ID, "username").clear()
    driver.find_element(By.ID, "username").send_keys(username)
    driver.find_element(By.ID, "password").send_keys(password)
    driver.find_element(By.CSS_SELECTOR, "form.stack button[type=submit]").click()
    # Signed in when the page has the header; a refusal stays on the form.
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".top, .error"))


def swipe(driver, element, left):
    """A one-finger swipe across an element, as touch events from the browser's input layer."""
    box = driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.left, r.right, r.top + r.height / 2];", element)
    start, end = (box[1] - 20, box[0] + 20) if left else (box[0] + 20, box[1] - 20)
    y = box[2]
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": start, "y": y}]})
    for step in range(1, 6):
        x = start + (end - start) * step / 5
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def tap(driver, element):
    """A one-finger tap on an element, as touch events from the browser's input layer."""
    x, y = driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];", element)
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def shot(driver, name):
    driver.save_screenshot(os.path.join(SHOTS, name + ".png"))


def main():
    eva = browser(1280)

    # A wrong password shows the error and stays on the sign-in page.
    sign_in(eva, "eva", "not-her-password")
    check("Wrong username or password." in eva.page_source, "no error for a wrong password")
    check(eva.current_url.endswith("/sign-in"), f"left the sign-in page: {eva.current_url}")
    shot(eva, "sign-in-error-1280")

    sign_in(eva, "eva")
    wait_for(eva, EC.presence_of_element_located((By.ID, "post-text")))
    shot(eva, "home-1280")

    # Mario has his approvals open before eva asks: the list updates live.
    mario = browser(1280)
    sign_in(mario, "mario")
    mario.get(BASE + "/approvals")
    mario.execute_script("window.atriumMarker = 'same page';")

    # Eva asks for three days: the first submit previews, the second sends.
    eva.get(BASE + "/time-off")
    remaining_before = float(text(eva, "#remaining"))
    eva.execute_script("document.getElementById('start').value = '2026-04-06';"
                       "document.getElementById('end').value = '2026-04-08';")
    eva.find_element(By.CSS_SELECTOR, "button[value=preview]").click()
    wait_for(eva, EC.presence_of_element_located((By.ID, "preview")))
    check("3 working days" in text(eva, "#preview"), f"preview says: {text(eva, '#preview')}")
    eva.find_element(By.ID, "send").click()
    wait_for(eva, EC.presence_of_element_located((By.CSS_SELECTOR, "#requests li[data-status=pending]")))
    check(text(eva, "#pending") == "3", f"pending shows {text(eva, '#pending')}")
    check(float(text(eva, "#remaining")) == remaining_before - 3,
          f"remaining went from {remaining_before} to {text(eva, '#remaining')}")
    shot(eva, "time-off-1280")
    eva.execute_script("window.atriumMarker = 'same page';")
    badge_before = eva.find_elements(By.CSS_SELECTOR, ".top .badge")
    unread_before = int(badge_before[0].text) if badge_before else 0

    # Eva's request appears in mario's open list without a reload.
    wait_for(mario, lambda d: "Eva Fernández" in text(d, "#approvals-region"))
    check(mario.execute_script("return window.atriumMarker") == "same page", "mario's page was reloaded")
    shot(mario, "approvals-1280")

    # He approves it with the row's button: the row goes, the page stays.
    rows = [row for row in mario.find_elements(By.CSS_SELECTOR, "#approvals li") if "Eva Fernández" in row.text]
    check(len(rows) == 1, f"mario sees {len(rows)} requests from eva")
    rows[0].find_element(By.XPATH, ".//button[normalize-space()='Approve']").click()
    wait_for(mario, lambda d: "Eva Fernández" not in text(d, "#approvals-region"))
    check(mario.execute_script("return window.atriumMarker") == "same page", "approving reloaded the page")

    # Eva's badge counts the new notice without a reload.
    wait_for(eva, lambda d: d.find_elements(By.CSS_SELECTOR, ".top .badge")
             and int(text(d, ".top .badge")) > unread_before)
    check(eva.execute_script("return window.atriumMarker") == "same page", "eva's page was reloaded")

    # An employee opening the approvals page is told it is not for her.
    eva.get(BASE + "/approvals")
    check("Not allowed" in eva.page_source, "eva saw the approvals page")

    # Eva sees the notice, the badge and the days approved.
    eva.get(BASE + "/board")
    badge = text(eva, ".top .badge")
    check(int(badge) >= 1, f"badge shows {badge}")
    check("approved your request" in text(eva, "main"), "no approval notice on the board")
    shot(eva, "board-1280")
    eva.get(BASE + "/time-off")
    check(len(eva.find_elements(By.CSS_SELECTOR, "#requests li[data-status=approved]")) == 1, "not shown approved")
    check(text(eva, "#approved") == "3", f"approved shows {text(eva, '#approved')}")

    # Phone width, with touch.
    phone = browser(390, touch=True)
    sign_in(phone, "eva")
    sections = (("/", "home"), ("/time-off", "time-off"), ("/board", "board"), ("/team", "team"),
                ("/company", "company"), ("/settings", "settings"), ("/profile/edit", "profile-edit"),
                ("/calendar?month=2026-04", "calendar"))
    # Every page at both widths, in the light and the dark theme, checked with axe-core.
    for scheme in ("light", "dark"):
        suffix = "" if scheme == "light" else "-dark"
        for driver in (phone, eva):
            themed(driver, scheme)
        for page, name in sections:
            phone.get(BASE + page)
            shot(phone, name + "-390" + suffix)
            audit(phone, f"{name} at 390 px, {scheme}")
            eva.get(BASE + page)
            shot(eva, name + "-1280" + suffix)
            audit(eva, f"{name} at 1280 px, {scheme}")
    for driver in (phone, eva):
        themed(driver, "light")
    # A very long name is cut in the team calendar: at 1280 px the whole month fits without
    # scrolling sideways, and on a phone the days stay in view beside the names.
    for driver, width in ((eva, 1280), (phone, 390)):
        driver.get(BASE + "/calendar?month=2026-03")
        name = driver.execute_script("return document.querySelector('th.name[title^=\"Pablo\"]').getBoundingClientRect().width")
        check(name < 200, f"the name column is {name} px wide at {width} px")
        if width == 1280:
            overflow = driver.execute_script(
                "var w = document.querySelector('.calendar-wrap'); return w.scrollWidth - w.clientWidth")
            check(overflow <= 1, f"the month scrolls sideways by {overflow} px at 1280 px")
        else:
            first_day = driver.execute_script(
                "return document.querySelectorAll('table.calendar tr th')[1].getBoundingClientRect().right")
            check(first_day < width, "no day is in view on a phone")
        shot(driver, f"calendar-long-name-{width}")
    # The menu opens as a drawer on a phone.
    phone.find_element(By.CSS_SELECTOR, "details.drawer summary").click()
    check(phone.find_element(By.CSS_SELECTOR, "details.drawer .menu").is_displayed(), "the drawer did not open")
    shot(phone, "menu-390")
    # On a phone, mario's buttons show without a swipe; a swipe is a shortcut that moves the
    # focus to the row's first button. Back to pending asks why in place.
    phone.get(BASE + "/time-off")
    phone.execute_script("document.getElementById('start').value = '2026-05-11';"
                         "document.getElementById('end').value = '2026-05-12';")
    phone.find_element(By.CSS_SELECTOR, "button[value=preview]").click()
    wait_for(phone, EC.presence_of_element_located((By.ID, "send")))
    phone.find_element(By.ID, "send").click()
    wait_for(phone, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#requests li[data-status=pending]")) == 1)
    phone_mario = browser(390, touch=True)
    sign_in(phone_mario, "mario")
    phone_mario.get(BASE + "/approvals")
    row = phone_mario.find_element(By.CSS_SELECTOR, "#approvals li[data-status=pending]")
    approve = row.find_element(By.XPATH, ".//button[normalize-space()='Approve']")
    check(approve.is_displayed(), "the buttons are hidden on a touch screen")
    swipe(phone_mario, row, left=True)
    wait_for(phone_mario, lambda d: d.switch_to.active_element == approve, "the swipe to move the focus to approve")
    shot(phone_mario, "approvals-swiped-390")
    tap(phone_mario, approve)
    wait_for(phone_mario, lambda d: not d.find_elements(By.CSS_SELECTOR, "#approvals li[data-status=pending]"),
             "the approved row to leave the list")
    phone_mario.get(BASE + "/approvals?status=approved")
    rows = [row for row in phone_mario.find_elements(By.CSS_SELECTOR, "#approvals li[data-status=approved]")
            if "Eva Fernández" in row.text]
    check(bool(rows), "eva's approved request is not in mario's approved list")
    row = rows[0]
    opener = row.find_element(By.XPATH, ".//summary[normalize-space()='Back to pending…']")
    check(opener.is_displayed(), "back to pending is hidden on a touch screen")
    tap(phone_mario, opener)
    reason = row.find_element(By.CSS_SELECTOR, "textarea[name=reason]")
    wait_for(phone_mario, lambda d: reason.is_displayed(), "the reason to show in place")
    reason.send_keys("Dates to confirm")
    shot(phone_mario, "approvals-390")
    # The row's id before the tap: the live list may replace the row as soon as it is sent.
    reopened = row.get_attribute("id")
    tap(phone_mario, row.find_element(By.XPATH, ".//button[normalize-space()='Send back to pending']"))
    wait_for(phone_mario, lambda d: not d.find_elements(By.ID, reopened), "the reopened row to leave the approved list")
    phone.get(BASE + "/time-off")
    check("Reason: Dates to confirm" in text(phone, "#requests"), "eva does not read why her request is pending again")

    # Several requests at once, after one confirmation.
    for start in ("2026-06-01", "2026-06-08"):
        phone.get(BASE + "/time-off?year=2026")
        waiting = len(phone.find_elements(By.CSS_SELECTOR, "#requests li[data-status=pending]"))
        phone.execute_script(f"document.getElementById('start').value = '{start}';"
                             f"document.getElementById('end').value = '{start}';")
        phone.find_element(By.CSS_SELECTOR, "button[value=preview]").click()
        wait_for(phone, EC.presence_of_element_located((By.ID, "send")))
        phone.find_element(By.ID, "send").click()
        wait_for(phone, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#requests li[data-status=pending]")) > waiting,
                 "the request to be sent")
    mario.get(BASE + "/approvals")
    june = [row for row in mario.find_elements(By.CSS_SELECTOR, "#approvals li[data-status=pending]")
            if "June 2026" in row.text]
    check(len(june) == 2, f"mario sees {len(june)} of eva's two June requests")
    boxes = [row.find_element(By.CSS_SELECTOR, "input[type=checkbox]") for row in june]
    for box in boxes:
        box.click()
    mario.find_element(By.XPATH, "//button[normalize-space()='Approve selected']").click()
    wait_for(mario, EC.presence_of_element_located((By.ID, "confirm")))
    check(f"Approve {len(boxes)} requests?" in text(mario, "main"), "the confirmation does not say how many")
    shot(mario, "approvals-confirm-1280")
    mario.find_element(By.ID, "confirm").click()
    wait_for(mario, EC.presence_of_element_located((By.CSS_SELECTOR, "p.flash")))
    check(f"{len(boxes)} requests approved." in text(mario, "p.flash"), "no message after the decisions")
    shot(mario, "approvals-bulk-done-1280")

    # The administration, at both widths.
    admin = browser(1280)
    admin_phone = browser(390, touch=True)
    for driver in (admin, admin_phone):
        sign_in(driver, "ana")
    for page, name in (("/admin/people", "admin-people"), ("/admin/places", "admin-places"),
                       ("/admin/audit", "admin-audit"), ("/admin/leave", "admin-leave"),
                       ("/admin/company", "admin-company"), ("/admin/feeds", "admin-feeds"),
                       ("/admin/import", "admin-import"), ("/admin/people/new", "admin-new-person"),
                       ("/approvals", "approvals-admin")):
        for scheme in ("light", "dark"):
            suffix = "" if scheme == "light" else "-dark"
            for driver, width in ((admin, 1280), (admin_phone, 390)):
                themed(driver, scheme)
                driver.get(BASE + page)
                shot(driver, f"{name}-{width}{suffix}")
                audit(driver, f"{name} at {width} px, {scheme}")
    for driver in (admin, admin_phone):
        themed(driver, "light")
    for driver, name in ((mario, "approvals-1280"), (phone_mario, "approvals-390")):
        driver.get(BASE + "/approvals")
        audit(driver, name)
    signed_out = browser(390)
    signed_out.get(BASE + "/sign-in")
    audit(signed_out, "sign-in at 390 px")

    # The Spanish interface.
    spanish = browser(1280, lang="es")
    spanish.get(BASE + "/sign-in")
    check("Iniciar sesión" in spanish.page_source, "the sign-in page is not in Spanish")
    sign_in(spanish, "eva")
    spanish.get(BASE + "/time-off")
    check("Vacaciones" in text(spanish, "h1"), f"the heading is {text(spanish, 'h1')}")
    shot(spanish, "time-off-es-1280")
    # HTML and script in a company notice and a bio are shown as text and never run.
    payload = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"> [go](javascript:window.__pwned=3)'
    admin.get(BASE + "/board")
    admin.find_element(By.XPATH, "//details[.//input[@id='notice-title']]/summary").click()
    admin.find_element(By.ID, "notice-title").send_keys("<script>window.__pwned=4</script>Hello")
    admin.find_element(By.ID, "notice-body").send_keys(payload)
    admin.find_element(By.ID, "notice-body").find_element(By.XPATH, "ancestor::form//button[@type='submit']").click()
    wait_for(admin, lambda d: "Hello" in text(d, "main"), "the notice to be published")
    eva.get(BASE + "/profile/edit")
    eva.find_element(By.ID, "bio").clear()
    eva.find_element(By.ID, "bio").send_keys(payload)
    eva.find_element(By.ID, "bio").find_element(By.XPATH, "ancestor::form//button[@type='submit']").click()
    # Leaving the page before the answer came would abandon the save (a CI run once did).
    wait_for(eva, lambda d: any(saved in text(d, "body") for saved in ("Profile saved.", "Perfil guardado.")),
             "the bio to be saved")
    for driver, page in ((eva, "/board"), (eva, "/profile"), (mario, "/board"), (admin, "/team")):
        driver.get(BASE + page)
        check(driver.execute_script("return window.__pwned") is None, f"a script ran on {page}")
        check(not driver.find_elements(By.CSS_SELECTOR, "main script, main img[src=x]"), f"markup got into {page}")
        links = [a.get_attribute("href") or "" for a in driver.find_elements(By.CSS_SELECTOR, "main a")]
        check(not any(link.lower().startswith("javascript:") for link in links), f"a javascript: link on {page}")
    eva.get(BASE + "/profile")
    check("<script>window.__pwned=1</script>" in text(eva, "main"), "the bio is not shown as the text it is")
    eva.get(BASE + "/board")
    check("<script>window.__pwned=4</script>Hello" in text(eva, "main"), "the notice title is not shown as text")
    shot(eva, "escaped-notice-1280")

    check(not VIOLATIONS, "axe-core found serious or critical violations:\n" + "\n".join(VIOLATIONS))
    print("browser flow: all steps passed; screenshots in", SHOTS)


def run(steps):
    """Runs a script's steps; any failure is reported as the step that failed, with a
    screenshot of every browser, and every browser is closed."""
    try:
        steps()
    except Exception as error:  # noqa: BLE001 - report any failure as the step that failed
        print(f"browser flow failed: {type(error).__name__}: {error}", file=sys.stderr)
        for index, driver in enumerate(drivers):
            try:
                driver.save_screenshot(os.path.join(SHOTS, f"failure-{index}.png"))
            except Exception:  # noqa: BLE001
                pass
        sys.exit(1)
    finally:
        for driver in drivers:
            driver.quit()


if __name__ == "__main__":
    run(main)
