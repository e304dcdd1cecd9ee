"""The web view in a real browser: headless Chromium, driven over the DevTools protocol.

Opens a patient's page on `medbrain serve`, records a dose through the FHIR API the way a
student's `administer` does, and checks the dose appears on the open page without a reload.
Also checks the first Tab reaches the skip link, then keeps screenshots for humans to look at.

    python web_view.py BASE_URL CHROMIUM ARTIFACTS_DIR
Prints one line per check and `browser: N passed, M failed`; exits 1 if any failed.
"""
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

import websocket  # websocket-client

BASE, CHROMIUM, ARTIFACTS = sys.argv[1], sys.argv[2], sys.argv[3]
ROOT = BASE[: -len("/fhir")]
# Seconds to wait for the browser or the server: a limit for a hang, as long as the other
# tests' (BusyMachine), since CI runs on two cores that other work keeps busy.
WAIT = 120
results = []


def check(name, ok, detail=""):
    results.append(ok)
    print(("ok   " if ok else "FAIL ") + name + (": " + detail if detail else ""), flush=True)


def fhir(method, path, body=None):
    request = urllib.request.Request(
        BASE + "/" + path, method=method, data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/fhir+json", "Accept": "application/fhir+json"})
    with urllib.request.urlopen(request, timeout=WAIT) as response:
        return json.load(response)


def start_browser(profile):
    browser = subprocess.Popen(
        [CHROMIUM, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
         "--no-first-run", "--no-default-browser-check", "--remote-allow-origins=*",
         "--user-data-dir=" + profile, "--remote-debugging-port=0", "--window-size=1280,1000", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.time() + WAIT
    while time.time() < deadline:
        line = browser.stderr.readline()
        if "DevTools listening on" in line:
            return browser, line.split("listening on ", 1)[1].strip()
        if not line and browser.poll() is not None:
            break
    stop_browser(browser)
    raise SystemExit("browser: Chromium did not start")


def stop_browser(browser):
    """Ends Chromium and its helpers: they are its process group, and a helper left running
    keeps writing into the profile while it is being removed."""
    try:
        os.killpg(browser.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    browser.wait()


class Page:
    """One tab, spoken to over its DevTools websocket."""

    def __init__(self, browser_url):
        port = browser_url.split(":")[2].split("/")[0]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=WAIT) as response:
            targets = json.load(response)
        page = next(t for t in targets if t["type"] == "page")
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=WAIT)
        self.next_id = 0
        self.events = []

    def send(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def wait_for_event(self, name, seconds=WAIT):
        deadline = time.time() + seconds
        while time.time() < deadline:
            if any(e.get("method") == name for e in self.events):
                self.events = [e for e in self.events if e.get("method") != name]
                return True
            self.socket.settimeout(max(0.1, deadline - time.time()))
            try:
                self.events.append(json.loads(self.socket.recv()))
            except websocket.WebSocketTimeoutException:
                break
        return False

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    def open(self, url):
        self.send("Page.navigate", url=url)
        return self.wait_for_event("Page.loadEventFired")

    def screenshot(self, path, **options):
        data = self.send("Page.captureScreenshot", format="png", **options)["data"]
        import base64
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))
        return os.path.getsize(path)


def main():
    os.makedirs(ARTIFACTS, exist_ok=True)
    # The profile is scratch: a file a dying helper writes late must not fail a run that passed.
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        browser, url = start_browser(profile)
        try:
            run(Page(url))
        finally:
            stop_browser(browser)
    failed = results.count(False)
    print(f"browser: {len(results) - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


def run(page):
    page.send("Page.enable")
    page.send("Emulation.setDeviceMetricsOverride", width=1280, height=1000, deviceScaleFactor=1, mobile=False)
    check("the patient list loads", page.open(ROOT + "/"))
    check("it lists the tutorial's patient", "Mustermann" in (page.evaluate("document.body.innerText") or ""))
    page.screenshot(os.path.join(ARTIFACTS, "patients.png"))

    check("the patient page loads", page.open(ROOT + "/patients/f001?order=ord-11"))
    before = page.evaluate("document.querySelectorAll('ol.doses li').length")
    check("the chosen order's doses are listed", isinstance(before, int) and before > 0, f"{before} doses")
    page.send("Input.dispatchKeyEvent", type="keyDown", key="Tab", code="Tab", windowsVirtualKeyCode=9)
    page.send("Input.dispatchKeyEvent", type="keyUp", key="Tab", code="Tab", windowsVirtualKeyCode=9)
    check("the first Tab reaches the skip link", page.evaluate("document.activeElement.className") == "skip")
    page.evaluate("document.activeElement.blur(); window.scrollTo(0, 0)")
    # Live updates need the event stream open; it says hello as soon as it is.
    time.sleep(1)
    page.evaluate("window.medbrainStayed = 'yes'")

    order = fhir("GET", "MedicationRequest/ord-11")
    dose = {
        "resourceType": "MedicationAdministration", "status": "completed",
        "subject": {"reference": "Patient/f001"}, "request": {"reference": "MedicationRequest/ord-11"},
        "effectiveDateTime": "2016-08-16T09:30:00+02:00",
    }
    for key in ("medicationReference", "medicationCodeableConcept"):
        if key in order:
            dose[key] = order[key]
    created = fhir("POST", "MedicationAdministration", dose)
    link = f"/resources/MedicationAdministration/{created['id']}"
    start = time.time()
    appeared = None
    while time.time() - start < WAIT:
        if page.evaluate(f"!!document.querySelector('a[href=\"{link}\"]')"):
            appeared = time.time() - start
            break
        time.sleep(0.05)
    check("a dose created through the API appears on the open page",
          appeared is not None, f"after {appeared:.2f} s" if appeared is not None else f"not within {WAIT} s")
    check("it appeared without a reload", page.evaluate("window.medbrainStayed") == "yes")
    after = page.evaluate("document.querySelectorAll('ol.doses li').length")
    check("the list grew by one", after == (before or 0) + 1, f"{before} -> {after}")
    status = page.evaluate("document.querySelector('[data-live]').textContent") or ""
    check("the page says it was updated", status.startswith("Updated at"), status)
    time.sleep(2.2)  # the highlight of the new dose fades, so the screenshot shows the page at rest
    size = page.screenshot(os.path.join(ARTIFACTS, "patient-page.png"))
    check("a screenshot of the patient page is kept", size > 10_000, f"{ARTIFACTS}/patient-page.png, {size} bytes")
    page.evaluate("document.getElementById('doses').scrollIntoView()")
    page.screenshot(os.path.join(ARTIFACTS, "patient-chart.png"))
    # A narrow window (a phone, a split screen): nothing wider than the window but the tables,
    # which scroll inside their own box.
    page.send("Emulation.setDeviceMetricsOverride", width=375, height=800, deviceScaleFactor=1, mobile=True)
    page.open(ROOT + "/patients/f001?order=ord-01")
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    check("a narrow window needs no sideways scrolling", width[0] <= width[1], f"{width[0]} px in {width[1]} px")
    page.screenshot(os.path.join(ARTIFACTS, "patient-narrow.png"))
    page.send("Emulation.setDeviceMetricsOverride", width=1280, height=1000, deviceScaleFactor=1, mobile=False)
    page.open(ROOT + "/patients/f001?order=ord-11")
    # The README's picture: the orders and the chart together, at 60 %.
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(os.path.join(ARTIFACTS, "web-view.png"),
                    clip={"x": 0, "y": 0, "width": 1280, "height": 2050, "scale": 0.6}, captureBeyondViewport=True)


if __name__ == "__main__":
    main()
