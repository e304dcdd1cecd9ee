#!/usr/bin/env python3
"""The built-in server beside SEKMET (sekmet-fhir, an R4 server on SQLite indexes) on the same
data: loading RESOURCES resources (Observation-heavy: vital signs of patients, with their
encounters), and a search by patient + code + date range over them, median and p99.

Both are reached over HTTP on loopback with one keep-alive connection, and both get the same
searches in the same order; the script checks that they answer the same ids.

    search_side_by_side.py --medbrain BIN [--sekmet-python PY] [--resources N] [--searches N]

Medbrain loads an NDJSON file with `serve --load` (timed from start to its first answer);
SEKMET gets the same resources as transaction Bundles of 500 (timed from the first POST to
the last). Medbrain's resident memory after the searches is printed too.
"""

import argparse
import http.client
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

CODES = [
    ("8480-6", "Systolic blood pressure", "mm[Hg]"),
    ("8462-4", "Diastolic blood pressure", "mm[Hg]"),
    ("8867-4", "Heart rate", "/min"),
    ("29463-7", "Body weight", "kg"),
    ("8310-5", "Body temperature", "Cel"),
    ("9279-1", "Respiratory rate", "/min"),
]


def resources(count, seed=7):
    """Patients (1 in 200), encounters (1 in 10), and observations for the rest."""
    rng = random.Random(seed)
    patients = max(1, count // 200)
    for index in range(patients):
        yield {"resourceType": "Patient", "id": f"p{index}", "gender": rng.choice(["male", "female"]),
               "name": [{"family": f"Family{index}", "given": ["Given"]}], "birthDate": f"19{50 + index % 50}-01-01"}
    for index in range(count - patients):
        patient = rng.randrange(patients)
        day = 1 + rng.randrange(365)
        moment = time.strftime("%Y-%m-%d", time.gmtime(1451606400 + (day - 1) * 86400))
        if index % 10 == 0:
            yield {"resourceType": "Encounter", "id": f"e{index}", "status": "finished",
                   "class": {"system": "http://terminology.hl7.org/CodeSystem/v3-ActCode", "code": "AMB"},
                   "subject": {"reference": f"Patient/p{patient}"},
                   "period": {"start": f"{moment}T08:00:00Z", "end": f"{moment}T09:00:00Z"}}
            continue
        code, display, unit = CODES[rng.randrange(len(CODES))]
        yield {"resourceType": "Observation", "id": f"o{index}", "status": "final",
               "code": {"coding": [{"system": "http://loinc.org", "code": code, "display": display}]},
               "subject": {"reference": f"Patient/p{patient}"},
               "effectiveDateTime": f"{moment}T{8 + rng.randrange(10):02d}:00:00Z",
               "valueQuantity": {"value": 40 + rng.randrange(100), "unit": unit,
                                 "system": "http://unitsofmeasure.org", "code": unit}}


def searches(count, patients, seed=11):
    rng = random.Random(seed)
    for _ in range(count):
        start = 1 + rng.randrange(300)
        low = time.strftime("%Y-%m-%d", time.gmtime(1451606400 + (start - 1) * 86400))
        high = time.strftime("%Y-%m-%d", time.gmtime(1451606400 + (start + 59) * 86400))
        code = CODES[rng.randrange(len(CODES))][0]
        yield (f"Observation?subject=Patient/p{rng.randrange(patients)}&code=http://loinc.org|{code}"
               f"&date=ge{low}&date=lt{high}&_count=100")


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Connection:
    """One keep-alive connection to a FHIR base URL."""

    def __init__(self, base):
        parsed = urllib.parse.urlparse(base)
        self.path = parsed.path
        self.conn = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=600)

    def request(self, method, path, body=None):
        headers = {"Accept": "application/fhir+json"}
        if body is not None:
            headers["Content-Type"] = "application/fhir+json"
        self.conn.request(method, f"{self.path}/{path}", body=body, headers=headers)
        response = self.conn.getresponse()
        return response.status, response.read()


def wait_for(check, seconds, what):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if check():
            return
        time.sleep(0.05)
    sys.exit(f"search_side_by_side: timed out waiting for {what}")


def timed_searches(base, queries):
    conn = Connection(base)
    times, answers = [], []
    for query in queries:
        started = time.perf_counter()
        status, body = conn.request("GET", query)
        times.append((time.perf_counter() - started) * 1000)
        if status != 200:
            sys.exit(f"search_side_by_side: {base}/{query} answered {status}: {body[:300]!r}")
        bundle = json.loads(body)
        answers.append(sorted(e["resource"]["id"] for e in bundle.get("entry", [])))
    return times, answers


def summary(times):
    ordered = sorted(times)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def run_medbrain(binary, data, queries, folder):
    port = free_port()
    out = open(os.path.join(folder, "medbrain.out"), "w")
    started = time.perf_counter()
    server = subprocess.Popen([binary, "serve", "--port", str(port), "--fhir-version", "r4",
                               "--now", "2016-08-16T10:00:00Z", "--load", data],
                              stdout=out, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/fhir"

    def answers():
        try:
            return Connection(base).request("GET", "Patient?_count=0")[0] == 200
        except OSError:
            return server.poll() is not None

    try:
        wait_for(answers, 600, "Medbrain to load")
        loaded = time.perf_counter() - started
        first_started = time.perf_counter()
        timed_searches(base, queries[:1])
        first = (time.perf_counter() - first_started) * 1000
        times, found = timed_searches(base, queries)
        return loaded, first, times, found, rss_mb(server.pid)
    finally:
        server.terminate()
        server.wait()


def run_sekmet(python, data, queries, folder):
    port = free_port()
    base = f"http://127.0.0.1:{port}/fhir"
    settings = os.path.join(folder, "settings.yaml")
    with open(settings, "w") as file:
        file.write(f"base_url: {base}\nhost: 127.0.0.1\nport: {port}\ndata_dir: {folder}/sekmet\n"
                   "simulator:\n  enabled: false\nvalidation:\n  inbound: strict\n")
    sekmet = os.path.join(os.path.dirname(os.path.abspath(python)), "sekmet")
    log = open(os.path.join(folder, "sekmet.log"), "w")
    server = subprocess.Popen([sekmet, "serve", "--config", settings], stdout=log, stderr=subprocess.STDOUT,
                              cwd=folder, env={**os.environ, "SEKMET_CONFIG": settings})

    def answers():
        try:
            return Connection(base).request("GET", "metadata")[0] == 200
        except OSError:
            return server.poll() is not None

    try:
        wait_for(answers, 120, "SEKMET to start")
        if server.poll() is not None:
            sys.exit(f"search_side_by_side: SEKMET exited: {open(log.name).read()[-1500:]}")
        conn = Connection(base)
        lines = open(data).read().splitlines()
        started = time.perf_counter()
        for offset in range(0, len(lines), 500):
            entries = []
            for line in lines[offset:offset + 500]:
                resource = json.loads(line)
                entries.append({"resource": resource, "request": {
                    "method": "PUT", "url": f"{resource['resourceType']}/{resource['id']}"}})
            body = json.dumps({"resourceType": "Bundle", "type": "transaction", "entry": entries})
            status, answer = conn.request("POST", "", body=body)
            if status != 200:
                sys.exit(f"search_side_by_side: SEKMET refused a transaction: {status} {answer[:300]!r}")
        loaded = time.perf_counter() - started
        times, found = timed_searches(base, queries)
        return loaded, times, found
    finally:
        server.terminate()
        server.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--medbrain", required=True)
    parser.add_argument("--sekmet-python")
    parser.add_argument("--resources", type=int, default=100_000)
    parser.add_argument("--searches", type=int, default=200)
    arguments = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="medbrain-search-bench-")
    try:
        data = os.path.join(folder, "data.ndjson")
        with open(data, "w") as file:
            for resource in resources(arguments.resources):
                file.write(json.dumps(resource) + "\n")
        queries = list(searches(arguments.searches, max(1, arguments.resources // 200)))
        n = f"{arguments.resources:,}"
        loaded, first, times, ours, rss = run_medbrain(arguments.medbrain, data, queries, folder)
        median, p99 = summary(times)
        matches = sum(len(ids) for ids in ours) / len(ours)
        print(f"search-{n}: Medbrain loads {n} resources in {loaded:.1f} s (resident {rss:.0f} MB after the "
              f"searches); first search {first:.0f} ms (its indexes made), then patient+code+date median "
              f"{median:.2f} ms, p99 {p99:.2f} ms over {len(times)} searches ({matches:.1f} matches each)")
        if not arguments.sekmet_python or not os.path.exists(arguments.sekmet_python):
            print("search: SEKMET not run (scripts/interop makes its virtualenv)")
            return
        their_load, their_times, theirs = run_sekmet(arguments.sekmet_python, data, queries, folder)
        their_median, their_p99 = summary(their_times)
        same = sum(1 for a, b in zip(ours, theirs) if a == b)
        print(f"search-{n}: SEKMET loads them in {their_load:.1f} s; median {their_median:.2f} ms, p99 "
              f"{their_p99:.2f} ms. SEKMET / Medbrain: load {their_load / loaded:.1f}x, search median "
              f"{their_median / median:.1f}x, p99 {their_p99 / p99:.1f}x; the same ids in {same} of {len(queries)}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
