"""The class server tried as an attacker and as a student whose network goes away.

    python class_check.py MEDBRAIN [OUTAGE_SECONDS]

A student (alice) holds her own SMART token and class key and tries, route by route, to read or
change another student's (bob's) record and progress; the routes are the FHIR API's every way
to a resource (read, vread, history, search by id, by patient, by reference, chained, included,
reverse-included, compartment, batch, transaction, write) and the class's (join, events, the
instructor's pages, exports and stream). Bob's resources are listed with bob's own token, so
the test knows what must not leak without asking the code under test what a compartment holds.

Then a third student's REPL loses the class server for OUTAGE_SECONDS (60 by default) while
working through a lesson; every event its progress file holds must reach the server once.
Prints one line per check and `class: N passed, M failed`; exits 1 if any failed.
"""
import json
import os
import random
import sys
import time

import classroom
from classroom import request

MEDBRAIN = sys.argv[1]
OUTAGE = float(sys.argv[2]) if len(sys.argv) > 2 else 60
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
results = []


def check(name, ok, detail=""):
    results.append(bool(ok))
    print(("ok   " if ok else "FAIL ") + name + (": " + str(detail)[:300] if detail and not ok else ""), flush=True)


def fhir(server, token, method, path, body=None):
    headers = {"Accept": "application/fhir+json", "Authorization": "Bearer " + token}
    if body is not None:
        headers["Content-Type"] = "application/fhir+json"
    return request(method, server.base + "/" + path, body=body, headers=headers)


def main():
    server = classroom.ClassServer(MEDBRAIN, [("alice", "Alice Smith"), ("bob", "Bob Jones"), ("dave", "Dave")])
    try:
        attack(server)
        lessons_in_class(server)
    finally:
        server.stop()
    # Carol reaches her class through a relay that can go away: the server knows itself by the
    # relay's address (--public-url), as a class server behind a name on the network does.
    proxy = classroom.Proxy()
    server = classroom.ClassServer(MEDBRAIN, [("carol", "Carol")], public_url=f"http://127.0.0.1:{proxy.port}")
    proxy.target = int(server.base.split(":")[2].split("/")[0])
    try:
        outage(server, proxy)
    finally:
        server.stop()
    print(f"class: {results.count(True)} passed, {results.count(False)} failed")
    sys.exit(0 if all(results) else 1)


def returned(text):
    """`Type/id` of every resource a response carries (a Bundle's entries, nested bundles too),
    its OperationOutcomes aside."""
    try:
        body = json.loads(text)
    except ValueError:
        return set()
    found = set()

    def walk(resource):
        if not isinstance(resource, dict):
            return
        kind = resource.get("resourceType")
        if kind == "Bundle":
            for entry in resource.get("entry", []):
                walk(entry.get("resource"))
        elif kind and kind != "OperationOutcome":
            found.add(f"{kind}/{resource.get('id')}")
    walk(body)
    return found


def attack(server):
    alice, bob = classroom.smart_token(server, "alice"), classroom.smart_token(server, "bob")
    # Bob's record, as bob's own token lists it: what alice must never see.
    bobs = set()
    for kind in ("Patient", "MedicationRequest", "MedicationAdministration"):
        status, _, text = fhir(server, bob, "GET", f"{kind}?_count=1000")
        bobs |= {f"{kind}/{e['resource']['id']}" for e in json.loads(text).get("entry", [])}
    check("bob's token lists his own record", "Patient/bob" in bobs and len(bobs) > 50, len(bobs))
    check("every resource of bob's is his own", all(r == "Patient/bob" or "/bob-" in r for r in bobs))
    order = next(r for r in sorted(bobs) if r.startswith("MedicationRequest/"))
    dose = next(r for r in sorted(bobs) if r.startswith("MedicationAdministration/"))
    routes = [("GET", r) for r in sorted(bobs)[:40]] + [
        ("GET", f"{order}/_history"), ("GET", f"{order}/_history/1"), ("GET", "Patient?_id=bob"),
        ("GET", "MedicationRequest?patient=bob"), ("GET", "MedicationRequest?subject=Patient/bob"),
        ("GET", f"MedicationRequest?subject={server.base}/Patient/bob"),
        ("GET", f"MedicationAdministration?request={order}"), ("GET", "MedicationAdministration?patient=bob"),
        ("GET", "MedicationAdministration?request.subject=Patient/bob"),
        ("GET", "MedicationAdministration?request:MedicationRequest.subject:Patient.name=Bob"),
        ("GET", "MedicationRequest?_id=" + order.split("/")[1] + "&_revinclude=MedicationAdministration:request"),
        ("GET", "MedicationAdministration?_id=" + dose.split("/")[1] + "&_include=MedicationAdministration:request"),
        ("GET", "MedicationRequest?_include=MedicationRequest:subject&_count=100"),
        ("GET", "Patient?_has:MedicationRequest:subject:status=active&_count=100"),
        ("GET", "Patient/bob/MedicationRequest"), ("GET", "Patient/bob/$everything"), ("GET", "_history"),
        ("GET", "MedicationRequest/_history"), ("GET", "Patient?name=Bob"), ("GET", "Patient?_count=100"),
        ("GET", "MedicationAdministration?_count=1000"),
    ]
    for method, path in routes:
        status, _, text = fhir(server, alice, method, path)
        leaked = returned(text) & bobs
        check(f"alice's {method} {path} shows nothing of bob's", not leaked and status < 500, f"{status} {leaked}")
    for kind in ("Patient", "MedicationRequest", "MedicationAdministration"):
        theirs = next(r for r in sorted(bobs) if r.startswith(kind + "/"))
        made_up = fhir(server, alice, "GET", f"{kind}/nobody-at-all")[0]
        check(f"bob's {kind} reads to alice as one that is not there", fhir(server, alice, "GET", theirs)[0] == made_up)
    batch = {"resourceType": "Bundle", "type": "batch", "entry": [
        {"request": {"method": "GET", "url": r}} for r in ("Patient/bob", order, dose, "MedicationRequest?patient=bob")]}
    status, _, text = fhir(server, alice, "POST", "", batch)
    check("alice's batch of bob's reads shows nothing of his", not returned(text) & bobs, text[:200])
    status, _, before = fhir(server, bob, "GET", f"{order}")
    writes = [
        ("PUT", order, json.loads(before) | {"status": "stopped"}), ("DELETE", dose, None), ("DELETE", order, None),
        ("POST", "MedicationAdministration", {
            "resourceType": "MedicationAdministration", "status": "completed", "subject": {"reference": "Patient/bob"},
            "medicationCodeableConcept": {"text": "x"}, "effectiveDateTime": "2016-08-16T08:00:00Z",
            "request": {"reference": order}}),
        ("POST", "", {"resourceType": "Bundle", "type": "transaction", "entry": [
            {"request": {"method": "DELETE", "url": dose}}]}),
        ("PATCH", order, [{"op": "replace", "path": "/status", "value": "stopped"}]),
    ]
    for method, path, body in writes:
        status, _, text = fhir(server, alice, method, path, body)
        check(f"alice's {method} {path or 'transaction'} against bob's record is refused",
              status >= 400 or ('"status": "2' not in text and "/bob-" not in text), f"{status} {text[:200]}")
    status, _, after = fhir(server, bob, "GET", f"{order}")
    check("bob's order is as it was", json.loads(after).get("status") == json.loads(before).get("status"))
    status, _, text = fhir(server, bob, "GET", f"{dose}")
    check("bob's dose is still there", status == 200, status)
    status, _, text = fhir(server, bob, "GET", "MedicationAdministration?patient=bob&_count=1000")
    check("no dose was added to bob's record", "alice" not in text)

    # The class's routes.
    status, _, text = request("POST", server.origin + "/class/join")
    check("joining without a token is refused (401)", status == 401, status)
    status, _, text = request("POST", server.origin + "/class/join", headers={"Authorization": "Bearer forged"})
    check("joining with a forged token is refused (401)", status == 401, status)
    status, _, text = request(
        "POST", server.origin + "/class/join", body={"student": "bob"}, headers={"Authorization": "Bearer " + alice})
    joined = json.loads(text)
    check("alice's token joins as alice, whatever the body says", status == 200 and joined["student"] == "alice", text)
    key = joined["key"]
    status, _, text = request("POST", server.origin + "/class/join", headers={
        "Authorization": "Bearer " + alice, "Host": "evil.example"})
    check("a forged Host is refused (421)", status == 421, status)
    event = {"sequence": 1, "time": "2026-11-29T10:00:00Z", "lesson": "03-login", "step": 1, "kind": "wrong",
             "detail": "from alice", "student": "bob"}
    status, _, text = request("POST", server.origin + "/class/events", body={"events": [event], "student": "bob"},
                              headers={"Authorization": "Bearer " + key})
    check("alice's report is taken", status == 200 and json.loads(text)["acknowledged"] == 1, text)
    status, _, text = request("POST", server.origin + "/class/events", body={"events": [event]},
                              headers={"Authorization": "Bearer " + alice})
    check("her SMART token is no class key (401)", status == 401, status)
    status, _, text = request("POST", server.origin + "/class/events", body={"events": [event]},
                              headers={"Authorization": "Bearer " + server.key})
    check("the instructor's key reports as nobody (401)", status == 401, status)
    status, _, text = request("POST", server.origin + "/class/events", body=b"{\"events\": [" + b"1," * 400000 + b"1]}",
                              headers={"Authorization": "Bearer " + key})
    check("a report over 1 MiB is refused (400)", status == 400, status)
    status, _, text = server.instructor("/class/progress.json")
    grid = {s["username"]: s for s in json.loads(text)["students"]}
    check("what alice reported is hers, and bob's progress is untouched",
          grid["alice"]["steps"] and not grid["bob"]["steps"], grid["bob"])
    for path in ("/class", "/class/progress.json", "/class/progress.csv", "/class/stream", "/class/students/bob",
                 "/", "/patients/bob", "/resources/Patient/bob", "/events"):
        for label, headers in (("her class key", {"Authorization": "Bearer " + key}),
                               ("her SMART token", {"Authorization": "Bearer " + alice}),
                               ("a cookie with her key", {"Cookie": "medbrain-class=" + key}), ("nothing", {})):
            status, _, text = request("GET", server.origin + path, headers=headers)
            check(f"{path} with {label} is refused (401)", status == 401 and "bob" not in text.lower(), status)
    status, headers, _ = request("GET", server.origin + "/class?key=wrong" + server.key[5:])
    check("a wrong key in the address is refused (401)", status == 401, status)
    status, headers, _ = request("GET", server.instructor_url)
    cookie = headers.get("Set-Cookie", "")
    check("the instructor's address sets an HttpOnly, SameSite=Strict cookie and drops the key",
          status == 303 and headers.get("Location") == "/class" and "HttpOnly" in cookie and "SameSite=Strict" in cookie,
          (status, headers))
    status, _, text = request("GET", server.origin + "/class", headers={"Cookie": cookie.split(";")[0]})
    check("the instructor reads the grid with the cookie", status == 200 and "alice" in text, status)
    workspaces(server, alice, bob, key)


def workspaces(server, alice_token, bob_token, alice):
    """A lesson's server on the class server is its student's alone: bob's, by every route alice
    could try with what she holds, gives her nothing and takes nothing from her."""
    bob = json.loads(request("POST", server.origin + "/class/join", headers={"Authorization": "Bearer " + bob_token})[2])["key"]

    def open_lesson(lesson, key, release="dstu2"):
        status, _, text = request("POST", server.origin + "/class/workspaces", body={"lesson": lesson, "fhirVersion": release},
                                  headers={"Authorization": "Bearer " + key})
        return status, (json.loads(text).get("base") if status == 201 else None)

    status, bobs = open_lesson("07-record-a-dose", bob)
    check("bob opens lesson 7's server on the class server", status == 201 and bobs and "/bob/" in bobs, status)
    status, alices = open_lesson("07-record-a-dose", alice)
    check("alice opens her own", status == 201 and alices.endswith("/class/workspaces/alice/07-record-a-dose/dstu2/fhir"),
          alices)
    headers = {"Accept": "application/fhir+json"}
    dose = {"resourceType": "MedicationAdministration", "status": "completed", "patient": {"reference": "Patient/f001"},
            "medicationCodeableConcept": {"text": "bob's"}, "effectiveTimeDateTime": "2016-08-16T08:00:00Z"}
    status, answer, _ = request("POST", bobs + "/MedicationAdministration", body=dose,
                                headers=headers | {"Authorization": "Bearer " + bob, "Content-Type": "application/fhir+json"})
    check("bob writes a dose into his", status == 201, status)
    written = answer.get("Location", "").split("/fhir/", 1)[-1]
    status, _, before = request("GET", bobs + "/MedicationAdministration?_count=1000",
                                headers=headers | {"Authorization": "Bearer " + bob})
    for label, key in (("her class key", alice), ("her SMART token", alice_token), ("a forged key", "forged"),
                       ("nothing", None)):
        auth = {"Authorization": "Bearer " + key} if key else {}
        for method, path, body in (
            ("GET", "/Patient/f001", None), ("GET", "/metadata", None), ("GET", "/" + written, None),
            ("GET", "/MedicationAdministration?_count=1000", None), ("GET", "/_history", None),
            ("POST", "", {"resourceType": "Bundle", "type": "batch",
                          "entry": [{"request": {"method": "GET", "url": "Patient/f001"}}]}),
            ("POST", "/MedicationAdministration", dose), ("DELETE", "/" + written, None),
            ("PUT", "/Patient/f001", {"resourceType": "Patient", "id": "f001"}),
        ):
            status, _, text = request(method, bobs + path, body=body, headers=headers | auth | (
                {"Content-Type": "application/fhir+json"} if body else {}))
            check(f"{method} {path or '/'} on bob's lesson server with {label} is refused (401)",
                  status == 401 and "Mustermann" not in text and "bob's" not in text, status)
        status, _, _ = request("DELETE", bobs[: -len("/fhir")], headers=auth)
        check(f"closing bob's lesson server with {label} is refused (401)", status == 401, status)
    status, _, after = request("GET", bobs + "/MedicationAdministration?_count=1000",
                               headers=headers | {"Authorization": "Bearer " + bob})
    check("bob's lesson server is as he left it", status == 200 and after == before)
    for lesson, release, why in (("13-smart", "r4", "has its own SMART login"), ("02-connect", "r4", "has no server"),
                                 ("nothing-such", "r4", "is not the class's"), ("../07-record-a-dose", "dstu2", "is a path"),
                                 ("12-vital-signs", "dstu2", "loads R4 files, in DSTU2")):
        status, base = open_lesson(lesson, alice, release)
        check(f"a lesson that {why} is not opened (404)", status == 404 and base is None, status)
    for label, key in (("her SMART token", alice_token), ("the instructor's key", server.key)):
        status, _ = open_lesson("07-record-a-dose", key)
        check(f"{label} opens no lesson server (401)", status == 401, status)
    # Bob's dose named through paths that walk from alice's server to his: none may reach it.
    for path in (f"/class/workspaces/alice/07-record-a-dose/dstu2/fhir/../../../bob/07-record-a-dose/dstu2/fhir/{written}",
                 f"/class/workspaces/alice/07-record-a-dose/dstu2/fhir/..%2F..%2F..%2F..%2Fbob%2F07-record-a-dose%2Fdstu2%2Ffhir/{written}",
                 f"/class/workspaces/alice/07-record-a-dose/..%2F..%2Fbob/07-record-a-dose/dstu2/fhir/{written}",
                 f"/class/workspaces/bob/07-record-a-dose/dstu2/fhir/{written}?_format=json",
                 f"/class/workspaces/BOB/07-record-a-dose/dstu2/fhir/{written}",
                 f"/class/workspaces/alice/07-record-a-dose/dstu2/fhir/{written}",
                 f"/fhir/{written}"):
        status, _, text = request("GET", server.origin + path, headers=headers | {"Authorization": "Bearer " + alice})
        check(f"alice's GET {path} reads nothing of bob's", "bob's" not in text and status >= 400, status)
    status, r4 = open_lesson("08-r4", alice, "r4")
    check("lesson 8's R4 server is a workspace of its own beside its DSTU2 one",
          status == 201 and r4.endswith("/alice/08-r4/r4/fhir"), (status, r4))
    status, _, _ = request("GET", alices + "/metadata", headers={"Authorization": "Bearer " + alice, "Host": "evil.example"})
    check("a forged Host on a lesson server is refused (421)", status == 421, status)
    status, _, text = request("GET", bobs + "/" + written, headers=headers | {"Authorization": "Bearer " + server.key})
    check("the instructor reads bob's lesson server", status == 200 and "bob's" in text, status)
    status, _, text = server.instructor("/class/students/bob")
    check("bob's page lists his lesson server and what he wrote", status == 200 and "07-record-a-dose" in text
          and written.split("/_history")[0] in text, status)
    status, _, text = request("GET", server.origin + "/class/students/bob", headers={"Authorization": "Bearer " + alice})
    check("bob's page is refused to alice's key (401)", status == 401 and "bob's" not in text, status)


def lessons_in_class(server):
    """A joined student's lessons, in the REPL: lesson 8 moves to R4 and its R4 server is on the
    class server too; lesson 13 has its own SMART login and says it runs on the student's machine."""
    dave = classroom.Student(MEDBRAIN, "dave", server.passwords["dave"], HERE)
    try:
        said = dave.run(f"connect {server.base}") + dave.run("login --smart")
        check("dave joins", "Joined the class lab as dave" in said, said[-300:])
        said = dave.run("lesson 8")
        check("lesson 8 starts on his DSTU2 workspace and says so",
              "/class/workspaces/dave/08-r4/dstu2/fhir" in said and "in your own workspace" in said, said[-400:])
        commands = classroom.lesson_commands(ROOT, 8)
        upto = next(i for i, c in enumerate(commands) if c.startswith("connect builtin r4"))
        said = "".join(dave.run(c) for c in commands[1:upto + 1])
        check("its R4 step connects to his R4 workspace on the class server",
              "/class/workspaces/dave/08-r4/r4/fhir" in said, said[-400:])
        said = dave.run("lesson 13")
        check("lesson 13 says it runs on his machine, and why",
              "runs on your machine, not the class server: its server has a SMART login" in said.replace("\n", " "),
              said[-400:])
    finally:
        dave.quit()


def outage(server, proxy):
    """Carol works on while the class server is away; nothing she did is lost."""
    carol = classroom.Student(MEDBRAIN, "carol", server.passwords["carol"], HERE)
    try:
        base = f"http://127.0.0.1:{proxy.port}/fhir"
        said = carol.run(f"connect {base}") + carol.run("login --smart")
        check("carol joins through the relay", "Joined the class lab as carol" in said, said[-300:])
        commands = classroom.lesson_commands(ROOT, 3)
        half = len(commands) // 2
        rng = random.Random(3)
        for command in commands[:half]:
            carol.run(command)
        proxy.down()
        went = time.time()
        for command in commands[half:]:
            carol.run(command)
            if rng.random() < 0.3:
                carol.run("hint")
        time.sleep(max(0, OUTAGE - (time.time() - went)))
        proxy.back()
        deadline = time.time() + 30
        while time.time() < deadline and not same_events(server, carol):
            time.sleep(0.5)
        local = carol.progress()["events"]
        check(f"every event carol made while the server was away {OUTAGE:.0f} s reached it, once and in order",
              same_events(server, carol), f"{len(local)} events in her file")
    finally:
        carol.quit()
        proxy.down()


def same_events(server, student):
    """Whether the server holds exactly the events the student's progress file holds."""
    def key(event):
        return (event["sequence"], event["lesson"], event["step"], event["kind"], event.get("detail"))
    local = [key(e) for e in student.progress()["events"]]
    status, _, text = server.instructor("/class/progress.json")
    theirs = next(s for s in json.loads(text)["students"] if s["username"] == student.username)
    return status == 200 and local and [key(e) for e in theirs["events"]] == local


if __name__ == "__main__":
    main()
