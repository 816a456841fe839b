"""Presence in a real browser (issue 19): headless Chromium with a mocked position (DevTools
`Emulation.setGeolocationOverride`). Usage: presence.py BASE_URL SCREENSHOT_DIR EVA_ID MARIO_ID
LATITUDE LONGITUDE

eva shares with her mates and adds mario from his page (1280 px); mario adds eva from a phone
(390 px) and keeps his "Where" page open; eva lets the browser share her position, finds the
buildings near her and checks in at Madrid — Castellana; mario's page shows her there without
a reload (the live event); lucia, whom eva never added, sees nothing, and a browser that shares
no position explains the fallback; ana's admin page counts one person and names nobody.
Exits 0 when every step behaved as a person would expect.
"""
import sys

from selenium.webdriver.common.by import By

import web_flow as flow
from web_flow import BASE, check, sign_in, text, wait_for

EVA_ID, MARIO_ID, LATITUDE, LONGITUDE = sys.argv[3], sys.argv[4], float(sys.argv[5]), float(sys.argv[6])


def share_position(driver, latitude, longitude, accuracy=12):
    """Grants this origin the position and says where the browser is."""
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": BASE, "permissions": ["geolocation"]})
    driver.execute_cdp_cmd(
        "Emulation.setGeolocationOverride", {"latitude": latitude, "longitude": longitude, "accuracy": accuracy})


def main():
    eva = flow.browser(1280)
    sign_in(eva, "eva")
    eva.get(BASE + "/settings")
    eva.find_element(By.CSS_SELECTOR, "#presence-settings input[name=sharing][value=mates]").click()
    eva.find_element(By.CSS_SELECTOR, "#presence-settings button[type=submit]").click()
    wait_for(eva, lambda d: d.find_elements(By.CSS_SELECTOR, "#presence-settings input[value=mates]:checked"),
             "sharing with mates saved")
    flow.audit(eva, "settings with presence")
    eva.get(BASE + "/team/" + MARIO_ID)
    eva.find_element(By.XPATH, "//button[normalize-space()='Add to my mates']").click()
    wait_for(eva, lambda d: "is one of your mates" in text(d, "main"), "mario added to eva's mates")

    mario = flow.browser(390, touch=True)
    sign_in(mario, "mario")
    mario.get(BASE + "/team/" + EVA_ID)
    mario.find_element(By.XPATH, "//button[normalize-space()='Add to my mates']").click()
    wait_for(mario, lambda d: "is one of your mates" in text(d, "main"), "eva added to mario's mates")
    mario.get(BASE + "/where")
    check(not mario.find_elements(By.CSS_SELECTOR, "#mates li.here"), "eva shown before she checked in")
    check(mario.execute_script("return document.documentElement.scrollWidth <= window.innerWidth + 1"),
          "the Where page is wider than a 390 px screen")
    # The page's stream is open before eva checks in (an event is sent to open streams only).
    wait_for(mario, lambda d: d.execute_script("return window.atriumEvents && window.atriumEvents.readyState === 1"),
             "mario's live events open")
    mario.execute_script("window.__presenceSeen = 0; window.atriumEvents.addEventListener('presence',"
                         " function () { window.__presenceSeen += 1; });")

    share_position(eva, LATITUDE, LONGITUDE)
    eva.get(BASE + "/where")
    eva.find_element(By.CSS_SELECTOR, "form[data-locate] button").click()
    wait_for(eva, lambda d: d.find_elements(By.CSS_SELECTOR, "#nearby li"), "the buildings near eva")
    check("fix=" in eva.current_url, "the page did not get the browser's position")
    first = eva.find_element(By.CSS_SELECTOR, "#nearby li")
    check("Madrid — Castellana" in first.text and "You are inside" in first.text, f"nearest was {first.text!r}")
    flow.audit(eva, "where with nearby buildings")
    flow.shot(eva, "where-nearby-1280")
    first.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_for(eva, lambda d: "You are at Madrid — Castellana" in text(d, "#my-check-in"), "eva checked in")

    # mario's page follows without a reload, within the generous deadline.
    wait_for(mario, lambda d: any("Madrid — Castellana" in li.text
                                  for li in d.find_elements(By.CSS_SELECTOR, "#mates li.here")),
             "eva at Castellana on mario's Where page", seconds=10)
    check(mario.execute_script("return window.__presenceSeen") >= 1, "no presence event reached mario's browser")
    # The refreshed map is a new image that draws eva at her building.
    svg = mario.execute_async_script(
        "var done = arguments[0]; fetch(document.querySelector('img.campus-map').src,"
        " {credentials: 'same-origin'}).then(function (r) { return r.text(); }).then(done);")
    check(f'data-person="{EVA_ID}"' in svg, "the map on mario's page does not draw eva")
    flow.audit(mario, "where on a phone")
    flow.shot(mario, "where-mates-390")
    mario.get(BASE + "/")
    check("Eva Fernández — Madrid — Castellana" in text(mario, "main"), "the home card does not show eva")

    # lucia keeps eva as a mate, but eva never added her; her browser shares no position.
    lucia = flow.browser(1280)
    sign_in(lucia, "lucia")
    lucia.get(BASE + "/team/" + EVA_ID)
    lucia.find_element(By.XPATH, "//button[normalize-space()='Add to my mates']").click()
    wait_for(lucia, lambda d: "is one of your mates" in text(d, "main"), "eva added to lucia's mates")
    lucia.get(BASE + "/where")
    check("Castellana since" not in text(lucia, "main"), "lucia sees eva's check-in")
    lucia.execute_cdp_cmd(
        "Browser.setPermission", {"permission": {"name": "geolocation"}, "setting": "denied", "origin": BASE})
    lucia.find_element(By.CSS_SELECTOR, "form[data-locate] button").click()
    wait_for(lucia, lambda d: d.find_elements(By.ID, "position-problem"), "the fallback without a position")
    check("Your position is not available" in text(lucia, "#position-problem"), "the fallback does not explain")
    flow.shot(lucia, "where-no-position-1280")

    admin = flow.browser(1280)
    sign_in(admin, "ana")
    admin.get(BASE + "/admin/presence")
    counts = text(admin, "#today-counts")
    check("Madrid — Castellana: 1 person" in counts, f"today's counts were {counts!r}")
    check("Eva" not in counts, "the counts name someone")
    flow.audit(admin, "admin campuses")
    flow.shot(admin, "admin-presence-1280")

    check(not flow.VIOLATIONS, "axe-core found serious or critical violations:\n" + "\n".join(flow.VIOLATIONS))
    print("presence in the browser: all steps passed; screenshots in", flow.SHOTS)


if __name__ == "__main__":
    flow.run(main)
