#!/usr/bin/env python3
"""Interoperability test: `fhirpy` (the Beda Software FHIR client) against
Medbrain's built-in server in R4: searching, paging through `next` links,
counting, `_include`, creating, reading, updating and deleting through
fhirpy's own API only.

    python fhirpy_interop.py --base URL
"""

import argparse

from fhirpy import SyncFHIRClient
from fhirpy.base.exceptions import OperationOutcome, ResourceNotFound

from checks import Checks, expect, REQUEST_TIMEOUT

PATIENT = "f001"
EFFECTIVE = "2016-08-16T10:00:00Z"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--fhir-version", choices=["r4"], default="r4")
    base = parser.parse_args().base
    client = SyncFHIRClient(base, requests_config={"timeout": REQUEST_TIMEOUT})
    checks = Checks("fhirpy R4")

    def metadata():
        statement = client.execute("metadata", method="get")
        expect(statement["resourceType"] == "CapabilityStatement", statement["resourceType"])
        expect(statement["fhirVersion"].startswith("4.0."), statement["fhirVersion"])

    def patient_by_id():
        patient = client.resources("Patient").search(_id=PATIENT).first()
        expect(patient is not None and patient.id == PATIENT, f"found {patient}")
        expect(patient["name"][0]["family"] == "Mustermann", patient["name"])

    def orders_paged():
        orders = client.resources("MedicationRequest").search(patient=PATIENT).limit(3)
        first_page = orders.fetch()
        expect(len(first_page) == 3, f"first page has {len(first_page)}")
        everything = orders.fetch_all()
        ids = [order.id for order in everything]
        expect(len(ids) == 11 and len(set(ids)) == 11, f"all pages gave {ids}")

    def count():
        total = client.resources("MedicationAdministration").search(patient=PATIENT).count()
        expect(total >= 50, f"count {total}")

    def include():
        bundle = (
            client.resources("MedicationRequest")
            .search(patient=PATIENT)
            .include("MedicationRequest", "medication")
            .fetch_raw()
        )
        types = {entry["resource"]["resourceType"] for entry in bundle["entry"]}
        expect(types == {"MedicationRequest", "Medication"}, f"types {types}")

    created = {}

    def create():
        dose = client.resource(
            "MedicationAdministration",
            status="completed",
            medicationReference={"reference": "Medication/med-novalgin"},
            subject={"reference": f"Patient/{PATIENT}"},
            request={"reference": "MedicationRequest/ord-01"},
            effectivePeriod={"start": EFFECTIVE, "end": EFFECTIVE},
        )
        dose.save()
        expect(dose.id, "no id after save")
        created["dose"] = dose

    def read_back():
        dose = client.reference("MedicationAdministration", created["dose"].id).to_resource()
        expect(dose["status"] == "completed", dose["status"])
        expect(dose["subject"]["reference"] == f"Patient/{PATIENT}", dose["subject"])

    def update():
        dose = created["dose"]
        dose["status"] = "entered-in-error"
        dose.save()
        again = client.reference("MedicationAdministration", dose.id).to_resource()
        expect(again["status"] == "entered-in-error", again["status"])
        expect(again["meta"]["versionId"] == "2", again["meta"])

    def invalid_is_refused():
        bad = client.resource("MedicationAdministration", status="eaten")
        try:
            bad.save()
        except OperationOutcome as outcome:
            expect("status" in str(outcome) or "required" in str(outcome), str(outcome))
            return
        raise AssertionError("the server stored an invalid administration")

    def delete():
        dose = created["dose"]
        dose.delete()
        try:
            client.reference("MedicationAdministration", dose.id).to_resource()
        except (ResourceNotFound, OperationOutcome):
            return
        raise AssertionError("the deleted administration can still be read")

    for name, check in [
        ("metadata is an R4 CapabilityStatement", metadata),
        ("search Patient by _id", patient_by_id),
        ("MedicationRequest paged by next links", orders_paged),
        ("_summary=count", count),
        ("_include of the medication", include),
        ("create a MedicationAdministration", create),
        ("read it back", read_back),
        ("update it (version 2)", update),
        ("an invalid administration is refused", invalid_is_refused),
        ("delete it", delete),
    ]:
        checks.run(name, check)
    checks.finish()


if __name__ == "__main__":
    main()
