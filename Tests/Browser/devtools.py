"""Headless Chromium over the DevTools protocol: what the browser checks share."""
import json
import os
import signal
import subprocess
import time
import urllib.request

import websocket  # websocket-client

# Seconds to wait for the browser: a limit for a hang, as long as the other tests' (BusyMachine),
# since CI runs on two cores that other work keeps busy.
WAIT = 120


def start_browser(profile, chromium):
    browser = subprocess.Popen(
        [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
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
