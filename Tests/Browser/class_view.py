"""A class in a real browser: STUDENTS scripted REPLs, each signed in with SMART as themselves and
each with their own seed, work through lessons 3 to 7 against one `medbrain serve --class` while
the instructor's page is open in headless Chromium.

    python class_view.py MEDBRAIN CHROMIUM ARTIFACTS [STUDENTS]

Each student types a command about once a second (a real student, every ten or more). Checks
that the grid shows every event within 2 s of the student's REPL making it (the page is
read five times a second), that the server holds exactly each student's own events (as their
progress file has them), that each student's dose landed in their own record and no other, and
keeps a screenshot of the grid. Prints one line per check and `class view: N passed, M failed`.
"""
import json
import os
import random
import re
import sys
import tempfile
import threading
import time
from datetime import datetime

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Classroom"))

import classroom  # noqa: E402
from devtools import Page, start_browser, stop_browser  # noqa: E402

MEDBRAIN, CHROMIUM, ARTIFACTS = sys.argv[1], sys.argv[2], sys.argv[3]
STUDENTS = int(sys.argv[4]) if len(sys.argv) > 4 else 30
LESSONS = range(3, 8)
LATENCY = 2.0
# Seconds between a student's commands, on average: thirty students each typing a command a
# second is thirty commands a second on the class server, far busier than a real class.
PACE = 1.0
results = []


def check(name, ok, detail=""):
    results.append(bool(ok))
    print(("ok   " if ok else "FAIL ") + name + (": " + str(detail)[:400] if detail else ""), flush=True)


def main():
    os.makedirs(ARTIFACTS, exist_ok=True)
    roster = [(f"s{n:02d}", f"Student {n:02d}") for n in range(1, STUDENTS + 1)]
    server = classroom.ClassServer(MEDBRAIN, roster, name="lab")
    try:
        with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
            browser, url = start_browser(profile, CHROMIUM)
            try:
                run(server, Page(url), roster)
            finally:
                stop_browser(browser)
    finally:
        server.stop()
    failed = results.count(False)
    print(f"class view: {len(results) - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


def run(server, page, roster):
    page.send("Page.enable")
    page.send("Emulation.setDeviceMetricsOverride", width=1400, height=1000, deviceScaleFactor=1, mobile=False)
    check("the instructor's address opens the grid", page.open(server.instructor_url))
    check("the key is gone from the address", page.evaluate("location.href") == server.origin + "/class")
    time.sleep(1)  # the event stream says hello
    students = {}
    errors = []

    def work(username, number):
        student = classroom.Student(MEDBRAIN, username, server.passwords[username], os.path.join(ROOT, "Tests", "Classroom"))
        students[username] = student
        rng = random.Random(number)
        try:
            student.run(f"connect {server.base}")
            said = student.run('login --smart --scope "launch/patient openid fhirUser offline_access patient/*.cruds"')
            if f"as {username}" not in said:
                errors.append(f"{username} did not join: {said[-300:]}")
                return
            student.run("orders")
            student.run("administer 1 taken at 2016-08-16T08:00:00+02:00")
            for lesson in LESSONS:
                classroom.work_through(student, ROOT, lesson, rng, pace=PACE)
        except Exception as error:  # noqa: BLE001 - said as a failed check below
            errors.append(f"{username}: {error}")

    threads = [threading.Thread(target=work, args=(u, n)) for n, (u, _) in enumerate(roster)]
    for thread in threads:
        thread.start()
    # The page, read five times a second: when each student's count of events first reached n.
    seen = {username: {} for username, _ in roster}
    midway = False
    while any(thread.is_alive() for thread in threads):
        total = poll(page, seen)
        if not midway and total >= 40 * len(roster):
            # The README's picture: a class at work, some stuck, most on their way.
            midway = True
            page.screenshot(os.path.join(ARTIFACTS, "class-view.png"),
                            clip={"x": 0, "y": 0, "width": 1400, "height": 1000, "scale": 0.7})
        time.sleep(0.2)
    deadline = time.time() + 10
    while time.time() < deadline:
        poll(page, seen)
        time.sleep(0.2)
    check("every student worked through lessons 3 to 7", not errors, errors[:3])

    late, counted, delays = [], 0, []
    for username, student in students.items():
        events = student.progress()["events"]
        for event in events:
            made = stamp(event["time"])
            shown = next((t for n, t in sorted(seen[username].items()) if n >= event["sequence"]), None)
            counted += 1
            if shown is not None:
                delays.append(shown - made)
            if shown is None or shown - made > LATENCY:
                late.append((username, event["sequence"], None if shown is None else round(shown - made, 2)))
    delays.sort()
    spread = (f"median {delays[len(delays) // 2]:.2f} s, 95th percentile {delays[len(delays) * 95 // 100]:.2f} s, "
              f"slowest {delays[-1]:.2f} s" if delays else "none seen")
    check(f"the grid showed each of {counted} events within {LATENCY:.0f} s", not late, f"{spread}; late: {late[:5]}")

    status, _, text = server.instructor("/class/progress.json")
    grid = {s["username"]: s for s in json.loads(text)["students"]}
    # Where the time goes: from the REPL to the server, and from the server to the page.
    sent = sorted(stamp(e["received"]) - stamp(e["time"]) for s in grid.values() for e in s["events"])
    if sent:
        print(f"#   delivery to the server: median {sent[len(sent) // 2]:.2f} s, "
              f"95th percentile {sent[len(sent) * 95 // 100]:.2f} s, slowest {sent[-1]:.2f} s", flush=True)
    mismatched = []
    for username, student in students.items():
        def key(event):
            return (event["sequence"], event["lesson"], event["step"], event["kind"], event.get("detail"))
        if [key(e) for e in grid[username]["events"]] != [key(e) for e in student.progress()["events"]]:
            mismatched.append(username)
    check("the server holds each student's own events, as their file has them", not mismatched, mismatched)
    finished = [u for u, s in students.items()
                if all(s.progress()["lessons"].get(lesson, {}).get("finished") for lesson in lesson_ids())]
    check("every student finished lessons 3 to 7", len(finished) == len(students), sorted(set(students) - set(finished)))

    strays = []
    for username, _ in roster:
        token = classroom.smart_token(server, username, scope="launch/patient patient/*.rs")
        _, _, text = classroom.request("GET", server.base + "/MedicationAdministration?_count=1000&_sort=-_lastUpdated",
                                       headers={"Authorization": "Bearer " + token, "Accept": "application/fhir+json"})
        doses = [e["resource"] for e in json.loads(text).get("entry", [])]
        mine = [d for d in doses if not d["id"].startswith(username + "-")]
        others = [d["id"] for d in doses if d.get("subject", {}).get("reference") != f"Patient/{username}"]
        if len(mine) != 1 or others:
            strays.append((username, len(mine), others[:3]))
    check("each student's dose is in their own record, and nobody else's is", not strays, strays[:5])

    # Lesson 7 ran on the class server, in each student's own workspace: the doses its steps
    # recorded are there, for the instructor to read, and written for that lesson's patient.
    missing = []
    for username, student in students.items():
        started = max(i for i, (command, _) in enumerate(student.transcript) if command == "lesson 7")
        said = "".join("".join(lines) for _, lines in student.transcript[started:])
        recorded = re.findall(r"recorded (?:taken|missed) for order \d+: (MedicationAdministration/\S+)", said)
        base = f"{server.origin}/class/workspaces/{username}/07-record-a-dose/dstu2/fhir"
        for reference in recorded or ["(none recorded)"]:
            status, _, text = classroom.request("GET", f"{base}/{reference}", headers={
                "Authorization": "Bearer " + server.key, "Accept": "application/fhir+json"})
            if status != 200 or json.loads(text).get("patient", {}).get("reference") != "Patient/f001":
                missing.append((username, reference, status))
    check("each student's lesson 7 doses are in their own workspace on the class server", not missing, missing[:5])

    page.open(server.origin + "/class")
    rows = page.evaluate("document.querySelectorAll('tr[data-student]').length")
    check("the grid has a row per student", rows == len(roster), rows)
    size = page.screenshot(os.path.join(ARTIFACTS, "class-grid.png"))
    check("a screenshot of the grid is kept", size > 10_000, f"{ARTIFACTS}/class-grid.png, {size} bytes")
    for student in students.values():
        student.quit()


def stamp(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def poll(page, seen):
    now = time.time()
    counts = page.evaluate(
        "JSON.stringify(Array.from(document.querySelectorAll('tr[data-student]'))"
        ".map(function (row) { return [row.dataset.student, +row.dataset.events]; }))")
    total = 0
    for username, count in json.loads(counts or "[]"):
        total += count
        if username in seen and count not in seen[username]:
            seen[username][count] = now
    return total


def lesson_ids():
    folder = os.path.join(ROOT, "lessons")
    return [name[: -len(".lesson")] for name in sorted(os.listdir(folder))
            if name.endswith(".lesson") and int(name[:2]) in LESSONS]


if __name__ == "__main__":
    main()
