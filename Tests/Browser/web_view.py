"""The web view in a real browser: headless Chromium, driven over the DevTools protocol.

Opens a patient's page on `medbrain serve`, records a dose through the FHIR API the way a
student's `administer` does, and checks the dose appears on the open page without a reload.
Also checks the first Tab reaches the skip link, then keeps screenshots for humans to look at.

    python web_view.py BASE_URL CHROMIUM ARTIFACTS_DIR
Prints one line per check and `browser: N passed, M failed`; exits 1 if any failed.
"""
import json
import os
import sys
import tempfile
import time
import urllib.request

from devtools import Page, start_browser, stop_browser

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



def main():
    os.makedirs(ARTIFACTS, exist_ok=True)
    # The profile is scratch: a file a dying helper writes late must not fail a run that passed.
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        browser, url = start_browser(profile, CHROMIUM)
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
