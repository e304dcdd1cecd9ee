#!/usr/bin/env python3
"""Synthetic patient records from a generator on PyPI (carebundle: US Core R4 transaction
Bundles, with vital signs, labs, conditions and prescriptions) loaded into the built-in R4
server with `connect builtin r4 --load FOLDER`, then the tutorial's steps and the generic
commands run on them in the REPL: login, orders, instructions, administrations, administer,
group, search with _include, paging, history, a search by LOINC code and date.

    python synthetic_data.py --medbrain .build/debug/medbrain
"""

import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

from checks import Checks, expect

PATIENTS = 20


def generate(folder):
    carebundle = os.path.join(os.path.dirname(sys.executable), "carebundle")
    subprocess.run([carebundle, "generate", "--profile", "mixed", "--count", str(PATIENTS), "--seed", "7",
                    "--sex", "mixed", "--reference-date", "2016-08-01", "--out", folder],
                   check=True, capture_output=True, text=True, timeout=300)
    return sorted(glob.glob(os.path.join(folder, "*.json")))


def counts(files):
    """Resources per type, and the server id of the first patient with prescriptions: the
    server numbers the patients 1, 2, … in the order the folder's files are read."""
    per_type, patient, first_with_orders = {}, 0, None
    for file in files:
        types = [entry["resource"]["resourceType"] for entry in json.load(open(file))["entry"]]
        for name in types:
            per_type[name] = per_type.get(name, 0) + 1
        patient += types.count("Patient")
        if first_with_orders is None and "MedicationRequest" in types:
            first_with_orders = patient
    return per_type, first_with_orders


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--medbrain", required=True)
    parser.add_argument("--fhir-version", choices=["r4"], default="r4")
    medbrain = os.path.abspath(parser.parse_args().medbrain)
    checks = Checks("synthetic R4")
    folder = tempfile.mkdtemp(prefix="medbrain-synthetic-")
    state = {}

    def made():
        state["files"] = generate(folder)
        state["types"], state["patient"] = counts(state["files"])
        expect(len(state["files"]) == PATIENTS, f"{len(state['files'])} bundles")
        expect(state["patient"] is not None, "no patient has a prescription")
        print(f"# carebundle wrote {sum(state['types'].values())} resources: {state['types']}")

    def session():
        patient = state["patient"]
        commands = [
            f"connect builtin r4 --load {folder}",
            f"login {patient}", "whoami", "orders", "instructions 1", "set today 2016-08-16",
            "administer 1 taken at 2016-08-16T08:00:00Z", "administer 1 missed at 2016-08-15T08:00:00Z",
            "administrations 1", "group week 1",
            f"search MedicationRequest subject={patient} _include=MedicationRequest:subject",
            "search Observation _count=5", "page next",
            f"search Observation patient={patient} code=http://loinc.org|2345-7 date=ge2016-01-01",
            f"history Patient {patient}",
        ]
        run = subprocess.run([medbrain], input="\n".join(commands) + "\n", capture_output=True, text=True,
                             timeout=180, env={**os.environ, "COLUMNS": "120"})
        state["out"] = run.stdout
        for line in run.stderr.splitlines():
            print(f"#   stderr: {line}")
        expect(run.returncode == 0 and not run.stderr.strip(), f"medbrain exited {run.returncode}: {run.stderr[:300]}")

    def printed(*patterns):
        def check():
            for pattern in patterns:
                expect(re.search(pattern, state.get("out", "")), f"no line matches {pattern!r}")
        return check

    def every_resource_loads():
        total = sum(state["types"].values())
        printed(rf"loaded {total} resources: Observation {state['types']['Observation']}")()
        expect("refused" not in state["out"], "a resource was refused")

    checks.run(f"carebundle writes {PATIENTS} patients' records", made)
    checks.run("the REPL session runs without an error", session)
    checks.run("every resource loads with connect builtin r4 --load", every_resource_loads)
    checks.run("login finds the patient", printed(r"logged in as .+ \(Patient/\d+\)"))
    checks.run("orders lists the patient's prescriptions", printed(r"\n1  \S.*(active|stopped|completed)"))
    checks.run("instructions say what the order holds", printed(r"No instructions|\n\S.*(day|hour|week)"))
    checks.run("administer records a dose taken and one missed",
               printed(r"recorded taken for order 1: MedicationAdministration/\d+",
                       r"order 1 now has 2 administrations: 1 taken, 1 not taken"))
    checks.run("administrations and the weekly chart",
               printed(r"16 August 2016, 08:00 +taken", r"Doses taken and not taken by week"))
    checks.run("search with _include brings the patient", printed(r"\d+ match(es)?, 1 included"))
    checks.run("paging follows the next link", printed(r"5 of \d+ matches \(GET Observation\?_count=5&_offset=5\)|"
                                                       r"5 of \d+ matches .*_offset=5"))
    checks.run("a search by LOINC code and date finds the glucose", printed(r"1 match \(GET Observation\?patient="))
    checks.run("history lists the version", printed(r"1 version \(GET Patient/\d+/_history\)"))
    checks.finish()


if __name__ == "__main__":
    main()
