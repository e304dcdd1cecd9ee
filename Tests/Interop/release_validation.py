#!/usr/bin/env python3
"""Every kind of resource Medbrain's built-in server emits in STU3, R4B or R5 mode,
validated by an independent model of that release: `fhir.resources` 8.x (R5 its
default package, STU3 and R4B subpackages). Searches followed page by page, reads,
`_include`, counts, the release's own search parameters, a create's answer,
history, OperationOutcomes of refused requests, batch and transaction responses.

The models forbid elements their release does not have, so another release's
shape in an answer (R4's request on an STU3 MedicationAdministration, effective[x]
on an R5 one) fails here. The first check proves that on hand-written JSON;
`--self-test` runs only it, without a server.

    python release_validation.py --base URL --fhir-version stu3
    python release_validation.py --self-test --fhir-version r5
"""

import argparse
import importlib

import bad_resources
import type_model_table
from checks import Checks, expect, REQUEST_TIMEOUT

MIME = "application/fhir+json"
CONCEPT = {"coding": [{"system": "http://medbrain.example/medication-codes", "code": "NOV-500"}]}
PATIENT = {"reference": "Patient/f001"}
ORDER_01 = {"reference": "MedicationRequest/ord-01"}
CIPROXIN = {"reference": "Medication/med-ciproxin"}
WHEN = "2014-06-18T08:00:00+02:00"
DOSE = {"resourceType": "MedicationAdministration", "subject": PATIENT}
MEDICATION = {"resourceType": "Medication", "id": "med-novalgin", "code": CONCEPT}
ORDER = {"resourceType": "MedicationRequest", "id": "ord-11", "status": "active", "intent": "order", "subject": PATIENT}


def swap(resource, old, new, value=None):
    """A copy of `resource` with element `old` renamed `new` (and given `value`, if any)."""
    copy = {key: item for key, item in resource.items() if key != old}
    copy[new] = resource[old] if value is None else value
    return copy


STU3_DOSE = {**DOSE, "status": "completed", "notGiven": True, "reasonNotGiven": [{"text": "refused"}],
             "medicationCodeableConcept": CONCEPT, "effectiveDateTime": WHEN, "prescription": ORDER_01}
STU3_ORDER = {**ORDER, "medicationReference": CIPROXIN, "requester": {"agent": {"reference": "Practitioner/f007"}},
              "dosageInstruction": [{"text": "1 tablet twice a day", "asNeededBoolean": False,
                                     "doseQuantity": {"value": 1, "unit": "tablet"}}]}
R5_DOSE = {**DOSE, "status": "not-done", "statusReason": [{"text": "refused"}], "medication": {"concept": CONCEPT},
           "occurenceDateTime": WHEN, "request": ORDER_01}
R5_ORDER = {**ORDER, "medication": {"reference": CIPROXIN},
            "dosageInstruction": [{"text": "1 tablet twice a day", "asNeeded": False,
                                   "doseAndRate": [{"doseQuantity": {"value": 1, "unit": "tablet"}}]}]}
STU3_MEDICATION = {**MEDICATION, "form": {"text": "drops"}}
R5_MEDICATION = {**MEDICATION, "doseForm": {"text": "drops"}}
R4_DOSE = swap(swap(R5_DOSE, "medication", "medicationCodeableConcept", CONCEPT),  # R4's medication[x]
               "occurenceDateTime", "effectiveDateTime")
R4_ORDER = {**ORDER, "medicationReference": CIPROXIN,
            "dosageInstruction": [{"text": "1 tablet twice a day", "asNeededBoolean": False,
                                   "doseAndRate": [{"doseQuantity": {"value": 1, "unit": "tablet"}}]}]}

# What differs between the releases. `r4_shapes` are the release's hand-written
# resources with one R4 element each, which its models must refuse; `refused`
# are administrations its server must answer with 422, and the element the
# OperationOutcome names.
RELEASES = {
    "stu3": {
        "label": "STU3", "models": "fhir.resources.STU3", "fhirVersion": "3.0.2",
        "order": "prescription", "date": "effective-time",
        "dose": STU3_DOSE, "order_resource": STU3_ORDER, "medication": STU3_MEDICATION,
        "statement": {"acceptUnknown": "no"},  # 1..1 in STU3, gone in R4
        "r4_shapes": [swap(STU3_DOSE, "prescription", "request"), swap(STU3_DOSE, "reasonNotGiven", "statusReason"),
                      swap(STU3_ORDER, "requester", "requester", {"reference": "Practitioner/f007"}),
                      {**STU3_ORDER, "dosageInstruction": [{"doseAndRate": [{"doseQuantity": {"value": 1}}]}]}],
        "refused": [({**STU3_DOSE, "status": "not-done"}, "MedicationAdministration.status"),
                    (R5_DOSE, "MedicationAdministration.effective[x]")],
    },
    # R4B kept R4's medication resources: its own shapes are R4's, STU3's and R5's are refused.
    "r4b": {
        "label": "R4B", "models": "fhir.resources.R4B", "fhirVersion": "4.3.0",
        "order": "request", "date": "effective-time",
        "dose": R4_DOSE, "order_resource": R4_ORDER, "medication": STU3_MEDICATION, "statement": {},
        "r4_shapes": [swap(R4_DOSE, "effectiveDateTime", "occurenceDateTime"),
                      swap(R4_DOSE, "request", "prescription"),
                      swap(R4_ORDER, "medicationReference", "medication", {"reference": CIPROXIN}),
                      swap(STU3_MEDICATION, "form", "doseForm")],
        "refused": [(STU3_DOSE, "MedicationAdministration.notGiven"),
                    (R5_DOSE, "MedicationAdministration.occurenceDateTime")],
    },
    "r5": {
        "label": "R5", "models": "fhir.resources", "fhirVersion": "5.0.0",
        "order": "request", "date": "date",
        "dose": R5_DOSE, "order_resource": R5_ORDER, "medication": R5_MEDICATION, "statement": {},
        "r4_shapes": [swap(R5_DOSE, "occurenceDateTime", "effectiveDateTime"),
                      swap(R5_ORDER, "medication", "medicationReference", CIPROXIN),
                      {**R5_ORDER, "dosageInstruction": [{"text": "as needed", "asNeededBoolean": True}]},
                      swap(R5_MEDICATION, "doseForm", "form")],
        "refused": [(R4_DOSE, "MedicationAdministration.occurence[x]"),
                    (STU3_DOSE, "MedicationAdministration.medication")],
    },
}


def validator(release):
    """valid(json) validates `json` (and resources inside it) with `release`'s models."""
    models = importlib.import_module(RELEASES[release]["models"])

    def valid(json):
        models.get_fhir_model_class(json["resourceType"]).model_validate(json)
        return json

    return valid


def self_test(release):
    """The models accept the release's hand-written resources, not R4's shapes or other releases' doses."""
    table, valid = RELEASES[release], validator(release)
    version = importlib.import_module(table["models"]).__fhir_version__
    expect(version == table["fhirVersion"], f"{table['models']} models FHIR {version}")
    searchset = {"resourceType": "Bundle", "type": "searchset", "total": 2,
                 "link": [{"relation": "self", "url": "http://127.0.0.1/fhir/MedicationRequest?patient=f001"}],
                 "entry": [{"fullUrl": "http://127.0.0.1/fhir/MedicationRequest/ord-11",
                            "resource": table["order_resource"], "search": {"mode": "match"}},
                           {"fullUrl": "http://127.0.0.1/fhir/Medication/med-novalgin",
                            "resource": table["medication"], "search": {"mode": "include"}}]}
    outcome = {"resourceType": "OperationOutcome",
               "issue": [{"severity": "error", "code": "required", "diagnostics": "status is missing",
                          "expression": ["MedicationAdministration.status"]}]}
    statement = {"resourceType": "CapabilityStatement", "status": "active", "date": "2016-08-16", "kind": "instance",
                 "fhirVersion": table["fhirVersion"], "format": ["json"], **table["statement"],
                 "rest": [{"mode": "server",
                           "resource": [{"type": "MedicationAdministration", "interaction": [{"code": "read"}]}]}]}
    for resource in (table["dose"], table["order_resource"], table["medication"], searchset, outcome, statement):
        valid(resource)
    nested = {**searchset, "entry": [{**searchset["entry"][0], "resource": table["r4_shapes"][0]}]}
    others = [RELEASES[other]["dose"] for other in RELEASES if other != release]
    for resource in table["r4_shapes"] + [nested] + others:
        try:
            valid(resource)
        except ValueError:  # pydantic's ValidationError is one
            continue
        raise AssertionError(f"another release's shape passed: {resource}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base")
    parser.add_argument("--fhir-version", choices=sorted(RELEASES), required=True)
    parser.add_argument("--self-test", action="store_true", help="only check the models on hand-written JSON")
    arguments = parser.parse_args()
    if not arguments.base and not arguments.self_test:
        parser.error("give --base URL, or --self-test")
    release = arguments.fhir_version
    table, valid = RELEASES[release], validator(release)
    checks = Checks(f"fhir.resources {table['label']}")
    checks.run(f"the {table['label']} models accept {table['label']} and refuse other releases' shapes",
               lambda: self_test(release))
    checks.run(f"Medbrain's {table['label']} type model has the release's resources and datatypes",
               lambda: type_model_table.check(release, table["models"]))
    if arguments.self_test:
        checks.finish()
    import requests  # only needed with a server

    base = arguments.base.rstrip("/")
    http = requests.Session()
    http.headers.update({"Accept": MIME})

    def fetch(method, path, body=None, status=200):
        url = path if path.startswith("http") else f"{base}/{path}"
        answer = http.request(method, url, json=body, headers={"Content-Type": MIME}, timeout=REQUEST_TIMEOUT)
        expect(answer.status_code == status, f"{method} {path} answered {answer.status_code}, not {status}")
        return answer.json()

    checks.run(f"Medbrain's {table['label']} validation and the models judge bad Patients alike",
               lambda: bad_resources.check_agreement(release, base, valid))

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
        statement = fetch("GET", "metadata")
        types.extend(resource["type"] for resource in statement["rest"][0]["resource"])
        expect(statement["fhirVersion"] == table["fhirVersion"], statement["fhirVersion"])
        expect("MedicationRequest" in types and "MedicationAdministration" in types, types)
        valid(statement)

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

    def order_and_date():
        """The release's names of an administration's order and date parameters narrow the search."""
        every = fetch("GET", "MedicationAdministration?_summary=count")["total"]
        for query in (f"{table['order']}=MedicationRequest/ord-01", f"{table['date']}=2014-06-18"):
            found = [entry["resource"] for bundle in pages(f"MedicationAdministration?{query}")
                     for entry in bundle.get("entry", [])]
            expect(0 < len(found) < every, f"{query}: {len(found)} of {every} administrations")
            expect("adm-001" in [resource["id"] for resource in found], f"{query}: no adm-001")

    created = {}

    def create_and_history():
        dose = valid(fetch("POST", "MedicationAdministration", table["dose"], status=201))
        expect(dose.get("id") and dose["subject"] == PATIENT, dose)
        observation = {"resourceType": "Observation", "status": "final", "subject": PATIENT,
                       "code": {"coding": [{"system": "http://loinc.org", "code": "55423-8"}]},
                       "effectiveDateTime": "2016-08-16T20:00:00+02:00",
                       "valueQuantity": {"value": 8000, "unit": "steps"}}
        stored = valid(fetch("POST", "Observation", observation, status=201))
        created["id"] = stored["id"]
        stored["status"] = "amended"
        valid(fetch("PUT", f"Observation/{stored['id']}", stored))
        history = valid(fetch("GET", f"Observation/{stored['id']}/_history"))
        expect(history["type"] == "history" and len(history["entry"]) == 2, history.get("entry"))

    def outcomes():
        empty = {"resourceType": "MedicationAdministration"}
        for resource, element in [(empty, "MedicationAdministration.status")] + table["refused"]:
            outcome = valid(fetch("POST", "MedicationAdministration", resource, status=422))
            named = [name for issue in outcome["issue"] for name in issue.get("expression", [])]
            expect(element in named, f"{element} not among {named}")
        valid(fetch("GET", "Patient/nobody", status=404))
        valid(fetch("DELETE", f"Observation/{created['id']}"))
        valid(fetch("GET", f"Observation/{created['id']}", status=410))

    def batch_and_transaction():
        batch = {"resourceType": "Bundle", "type": "batch", "entry": [
            {"request": {"method": "GET", "url": "Patient/f001"}},
            {"request": {"method": "GET", "url": "Patient/nobody"}}]}
        expect(valid(fetch("POST", "", batch))["type"] == "batch-response", "no batch-response")
        transaction = {"resourceType": "Bundle", "type": "transaction", "entry": [{
            "fullUrl": "urn:uuid:8c1e5f0a-0000-4000-8000-000000000001",
            "resource": {"resourceType": "Patient", "name": [{"family": "Lovelace", "given": ["Ada"]}]},
            "request": {"method": "POST", "url": "Patient"},
        }]}
        expect(valid(fetch("POST", "", transaction))["type"] == "transaction-response", "no transaction-response")

    for name, check in [
        (f"metadata, fhirVersion {table['fhirVersion']}", metadata),
        ("every resource, searched page by page and read", every_resource),
        ("paging, _include and _summary=count", paging_and_include),
        (f"administrations by {table['order']} and {table['date']}", order_and_date),
        ("a create's answer, an update and the history", create_and_history),
        ("OperationOutcomes: 422, 404, delete, 410", outcomes),
        ("batch-response and transaction-response", batch_and_transaction),
    ]:
        checks.run(name, check)
    checks.finish()


if __name__ == "__main__":
    main()
