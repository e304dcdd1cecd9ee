#!/usr/bin/env python3
"""Medbrain's REPL against FHIRStarter (PyPI `fhirstarter`), a FHIR framework on
FastAPI and fhir.resources, serving the tutorial's dataset in STU3, R4B or R5.

The script starts fhirstarter_server.py on a free loopback port (it converts
the R4 dataset compiled into Medbrain to the release with fhir_releases.py and
validates every resource with that release's models), runs the generic commands
and the tutorial's six steps through `medbrain --server URL` with standard
input piped, checks what they printed, and reads back from Python what
`administer` wrote.

    python fhirstarter_repl.py --medbrain .build/debug/medbrain --release r5
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

import fhir_releases
import search_parameter_table
from checks import Checks, expect
from sekmet_repl import DATASET, free_port, http, wait_for

# Whether Medbrain runs the tutorial's steps (orders and after) on the release; where
# not, `orders` must refuse in one line. Flip a release to True once the REPL reads
# its shapes: the six-step checks below then apply to it unchanged.
TUTORIAL_STEPS = {"stu3": True, "r4b": True, "r5": True}

LABEL = {"stu3": "STU3", "r4b": "R4B", "r5": "R5"}
MODELS = {"stu3": "fhir.resources.STU3", "r4b": "fhir.resources.R4B", "r5": "fhir.resources"}
ADMINISTERED_AT = "2016-08-16T20:00:00+02:00"


def session(release):
    """The commands piped into the REPL: the generic ones first, then the tutorial's steps."""
    date = fhir_releases.DATE_PARAMETER[release]
    return [
        "trace on",
        "search Patient _id=f001",
        "fhirpath Bundle.entry.resource.name.family",
        "read Patient f001",
        "fhirpath Patient.birthDate",
        "count MedicationAdministration patient=f001",
        f"count MedicationAdministration patient=f001 {date}=ge2016-08",
        "search MedicationAdministration patient=f001 _count=5",
        "page next",
        "get metadata",
        "fhirpath CapabilityStatement.fhirVersion",
        "set today 2016-08-16",
        "set timezone Europe/Vienna",
        "login",
        "orders",
        "instructions 1",
        "administrations 1",
        "group month 1",
        f"administer 1 taken at {ADMINISTERED_AT}",
    ]


def start_fhirstarter(folder, release):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fhirstarter_server.py")
    log = open(os.path.join(folder, "fhirstarter.log"), "w")
    server = subprocess.Popen(
        [sys.executable, script, "--release", release, "--port", str(port), "--dataset", os.path.abspath(DATASET)],
        stdout=log, stderr=subprocess.STDOUT, cwd=folder,
    )

    def answers():
        try:
            return http("GET", base + "/metadata")[0] == 200
        except OSError:  # URLError is one
            return server.poll() is not None

    wait_for(answers, 60, "FHIRStarter answering /metadata")
    expect(server.poll() is None, f"FHIRStarter exited: {open(log.name).read()[-2000:]}")
    return server, base, log.name


def release_shapes(release, get):
    """What the server holds is in the release's own shape, and its models accept it."""
    order, dose = get("MedicationRequest/ord-01"), get("MedicationAdministration/adm-001")
    medication = get("Medication/med-novalgin")
    if release == "stu3":
        expect(order["requester"] == {"agent": {"display": "Dr. Eva Lindner"}}, order["requester"])
        expect("doseQuantity" in order["dosageInstruction"][0], order["dosageInstruction"][0])
        expect(dose["notGiven"] is True and dose["status"] == "completed", dose)
        expect(dose["prescription"]["reference"] == "MedicationRequest/ord-01" and "request" not in dose, dose)
    elif release == "r5":
        expect("concept" in order["medication"] and "doseForm" in medication, (order["medication"], medication))
        expect(dose["status"] == "not-done" and dose["occurenceDateTime"] == "2014-06-18T08:00:00+02:00", dose)
    else:
        expect(dose["status"] == "not-done" and "effectiveDateTime" in dose and "form" in medication, dose)


def check_administered(release, resource):
    """`administer` wrote a dose of order 1 at the given time, in the release's shape."""
    expect(fhir_releases.order_reference(resource) == "MedicationRequest/ord-01", resource)
    expect(fhir_releases.effective_time(resource) == ADMINISTERED_AT, resource)
    expect(resource["status"] == "completed", resource["status"])
    if release == "stu3":
        expect("prescription" in resource and "request" not in resource, sorted(resource))
        expect(resource.get("notGiven", False) is False, resource.get("notGiven"))
    elif release == "r5":
        # The REPL writes R4's dose as a Period (start = end); either occurence[x] will do.
        expect({"occurenceDateTime", "occurencePeriod"} & set(resource), sorted(resource))
        expect(not any(key.startswith("effective") for key in resource), sorted(resource))
        expect({"concept", "reference"} & set(resource["medication"]), resource["medication"])
    else:
        expect("request" in resource and {"effectiveDateTime", "effectivePeriod"} & set(resource), sorted(resource))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--medbrain", required=True)
    # --fhir-version is what scripts/interop passes to the suites that start their own server.
    parser.add_argument("--release", "--fhir-version", choices=fhir_releases.RELEASES, required=True)
    arguments = parser.parse_args()
    medbrain, release = os.path.abspath(arguments.medbrain), arguments.release
    label, version = LABEL[release], fhir_releases.FHIR_VERSIONS[release]
    models = __import__(MODELS[release], fromlist=["get_fhir_model_class"])
    checks = Checks(f"fhirstarter {label}")
    folder = tempfile.mkdtemp(prefix="medbrain-fhirstarter-")
    server = None
    state = {}

    def get(path):
        """A resource from the server, validated by the release's model."""
        resource = http("GET", f"{state['base']}/{path}")[1]
        models.get_fhir_model_class(resource["resourceType"]).model_validate(resource)
        return resource

    try:
        def start():
            nonlocal server
            server, state["base"], state["log"] = start_fhirstarter(folder, release)
            statement = http("GET", state["base"] + "/metadata")[1]
            expect(statement["fhirVersion"] == version, statement["fhirVersion"])
            print(f"# FHIRStarter {statement['software']['version']} at {state['base']}")

        def loaded():
            with open(state["log"]) as log:
                line = next((line for line in log if line.startswith("validated ")), "")
            expect(re.match(rf"validated 85 resources with the fhir\.resources \S+ models of FHIR {version}", line),
                   f"the server's log says {line.strip()!r}")
            release_shapes(release, get)

        def run():
            answer = subprocess.run(
                [medbrain, "--server", state["base"]], input="\n".join(session(release)) + "\n",
                capture_output=True, text=True, timeout=180, env={**os.environ, "COLUMNS": "100"},
            )
            state["out"] = answer.stdout + "\n" + answer.stderr
            for line in answer.stderr.splitlines():
                print(f"#   stderr: {line}")
            # A refused step is an error, and so a non-zero exit, where the steps do not run.
            expect(answer.returncode == 0 or not TUTORIAL_STEPS[release], f"medbrain exited {answer.returncode}")

        def printed(*patterns):
            def check():
                for pattern in patterns:
                    expect(re.search(pattern, state.get("out", "")), f"no line matches {pattern!r}")
            return check

        def administered():
            found = re.search(r"recorded taken for order 1: MedicationAdministration/(\S+)", state.get("out", ""))
            expect(found, "no 'recorded taken' line")
            resource = get(f"MedicationAdministration/{found.group(1)}")
            print(f"# administer wrote {', '.join(sorted(resource))}")
            check_administered(release, resource)

        def nothing_administered():
            bundle = http("GET", f"{state['base']}/MedicationAdministration?_summary=count")[1]
            expect(bundle["total"] == 65, f"{bundle['total']} administrations, not the dataset's 65")

        def search_parameters():
            found, count = search_parameter_table.differences(release)
            expect(not found, "; ".join(found[:5]))
            print(f"# Medbrain's {label} table has the {count} parameters of the specification's Bundle")

        checks.run(f"Medbrain's {label} search parameters are the specification's", search_parameters)
        checks.run(f"FHIRStarter starts and speaks {label} ({version})", start)
        checks.run(f"the dataset, converted to {label}, passes the {label} models", loaded)
        checks.run("the REPL session runs", run)
        checks.run("connect names the release", printed(rf"FHIRStarter \S+, FHIR {re.escape(version)} \({label}\)"))
        checks.run("trace shows the requests", printed(r"> GET http://127\.0\.0\.1:\d+/Patient\?_id=f001 -> 200"))
        checks.run("search Patient _id=f001", printed(r"1 match \(GET Patient\?_id=f001\)",
                                                      r"f001 +Dipl\.-Ing\. Herbert Hannes Mustermann +male"))
        checks.run("fhirpath on a search and on a read", printed(r"\n\w+ +Mustermann\n", r"\n\w+ +1961-12-24\n"))
        checks.run("read Patient f001", printed(r'"id": "f001"'))
        checks.run("count by _summary=count", printed(r"\n62 MedicationAdministration\n"))
        checks.run(f"count by the release's date parameter ({fhir_releases.DATE_PARAMETER[release]})",
                   printed(r"\n25 MedicationAdministration\n"))
        checks.run("search and page next by FHIRStarter's links",
                   printed(r"5 of 62 matches \(GET MedicationAdministration\?patient=f001&_count=5\)",
                           r"5 of 62 matches \(GET \S+_offset=5\)"))
        checks.run("the summary table reads a dose not given",
                   printed(r"adm-001 +\S+ +2014-06-18 08:00 +MedicationRequest/ord-01 +no\n"))
        checks.run("get metadata, then fhirpath on it",
                   printed(rf'"fhirVersion": "{re.escape(version)}"', rf"\n\w+ +{re.escape(version)}\n"))
        checks.run("login finds f001", printed(r"logged in as Dipl\.-Ing\. Herbert Hannes Mustermann \(Patient/f001\)"))
        if TUTORIAL_STEPS[release]:
            checks.run("orders lists the 11 prescriptions, medications included",
                       printed(r"\n1 +Novalgin 500 mg/ml drops", r"\n11 +Ciproxin 400 mg film-coated tablet"))
            checks.run("instructions render", printed(r"\n20 drops by mouth twice a day\. Put the drops on a spoon"))
            checks.run("administrations follow next links to the last page",
                       printed(r"MedicationAdministration\?\S*_offset=40 -> 200",
                               r"20 August 2016, 08:00 +taken +adm-065", r"18 June 2014, 08:00 +not taken +adm-001"))
            checks.run("the monthly chart", printed(r"by month, 2016-01 to 2016-08",
                                                    r"outside the window: 12 before, 0 after"))
            checks.run("administer creates a dose and reloads the list",
                       printed(r"recorded taken for order 1: MedicationAdministration/\S+",
                               r"order 1 now has 55 administrations: 41 taken, 14 not taken"))
            checks.run(f"the new dose is in {label}'s shape", administered)
        else:
            checks.run(f"orders refuses {label} in one line",
                       printed(rf"error: the tutorial's steps run on [^\n]*, not yet on {label}; [^\n]*\n"))
            checks.run("no dose was recorded", nothing_administered)
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
