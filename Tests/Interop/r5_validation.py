#!/usr/bin/env python3
"""Every kind of resource Medbrain's built-in server emits in R5 mode, validated
by an independent R5 model: `fhir.resources` 8.x, whose default package is R5
(STU3 and R4B are its subpackages). Searches followed page by page, reads,
`_include`, counts, a create's answer, history, OperationOutcomes of refused
requests, and batch and transaction responses.

The models forbid elements their release does not have, so an R4 shape left in
an R5 answer (effective[x] on a MedicationAdministration, a Medication's form)
fails here. The first check proves that on hand-written JSON; `--self-test`
runs only it, without a server.

    python r5_validation.py --base URL
    python r5_validation.py --self-test
"""

import argparse

import fhir.resources
from fhir.resources import get_fhir_model_class

from checks import Checks, expect

MIME = "application/fhir+json"


def valid(json):
    """Validates `json` as its resourceType; nested resources are validated with it."""
    get_fhir_model_class(json["resourceType"]).model_validate(json)
    return json


def rejected(json):
    try:
        valid(json)
    except ValueError:  # pydantic's ValidationError is one
        return True
    return False


CONCEPT = {"coding": [{"system": "http://medbrain.example/medication-codes", "code": "NOV-500"}]}
R5_DOSE = {
    "resourceType": "MedicationAdministration", "id": "adm-001", "status": "not-done",
    "statusReason": [{"text": "refused"}], "medication": {"concept": CONCEPT},
    "subject": {"reference": "Patient/f001"}, "occurenceDateTime": "2014-06-18T08:00:00+02:00",
    "request": {"reference": "MedicationRequest/ord-01"},
}
R5_ORDER = {
    "resourceType": "MedicationRequest", "id": "ord-11", "status": "active", "intent": "order",
    "medication": {"reference": {"reference": "Medication/med-ciproxin"}}, "subject": {"reference": "Patient/f001"},
    "dosageInstruction": [{"text": "1 tablet twice a day", "asNeeded": False,
                           "doseAndRate": [{"doseQuantity": {"value": 1, "unit": "tablet"}}]}],
}


def self_test():
    """The R5 models accept hand-written R5 and refuse the same resources in R4's shape."""
    expect(fhir.resources.__fhir_version__ == "5.0.0", f"fhir.resources models FHIR {fhir.resources.__fhir_version__}")
    medication = {"resourceType": "Medication", "id": "med-novalgin", "code": CONCEPT, "doseForm": {"text": "drops"}}
    searchset = {"resourceType": "Bundle", "type": "searchset", "total": 2,
                 "link": [{"relation": "self", "url": "http://127.0.0.1/fhir/MedicationRequest?patient=f001"}],
                 "entry": [{"fullUrl": "http://127.0.0.1/fhir/MedicationRequest/ord-11", "resource": R5_ORDER,
                            "search": {"mode": "match"}},
                           {"fullUrl": "http://127.0.0.1/fhir/Medication/med-novalgin", "resource": medication,
                            "search": {"mode": "include"}}]}
    outcome = {"resourceType": "OperationOutcome",
               "issue": [{"severity": "error", "code": "required", "diagnostics": "status is missing",
                          "expression": ["MedicationAdministration.status"]}]}
    statement = {"resourceType": "CapabilityStatement", "status": "active", "date": "2016-08-16", "kind": "instance",
                 "fhirVersion": "5.0.0", "format": ["json"], "implementation": {"description": "Medbrain"},
                 "rest": [{"mode": "server", "resource": [{"type": "MedicationAdministration"}]}]}
    for resource in (R5_DOSE, R5_ORDER, medication, searchset, outcome, statement):
        valid(resource)
    # The same resources with one R4 element each.
    r4_dose = {**R5_DOSE, "effectiveDateTime": R5_DOSE["occurenceDateTime"]}
    r4_order = {**R5_ORDER, "medicationReference": {"reference": "Medication/med-ciproxin"}}
    r4_dosage = {**R5_ORDER, "dosageInstruction": [{"text": "as needed", "asNeededBoolean": True}]}
    r4_medication = {**medication, "form": medication["doseForm"]}
    r4_entry = {**searchset, "entry": [{**searchset["entry"][0], "resource": r4_dose}]}
    for resource in (r4_dose, r4_order, r4_dosage, r4_medication, r4_entry):
        expect(rejected(resource), f"an R4 shape passed: {resource}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base")
    parser.add_argument("--fhir-version", choices=["r5"], default="r5")
    parser.add_argument("--self-test", action="store_true", help="only check the models on hand-written JSON")
    arguments = parser.parse_args()
    if not arguments.base and not arguments.self_test:
        parser.error("give --base URL, or --self-test")
    checks = Checks("fhir.resources R5")
    checks.run("the R5 models accept R5 and refuse R4's shapes", self_test)
    if arguments.self_test:
        checks.finish()
    import requests  # only needed with a server

    base = arguments.base.rstrip("/")
    http = requests.Session()
    http.headers.update({"Accept": MIME})

    def fetch(method, path, body=None, status=200):
        url = path if path.startswith("http") else f"{base}/{path}"
        answer = http.request(method, url, json=body, headers={"Content-Type": MIME}, timeout=30)
        expect(answer.status_code == status, f"{method} {path} answered {answer.status_code}, not {status}")
        return answer.json()

    def pages(path):
        """Each Bundle of a search, validated, following `next` to the end."""
        bundle = valid(fetch("GET", path))
        yield bundle
        for _ in range(1000):
            links = {link["relation"]: link["url"] for link in bundle.get("link", [])}
            if "next" not in links:
                return
            bundle = valid(fetch("GET", links["next"]))
            yield bundle

    types = []

    def metadata():
        statement = valid(fetch("GET", "metadata"))
        types.extend(resource["type"] for resource in statement["rest"][0]["resource"])
        expect(statement["fhirVersion"] == "5.0.0", statement["fhirVersion"])
        expect("MedicationRequest" in types and "MedicationAdministration" in types, types)

    def every_resource():
        seen = 0
        for kind in types:
            for bundle in pages(f"{kind}?_count=1000"):
                for entry in bundle.get("entry", []):
                    valid(fetch("GET", f"{kind}/{entry['resource']['id']}"))
                    seen += 1
        print(f"# {seen} resources of {len(types)} types read one by one and validated")
        expect(seen >= 80, f"only {seen} resources")

    def paging_and_include():
        found = list(pages("MedicationRequest?patient=f001&_count=2&_include=MedicationRequest:medication"))
        expect(len(found) > 1, "one page only")
        modes = {entry.get("search", {}).get("mode") for bundle in found for entry in bundle.get("entry", [])}
        expect("include" in modes, f"no included Medication, only {modes}")
        count = valid(fetch("GET", "MedicationAdministration?patient=f001&_summary=count"))
        expect(isinstance(count.get("total"), int), count)

    created = {}

    def create_and_history():
        observation = {
            "resourceType": "Observation",
            "status": "final",
            "code": {"coding": [{"system": "http://loinc.org", "code": "55423-8"}]},
            "subject": {"reference": "Patient/f001"},
            "effectiveDateTime": "2016-08-16T20:00:00+02:00",
            "valueQuantity": {"value": 8000, "unit": "steps"},
        }
        stored = valid(fetch("POST", "Observation", observation, status=201))
        created["id"] = stored["id"]
        stored["status"] = "amended"
        valid(fetch("PUT", f"Observation/{stored['id']}", stored))
        history = valid(fetch("GET", f"Observation/{stored['id']}/_history"))
        expect(history["type"] == "history" and len(history["entry"]) == 2, history.get("entry"))

    def outcomes():
        valid(fetch("POST", "MedicationAdministration", {"resourceType": "MedicationAdministration"}, status=422))
        valid(fetch("GET", "Patient/nobody", status=404))
        valid(fetch("DELETE", f"Observation/{created['id']}"))
        valid(fetch("GET", f"Observation/{created['id']}", status=410))

    def batch_and_transaction():
        batch = {"resourceType": "Bundle", "type": "batch", "entry": [
            {"request": {"method": "GET", "url": "Patient/f001"}},
            {"request": {"method": "GET", "url": "Patient/nobody"}},
        ]}
        expect(valid(fetch("POST", "", batch))["type"] == "batch-response", "no batch-response")
        transaction = {"resourceType": "Bundle", "type": "transaction", "entry": [{
            "fullUrl": "urn:uuid:8c1e5f0a-0000-4000-8000-000000000001",
            "resource": {"resourceType": "Patient", "name": [{"family": "Lovelace", "given": ["Ada"]}]},
            "request": {"method": "POST", "url": "Patient"},
        }]}
        expect(valid(fetch("POST", "", transaction))["type"] == "transaction-response", "no transaction-response")

    for name, check in [
        ("metadata says 5.0.0", metadata),
        ("every resource, searched page by page and read", every_resource),
        ("paging, _include and _summary=count", paging_and_include),
        ("a create's answer, an update and the history", create_and_history),
        ("OperationOutcomes: 422, 404, delete, 410", outcomes),
        ("batch-response and transaction-response", batch_and_transaction),
    ]:
        checks.run(name, check)
    checks.finish()


if __name__ == "__main__":
    main()
