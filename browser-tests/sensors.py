"""Sensors in a real browser (issue 21). Usage: sensors.py BASE_URL SCREENSHOT_DIR BROKER_PORT

ana registers a sensor on the web and gets its credentials once; a device publishes with them
(mosquitto_pub, a real MQTT client) and eva's open Sensors page, on a 390 px phone, shows the
value without a reload; ana adds a rule from a template on the sensor's page; eva follows it;
a reading over it puts the alert on eva's board. axe-core finds no serious violation.
Exits 0 when every step behaved as a person would expect.
"""
import re
import subprocess
import sys

from selenium.webdriver.common.by import By

import web_flow as flow
from web_flow import BASE, check, sign_in, text, wait_for

BROKER_PORT = sys.argv[3]


def publish(username, password, topic, value):
    """A reading as the sensor sends it, at QoS 1 with its own account."""
    subprocess.run(
        ["mosquitto_pub", "-h", "127.0.0.1", "-p", BROKER_PORT, "-u", username, "-P", password, "-q", "1",
         "-i", "device-" + username[:8], "-t", topic, "-m", '{"kind": "noise", "value": %s}' % value],
        check=True, timeout=10)


def main():
    ana = flow.browser(1280)
    sign_in(ana, "ana")
    ana.get(BASE + "/sensors")
    ana.find_element(By.XPATH, "//a[normalize-space()='Register a sensor']").click()
    wait_for(ana, lambda d: d.find_elements(By.ID, "sensor-name"), "the registration form")
    ana.find_element(By.ID, "sensor-name").send_keys("Lab noise")
    ana.find_element(By.ID, "sensor-room").send_keys("Lab")
    ana.find_element(By.ID, "kind-noise").click()
    interval = ana.find_element(By.ID, "sensor-interval")
    interval.clear()
    interval.send_keys("5")
    flow.audit(ana, "sensor registration")
    ana.find_element(By.XPATH, "//button[normalize-space()='Register a sensor']").click()
    wait_for(ana, lambda d: d.find_elements(By.ID, "sensor-credentials"), "the credentials")
    block = ana.find_element(By.ID, "sensor-credentials").text
    check("shown this once only" in text(ana, "main"), "the page does not say the password is shown once")
    username = re.search(r"username: (\S+)", block).group(1)
    password = re.search(r"password: (\S+)", block).group(1)
    topic = re.search(r"topic: (\S+)", block).group(1)
    flow.shot(ana, "sensor-credentials")

    eva = flow.browser(390, touch=True)
    sign_in(eva, "eva")
    eva.get(BASE + "/sensors")
    wait_for(eva, lambda d: d.execute_script("return window.atriumEvents && window.atriumEvents.readyState === 1"),
             "eva's live events open")
    eva.execute_script("window.__samePage = true;")
    check(eva.execute_script("return document.documentElement.scrollWidth <= window.innerWidth + 1"),
          "the Sensors page is wider than a 390 px screen")
    tile = f"//li[@data-sensor='{username}']"
    wait_for(eva, lambda d: d.find_elements(By.XPATH, tile), "the new sensor's tile")

    publish(username, password, topic, 64)
    wait_for(eva, lambda d: "64 dB" in d.find_element(By.XPATH, tile).text, "the reading on eva's open page", 10)
    check(eva.execute_script("return window.__samePage === true"), "eva's page was reloaded, not refreshed")
    flow.audit(eva, "sensors on a phone")
    flow.shot(eva, "sensors-390")

    # ana adds a rule from the sensor's page: Noise above 70 dB, at once (no duration).
    ana.get(BASE + "/sensors/" + username)
    ana.find_element(By.XPATH, "//a[normalize-space()='Add a rule']").click()
    wait_for(ana, lambda d: d.find_elements(By.ID, "rule-threshold"), "the rule editor")
    check("40 to 120 dB" in text(ana, "main"), "the rule editor does not show the template's limits")
    for field, value in (("rule-threshold", "70"), ("rule-forSec", "0")):
        element = ana.find_element(By.ID, field)
        element.clear()
        element.send_keys(value)
    flow.audit(ana, "rule editor")
    ana.find_element(By.XPATH, "//button[normalize-space()='Save']").click()
    wait_for(ana, lambda d: "Rule saved." in text(d, "main"), "the rule saved")

    eva.get(BASE + "/sensors/" + username)
    eva.find_element(By.XPATH, "//li[@data-rule]//button[normalize-space()='Tell me']").click()
    wait_for(eva, lambda d: "You will be told when it fires." in text(d, "main"), "eva following the rule")
    flow.audit(eva, "a sensor's page")

    publish(username, password, topic, 78)

    def alert_on_board(driver):
        driver.get(BASE + "/board")
        return "Noise above 70 dB — Lab: 78 dB since" in text(driver, "main")

    wait_for(eva, alert_on_board, "the alert on eva's board", 10)
    flow.shot(eva, "sensor-alert-board")

    check(not flow.VIOLATIONS, "axe-core found serious or critical violations:\n" + "\n".join(flow.VIOLATIONS))
    print("sensors in the browser: all steps passed; screenshots in", flow.SHOTS)


if __name__ == "__main__":
    flow.run(main)
