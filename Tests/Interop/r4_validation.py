#!/usr/bin/env python3
"""Every kind of resource Medbrain's built-in server emits in R4 mode, validated
by an independent R4 model: `fhir.resources` 6.4.0 (plain R4, pydantic 1).
Searches, reads, history, paging, `_include`, counts, a create's answer,
OperationOutcomes of refused requests, and batch and transaction responses.

    python r4_validation.py --base URL
"""

import argparse

import requests
from fhir.resources import construct_fhir_element

import bad_resources
import type_model_table
from checks import Checks, expect, REQUEST_TIMEOUT

MIME = "application/fhir+json"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--fhir-version", choices=["r4"], default="r4")
    base = parser.parse_args().base.rstrip("/")
    checks = Checks("fhir.resources R4")
    http = requests.Session()
    http.headers.update({"Accept": MIME})

    def fetch(method, path, body=None, status=200):
        url = path if path.startswith("http") else f"{base}/{path}"
        answer = http.request(method, url, json=body, headers={"Content-Type": MIME}, timeout=REQUEST_TIMEOUT)
        expect(answer.status_code == status, f"{method} {path} answered {answer.status_code}, not {status}")
        return answer.json()

    def valid(json):
        """Validates `json` as its resourceType; nested resources are validated with it."""
        construct_fhir_element(json["resourceType"], json)
        return json

    types = []

    def metadata():
        statement = valid(fetch("GET", "metadata"))
        types.extend(resource["type"] for resource in statement["rest"][0]["resource"])
        expect("MedicationRequest" in types, types)

    def every_resource():
        seen = 0
        for kind in types:
            bundle = valid(fetch("GET", f"{kind}?_count=1000"))
            for entry in bundle.get("entry", []):
                resource = entry["resource"]
                valid(fetch("GET", f"{kind}/{resource['id']}"))
                seen += 1
        print(f"# {seen} resources of {len(types)} types read one by one and validated")
        expect(seen >= 80, f"only {seen} resources")

    def paging_and_include():
        page = valid(fetch("GET", "MedicationRequest?patient=f001&_count=2&_include=MedicationRequest:medication"))
        links = {link["relation"]: link["url"] for link in page["link"]}
        expect("next" in links, links)
        valid(fetch("GET", links["next"]))
        valid(fetch("GET", "MedicationAdministration?patient=f001&_summary=count"))

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
        batch = {
            "resourceType": "Bundle",
            "type": "batch",
            "entry": [
                {"request": {"method": "GET", "url": "Patient/f001"}},
                {"request": {"method": "GET", "url": "Patient/nobody"}},
            ],
        }
        valid(fetch("POST", "", batch))
        transaction = {
            "resourceType": "Bundle",
            "type": "transaction",
            "entry": [
                {
                    "fullUrl": "urn:uuid:8c1e5f0a-0000-4000-8000-000000000001",
                    "resource": {"resourceType": "Patient", "name": [{"family": "Lovelace", "given": ["Ada"]}]},
                    "request": {"method": "POST", "url": "Patient"},
                }
            ],
        }
        valid(fetch("POST", "", transaction))

    for name, check in [
        ("metadata", metadata),
        ("every resource, searched and read", every_resource),
        ("paging, _include and _summary=count", paging_and_include),
        ("a create's answer, an update and the history", create_and_history),
        ("OperationOutcomes: 422, 404, delete, 410", outcomes),
        ("batch-response and transaction-response", batch_and_transaction),
        ("Medbrain's R4 type model has the release's resources and datatypes",
         lambda: type_model_table.check("r4", "fhir.resources")),
        # The same package's DSTU2 models: a second source beside fhirclient's, which DSTU2's table is from.
        ("Medbrain's DSTU2 type model has the release's resources and datatypes",
         lambda: type_model_table.check("dstu2", "fhir.resources.DSTU2")),
        ("Medbrain's R4 validation and the models judge bad Patients alike",
         lambda: bad_resources.check_agreement("r4", base, valid)),
    ]:
        checks.run(name, check)
    checks.finish()


if __name__ == "__main__":
    main()
