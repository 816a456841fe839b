"""Web Push in a real browser: headless Chromium signs eva in, opens Settings (whose script
registers Atrium's service worker), and is handed the push Atrium sent her, as the test's push
service received and decrypted it, through DevTools' ServiceWorker.deliverPushMessage (Chromium's
own PushManager.subscribe needs its vendor's push service, which no test machine can reach).
The worker must show the notification (registration.getNotifications()) with the message's
title and a link to the request, and its own code must choose that link on a click.
Usage: web_push.py BASE_URL PAYLOAD_JSON EXPECTED_PATH
Exits 0 when every step behaved as a person would expect, 1 otherwise.
"""
import json
import os
import sys
import time
import urllib.request

import websocket
from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

BASE, PAYLOAD, EXPECTED_PATH = sys.argv[1].rstrip("/"), sys.argv[2], sys.argv[3]


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--window-size=1280,900", "--lang=en"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
    driver.set_page_load_timeout(30)
    return driver


class DevTools:
    """The browser's own DevTools connection (beside chromedriver's), for the ServiceWorker
    domain's events and commands, which Selenium does not relay."""

    def __init__(self, driver):
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{address}/json/version") as answer:
            url = json.load(answer)["webSocketDebuggerUrl"]
        self.socket = websocket.create_connection(url, timeout=15, suppress_origin=True)
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.socket.send(json.dumps(message))
        while True:
            reply = json.loads(self.socket.recv())
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise AssertionError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_event(self, method, test, seconds=15):
        deadline = time.time() + seconds
        while time.time() < deadline:
            for event in self.events:
                if event.get("method") == method and test(event["params"]):
                    return event["params"]
            self.socket.settimeout(max(0.1, deadline - time.time()))
            try:
                self.events.append(json.loads(self.socket.recv()))
            except websocket.WebSocketTimeoutException:
                break
        raise AssertionError(f"no {method} within {seconds} s")


def main():
    driver = browser()
    failures = []
    try:
        driver.get(BASE + "/sign-in")
        driver.find_element(By.ID, "username").send_keys("eva")
        driver.find_element(By.ID, "password").send_keys("atrium-demo")
        driver.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
        WebDriverWait(driver, 15).until(lambda d: "/sign-in" not in d.current_url, "signing in")
        tools = DevTools(driver)
        tools.send("Browser.grantPermissions", {"origin": BASE, "permissions": ["notifications"]})
        page = attach_page(tools)
        tools.send("ServiceWorker.enable", session=page)
        driver.get(BASE + "/settings")
        state = driver.find_element(By.ID, "browser-push-state")
        WebDriverWait(driver, 15).until(
            lambda d: "does not show" in state.text or "shows" in state.text, "the panel to say its state")
        if "does not show Atrium's notifications" not in state.text:
            failures.append(f"the panel says {state.text!r} before subscribing")
        if not driver.find_element(By.CSS_SELECTOR, "form[data-browser-push=on]").is_displayed():
            failures.append("the Turn on button is not shown")
        axe = Axe(driver)
        axe.inject()
        for violation in axe.run()["violations"]:
            if violation["impact"] in ("serious", "critical"):
                failures.append(f"settings: {violation['id']} ({violation['impact']}): {violation['help']}")

        registration = tools.wait_event(
            "ServiceWorker.workerRegistrationUpdated",
            lambda params: any(r["scopeURL"] == BASE + "/" and not r["isDeleted"] for r in params["registrations"]))
        registration_id = next(r["registrationId"] for r in registration["registrations"] if r["scopeURL"] == BASE + "/")
        driver.execute_async_script(
            "var done = arguments[arguments.length - 1]; navigator.serviceWorker.ready.then(function () { done(true); });")
        payload = json.loads(PAYLOAD)
        shown = []
        # A worker Chromium is still starting may miss one message on a busy machine: the
        # message goes again (its tag makes it replace, not add to, a shown one).
        for _ in range(3):
            tools.send("ServiceWorker.deliverPushMessage",
                       {"origin": BASE, "registrationId": registration_id, "data": PAYLOAD}, session=page)
            deadline = time.time() + 8
            while time.time() < deadline and not shown:
                shown = driver.execute_async_script("""
                    var done = arguments[arguments.length - 1];
                    navigator.serviceWorker.ready
                      .then(function (registration) { return registration.getNotifications(); })
                      .then(function (list) {
                        done(list.map(function (n) {
                          return {title: n.title, body: n.body, tag: n.tag, url: n.data && n.data.url};
                        }));
                      }, function (error) { done([{error: String(error)}]); });
                """)
                if not shown:
                    time.sleep(0.2)
            if shown:
                break
        if len(shown) != 1:
            failures.append(f"the worker showed {shown!r}, not one notification")
            failures.append(f"DevTools said meanwhile: {[e.get('method') for e in tools.events][-20:]}")
        else:
            one = shown[0]
            if one.get("title") != payload["title"]:
                failures.append(f"the notification's title is {one.get('title')!r}, not {payload['title']!r}")
            if one.get("body") != payload["body"]:
                failures.append(f"the notification's body is {one.get('body')!r}")
            if one.get("tag") != payload["kind"]:
                failures.append(f"the notification's tag is {one.get('tag')!r}")
            if one.get("url") != BASE + EXPECTED_PATH:
                failures.append(f"a click would open {one.get('url')!r}, not {BASE + EXPECTED_PATH!r}")

        # The click handler's choice of page, through the worker's own function.
        worker = attach(tools, "service_worker")
        cases = {
            json.dumps({"path": EXPECTED_PATH}): BASE + EXPECTED_PATH,
            json.dumps({"path": "//evil.example/x"}): BASE + "/",
            json.dumps({"path": "https://evil.example/x"}): BASE + "/",
            json.dumps({"path": "/\\\\evil.example"}): BASE + "/",
            json.dumps({}): BASE + "/",
        }
        for data, expected in cases.items():
            result = tools.send("Runtime.evaluate", {"expression": f"self.atriumTarget({data})", "returnByValue": True},
                                session=worker)
            chosen = result.get("result", {}).get("value")
            if chosen != expected:
                failures.append(f"for {data} the worker would open {chosen!r}, not {expected!r}")

        # Blocked for the site: the panel says so and how to allow them, and offers no button
        # that cannot work.
        tools.send("Browser.setPermission",
                   {"origin": BASE, "permission": {"name": "notifications"}, "setting": "denied"})
        driver.get(BASE + "/settings")
        state = driver.find_element(By.ID, "browser-push-state")
        WebDriverWait(driver, 15).until(lambda d: "blocked" in state.text, "the panel to say notifications are blocked")
        if driver.find_element(By.CSS_SELECTOR, "form[data-browser-push=off]").is_displayed():
            failures.append("a blocked browser is offered Turn off")
    finally:
        driver.quit()
    if failures:
        print("\n".join(failures))
        sys.exit(1)
    print("all steps passed")


def attach(tools, kind):
    deadline = time.time() + 15
    while time.time() < deadline:
        for target in tools.send("Target.getTargets")["targetInfos"]:
            if target["type"] == kind and target["url"].startswith(BASE):
                return tools.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})["sessionId"]
        time.sleep(0.2)
    raise AssertionError(f"no {kind} target of {BASE}")


def attach_page(tools):
    for target in tools.send("Target.getTargets")["targetInfos"]:
        if target["type"] == "page":
            return tools.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})["sessionId"]
    raise AssertionError("no page target")


if __name__ == "__main__":
    main()
