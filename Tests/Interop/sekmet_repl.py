#!/usr/bin/env python3
"""Medbrain's REPL against a second, independent FHIR R4 server: SEKMET
(`sekmet-fhir` from PyPI), which implements search (modifiers, prefixes,
_include, paging), create, update with versions, history and transactions.

The script starts SEKMET on a free loopback port with its simulator off,
loads the tutorial's dataset into it with one transaction (the R4 Bundle
file compiled into Medbrain, `Sources/MedbrainDataset/Bundled/dataset-r4.json`),
then runs the tutorial's six steps and the generic commands through
`medbrain --server URL` with standard input piped, and checks what they printed.

    python sekmet_repl.py --medbrain .build/debug/medbrain
"""

import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from checks import Checks, expect, REQUEST_TIMEOUT

MIME = "application/fhir+json"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def http(method, url, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": MIME, "Accept": MIME})
    with urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT) as answer:
        return answer.status, json.loads(answer.read() or b"null")


def wait_for(check, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.2)
    raise AssertionError(f"{what} did not happen within {seconds} s")


def start_sekmet(folder):
    port = free_port()
    base = f"http://127.0.0.1:{port}/fhir"
    settings = os.path.join(folder, "settings.yaml")
    with open(settings, "w") as file:
        file.write(
            f"base_url: {base}\nhost: 127.0.0.1\nport: {port}\ndata_dir: {folder}/data\n"
            "simulator:\n  enabled: false\nvalidation:\n  inbound: strict\n"
        )
    sekmet = os.path.join(os.path.dirname(sys.executable), "sekmet")
    log = open(os.path.join(folder, "sekmet.log"), "w")
    server = subprocess.Popen(
        [sekmet, "serve", "--config", settings], stdout=log, stderr=subprocess.STDOUT, cwd=folder,
        env={**os.environ, "SEKMET_CONFIG": settings},
    )

    def answers():
        try:
            return http("GET", base + "/metadata")[0] == 200
        except (OSError, urllib.error.URLError):
            return server.poll() is not None

    wait_for(answers, 60, "SEKMET answering /metadata")
    expect(server.poll() is None, f"SEKMET exited: {open(log.name).read()[-2000:]}")
    return server, base


DATASET = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Sources", "MedbrainDataset",
                       "Bundled", "dataset-r4.json")


def read_dataset():
    """The tutorial's R4 dataset, the very file compiled into Medbrain's built-in server."""
    with open(DATASET) as file:
        return json.load(file)


def as_transaction(bundle, base):
    entries = []
    for entry in bundle["entry"]:
        resource = {key: value for key, value in entry["resource"].items() if key != "meta"}
        url = f"{resource['resourceType']}/{resource['id']}"
        entries.append({"fullUrl": f"{base}/{url}", "resource": resource, "request": {"method": "PUT", "url": url}})
    return {"resourceType": "Bundle", "type": "transaction", "entry": entries}


SESSION = [
    "login",
    "whoami",
    "orders",
    "instructions 4",
    "set today 2016-08-16",
    "set timezone Europe/Vienna",
    "administrations 1",
    "group week 1",
    "count MedicationAdministration patient=f001",
    "administer 1 taken at 2016-08-16T20:00:00+02:00",
    "requirements",
    "search MedicationRequest patient=f001 _count=3",
    "page next",
    "search Patient family:exact=Mustermann",
    "read Patient f001",
    'update Patient f001 {"resourceType": "Patient", "gender": "male", "name": [{"family": "Mustermann", "given": ["Herbert"]}]}',
    "history Patient f001",
    "register Ada Lovelace --birth-date 1815-12-10 --gender female",
    "register Ada Lovelace",
    "observe steps 8000 at 2016-08-16T20:00:00+02:00",
    'create Medication {"code": {"text": "Aspirin 100 mg"}}',
]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--medbrain", required=True)
    parser.add_argument("--fhir-version", choices=["r4"], default="r4")
    medbrain = os.path.abspath(parser.parse_args().medbrain)
    checks = Checks("sekmet R4")
    folder = tempfile.mkdtemp(prefix="medbrain-sekmet-")
    server = None
    state = {}
    try:
        def start():
            nonlocal server
            server, state["base"] = start_sekmet(folder)
            statement = http("GET", state["base"] + "/metadata")[1]
            expect(statement["fhirVersion"] == "4.0.1", statement["fhirVersion"])
            print(f"# SEKMET {statement['software'].get('version')} at {state['base']}")

        def load():
            dataset = read_dataset()
            status, answer = http("POST", state["base"], as_transaction(dataset, state["base"]))
            expect(status == 200 and answer["type"] == "transaction-response", f"{status} {answer.get('type')}")
            print(f"# loaded {len(dataset['entry'])} resources")

        def session():
            run = subprocess.run(
                [medbrain, "--server", state["base"]], input="\n".join(SESSION) + "\n", capture_output=True,
                text=True, timeout=120, env={**os.environ, "COLUMNS": "100"},
            )
            state["out"] = run.stdout
            for line in run.stderr.splitlines():
                print(f"#   stderr: {line}")
            expect(run.returncode == 0, f"medbrain exited {run.returncode}")

        def printed(*patterns):
            def check():
                output = state.get("out", "")
                for pattern in patterns:
                    expect(re.search(pattern, output), f"no line matches {pattern!r}")
            return check

        checks.run("SEKMET starts and speaks R4", start)
        checks.run("the tutorial's dataset loads in one transaction", load)
        checks.run("every command of the session succeeds", session)
        checks.run("connect reads SEKMET's CapabilityStatement", printed(r"FHIR 4\.0\.1 \(R4\)"))
        checks.run("login finds f001", printed(r"logged in as Dipl\.-Ing\. Herbert Hannes Mustermann \(Patient/f001\)"))
        checks.run("orders lists the 11 prescriptions", printed(r"\n11  Ciproxin 400 mg", r"Novalgin 500 mg/ml drops"))
        checks.run("instructions render", printed(r"1 tablet by mouth once a day 30 minutes before breakfast"))
        checks.run("administrations and the weekly chart",
                   printed(r"20 August 2016, 08:00 +taken +adm-065", r"by week \(tutorial weeks\), 2016-27 to 2016-34"))
        checks.run("administer creates a dose and reloads the list",
                   printed(r"recorded taken for order 1: MedicationAdministration/\S+", r"order 1 now has 55 administrations"))
        checks.run("requirements are checked", printed(r"Table 4, MedicationAdministration"))
        checks.run("search and page by SEKMET's links", printed(r"3 of 11 matches", r"this page has next, previous"))
        checks.run("count by _summary=count", printed(r"\n62 MedicationAdministration\n"))
        checks.run("a :exact modifier", printed(r"1 match \(GET Patient\?family:exact=Mustermann\)"))
        checks.run("read, then update with If-Match", printed(r'"id": "f001"', r"updated Patient/f001 \(version 2\)"))
        checks.run("history lists both versions", printed(r"2 versions \(GET Patient/f001/_history\)"))
        checks.run("register once, then find",
                   printed(r"registered: Ada Lovelace \(Patient/\S+\); logged in", r"already registered: Ada Lovelace"))
        checks.run("observe creates a step count", printed(r"recorded 8000 steps at 2016-08-16T20:00:00\+02:00: Observation/"))
        checks.run("create names the new resource", printed(r"created Medication/\S+ \(version 1\)"))
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
        shutil.rmtree(folder, ignore_errors=True)
    checks.finish()


if __name__ == "__main__":
    main()
