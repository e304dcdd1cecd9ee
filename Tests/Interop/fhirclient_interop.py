#!/usr/bin/env python3
"""Interoperability test: the SMART on FHIR Python client `fhirclient` against
Medbrain's built-in FHIR server.

    python fhirclient_interop.py --base URL --fhir-version dstu2|r4

Use fhirclient 1.0.6 for DSTU2 and fhirclient 4.4.0 for R4 (scripts/interop
sets up both virtualenvs and starts the server). The checks go through
fhirclient's own API only: FHIRClient/FHIRServer, the model classes' `where`
(search), `read`, `create`, and their JSON (de)serialization, which validates
strictly, so a response the library cannot parse fails the check.

Each check prints `ok - NAME` or `not ok - NAME: reason`; lines starting with
`#` are diagnostics. The last line is `fhirclient DSTU2: N passed, M failed`
(or R4). Exit status: 0 when all passed, 1 when a check failed, 2 on a usage
error or a fhirclient version that does not fit the FHIR version.
"""

import argparse
import functools
import re
import sys
import traceback

import requests

# fhirclient 1.0.6 puts its own directory on sys.path in its __init__ (it
# still uses Python 2 style imports such as `from server import FHIRServer`),
# so import the package first.
import fhirclient  # noqa: F401
from fhirclient import client as fc_client

PATIENT_ID = "f001"
ORDER_ID = "ord-01"
MIN_ORDERS = 8
EFFECTIVE = "2016-08-16T10:00:00Z"  # the server's --now
HTTP_TIMEOUT = 120  # seconds per request, so that a hung server fails a check

VERSIONS = {
    "dstu2": {
        "label": "DSTU2",
        "client_major": "1",
        "fhir_prefix": "1.0.",
        "metadata_type": "Conformance",
        "order_type": "MedicationOrder",
    },
    "r4": {
        "label": "R4",
        "client_major": "4",
        "fhir_prefix": "4.0.",
        "metadata_type": "CapabilityStatement",
        "order_type": "MedicationRequest",
    },
}


# MARK: - helpers

def type_name(resource):
    """The resourceType of a model instance (`resource_name` in fhirclient
    1.x, `resource_type` in 4.x)."""
    for attr in ("resource_type", "resource_name"):
        value = getattr(resource, attr, None)
        if isinstance(value, str):
            return value
    return type(resource).__name__


def one_line(text, limit=600):
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit] + "..."


def describe(exc):
    """A one-line reason for an exception, with the HTTP response if any."""
    response = getattr(exc, "response", None)
    name = type(exc).__name__
    if response is not None and hasattr(response, "status_code"):
        body = one_line(getattr(response, "text", ""), 300)
        return "{} (HTTP {} for {} {}): {}".format(
            name, response.status_code,
            getattr(response.request, "method", "?"), response.url, body)
    msg = one_line(exc) or repr(exc)
    return "{}: {}".format(name, msg)


def same_reference(ref, expected, base):
    """True if FHIRReference `ref` points to `expected` ("Type/id"), relative
    or absolute against the server base."""
    if ref is None or not ref.reference:
        return False
    value = ref.reference
    return value == expected or value == base.rstrip("/") + "/" + expected \
        or value.endswith("/" + expected)


def codings(concept):
    if concept is None or not concept.coding:
        return set()
    return {(c.system, c.code) for c in concept.coding}


class CheckFailed(Exception):
    pass


def require(condition, reason):
    if not condition:
        raise CheckFailed(reason)


# MARK: - the test

class Interop:
    def __init__(self, base, version):
        self.base = base
        self.version = version
        self.cfg = VERSIONS[version]
        self.dstu2 = version == "dstu2"
        self.passed = 0
        self.failed = 0
        self.responses = []
        self.orders = None
        self.order = None
        self.created_id = None
        self.sent = None

        self.smart = fc_client.FHIRClient(settings={
            "app_id": "medbrain-interop",
            "api_base": base,
        })
        self.server = self.smart.server
        session = self.server.session
        # Observe (not change) what goes over the wire: every response is
        # logged and kept, so create's status and Location can be checked.
        session.hooks["response"].append(self._on_response)
        # fhirclient sets no timeout; give each request one.
        session.request = functools.partial(session.request, timeout=HTTP_TIMEOUT)

        if self.dstu2:
            from fhirclient.models import medicationorder, fhirdate
            self.Order = medicationorder.MedicationOrder
            self.DateTime = fhirdate.FHIRDate
        else:
            from fhirclient.models import medicationrequest, fhirdatetime
            self.Order = medicationrequest.MedicationRequest
            self.DateTime = fhirdatetime.FHIRDateTime
        from fhirclient.models import (patient, medicationadministration,
                                       fhirreference, codeableconcept)
        self.Patient = patient.Patient
        self.Administration = medicationadministration.MedicationAdministration
        self.Reference = fhirreference.FHIRReference
        self.CodeableConcept = codeableconcept.CodeableConcept

    def _on_response(self, response, *args, **kwargs):
        self.responses.append(response)
        req = response.request
        print("# {} {} -> {} ({})".format(
            req.method, req.url, response.status_code,
            response.headers.get("Content-Type", "no Content-Type")))
        return response

    def check(self, name, func):
        try:
            func()
        except CheckFailed as exc:
            self.failed += 1
            print("not ok - {}: {}".format(name, exc))
        except Exception as exc:  # one failure must not hide the others
            self.failed += 1
            print("not ok - {}: {}".format(name, describe(exc)))
            if not isinstance(exc, requests.RequestException) and getattr(exc, "response", None) is None \
                    and type(exc).__name__ != "FHIRValidationError":
                for line in traceback.format_exc().rstrip().splitlines()[-7:-1]:
                    print("#   " + line)
        else:
            self.passed += 1
            print("ok - {}".format(name))
        sys.stdout.flush()

    # Search through the library; 4.x deprecates perform_resources() in
    # favour of perform_resources_iter() (which follows `next` links).
    @staticmethod
    def search(model, struct, server):
        search = model.where(struct=struct)
        if hasattr(search, "perform_resources_iter"):
            return list(search.perform_resources_iter(server))
        return search.perform_resources(server)

    # (a)
    def check_metadata(self):
        ready = self.smart.prepare()  # GET [base]/metadata, sets up auth
        if self.dstu2:
            statement = self.server.conformance
        else:
            statement = self.server.capabilityStatement
        require(statement is not None, "no {} after prepare()".format(self.cfg["metadata_type"]))
        require(type_name(statement) == self.cfg["metadata_type"],
                "got {} instead of {}".format(type_name(statement), self.cfg["metadata_type"]))
        require(ready, "client not ready after reading metadata (auth type {})".format(
            self.server.auth.auth_type if self.server.auth else None))
        version = statement.fhirVersion or ""
        require(version.startswith(self.cfg["fhir_prefix"]),
                "fhirVersion is {!r}, expected {}x".format(version, self.cfg["fhir_prefix"]))
        listed = {}
        for rest in statement.rest or []:
            for res in rest.resource or []:
                listed.setdefault(res.type, set()).update(
                    i.code for i in (res.interaction or []))
        wanted = {
            "Patient": "search-type",
            self.cfg["order_type"]: "search-type",
            "MedicationAdministration": "create",
        }
        missing = [t for t in wanted if t not in listed]
        require(not missing, "resource types not listed: {} (listed: {})".format(
            ", ".join(missing), ", ".join(sorted(listed)) or "none"))
        for rtype, code in list(wanted.items()) + [("MedicationAdministration", "read")]:
            if code not in listed[rtype]:
                print("# note: {} does not list interaction {!r} (has {})".format(
                    rtype, code, sorted(listed[rtype])))

    # (b)
    def check_patient_search(self):
        found = self.search(self.Patient, {"_id": PATIENT_ID}, self.server)
        require(len(found) == 1, "expected 1 Patient, got {}: {}".format(
            len(found), [(type_name(r), r.id) for r in found]))
        require(type_name(found[0]) == "Patient", "entry is a {}".format(type_name(found[0])))
        require(found[0].id == PATIENT_ID, "entry has id {!r}".format(found[0].id))

    def load_orders(self):
        if self.orders is None:
            self.orders = self.search(self.Order, {"patient": PATIENT_ID}, self.server)
        return self.orders

    def order_patient(self, order):
        return order.patient if self.dstu2 else order.subject

    # (c)
    def check_order_search(self):
        orders = self.load_orders()
        require(len(orders) >= MIN_ORDERS, "expected at least {} {}s, got {}".format(
            MIN_ORDERS, self.cfg["order_type"], len(orders)))
        wrong_type = [(type_name(o), o.id) for o in orders if type_name(o) != self.cfg["order_type"]]
        require(not wrong_type, "entries of another type: {}".format(wrong_type))
        expected = "Patient/" + PATIENT_ID
        foreign = [(o.id, getattr(self.order_patient(o), "reference", None))
                   for o in orders if not same_reference(self.order_patient(o), expected, self.base)]
        require(not foreign, "orders not for {}: {}".format(expected, foreign))
        print("# {} {}s for {}".format(len(orders), self.cfg["order_type"], PATIENT_ID))

    def build_administration(self, order):
        ma = self.Administration()
        ma.status = "completed"
        patient = self.Reference({"reference": "Patient/" + PATIENT_ID})
        prescription = self.Reference({"reference": "{}/{}".format(self.cfg["order_type"], ORDER_ID)})
        effective = self.DateTime(EFFECTIVE)
        if self.dstu2:
            ma.patient = patient
            ma.prescription = prescription
            ma.effectiveTimeDateTime = effective
        else:
            ma.subject = patient
            ma.request = prescription
            ma.effectiveDateTime = effective
        ma.medicationCodeableConcept = self.CodeableConcept(order.medicationCodeableConcept.as_json())
        return ma

    # (d)
    def check_create(self):
        orders = self.load_orders()
        matching = [o for o in orders if o.id == ORDER_ID]
        require(matching, "order {} not among the search results".format(ORDER_ID))
        self.order = matching[0]
        require(self.order.medicationCodeableConcept is not None,
                "order {} has no medicationCodeableConcept".format(ORDER_ID))
        ma = self.build_administration(self.order)
        self.sent = ma
        before = len(self.responses)
        if self.dstu2:
            # fhirclient 1.0.6's create() POSTs to relativePath(), which is
            # "MedicationAdministration/None" for a resource without id (a
            # library bug). Post to the type endpoint through the same
            # FHIRServer, exactly as create() would otherwise.
            response = self.server.post_json(ma.relativeBase(), ma.as_json())
            body = response.json() if len(response.text) > 0 else None
        else:
            body = ma.create(self.server)  # POST [base]/MedicationAdministration
        require(len(self.responses) > before, "no HTTP response seen")
        response = self.responses[-1]
        require(response.request.method == "POST", "last request was {}".format(response.request.method))
        require(response.status_code == 201, "status {} instead of 201".format(response.status_code))

        ids = {}
        location = response.headers.get("Location") or response.headers.get("Content-Location")
        if location:
            match = re.search(r"(?:^|/)MedicationAdministration/([A-Za-z0-9\-.]{1,64})(?:/_history/[^/]+)?/?$",
                              location)
            require(match, "Location {!r} does not name a MedicationAdministration".format(location))
            ids["Location"] = match.group(1)
        else:
            print("# note: no Location header in the create response")
        if body is not None:
            returned = self.Administration(body)  # strict parse of the returned resource
            require(returned.id, "returned body has no id")
            require(returned.status == "completed", "returned status {!r}".format(returned.status))
            ids["body"] = returned.id
        else:
            print("# note: empty body in the create response")
        require(ids, "neither a Location header nor a body with an id")
        require(len(set(ids.values())) == 1, "ids disagree: {}".format(ids))
        self.created_id = next(iter(ids.values()))
        require(self.created_id not in {o.id for o in orders} | {ORDER_ID},
                "new id {!r} clashes with an order id".format(self.created_id))
        print("# created MedicationAdministration/{} (id from {})".format(
            self.created_id, " and ".join(sorted(ids))))

    # (e)
    def check_read(self):
        require(self.created_id, "nothing was created, so nothing to read")
        got = self.Administration.read(self.created_id, self.server)
        sent = self.sent
        problems = []
        if got.id != self.created_id:
            problems.append("id {!r}".format(got.id))
        if got.status != "completed":
            problems.append("status {!r}".format(got.status))
        if self.dstu2:
            pat, presc, eff = got.patient, got.prescription, got.effectiveTimeDateTime
            names = ("patient", "prescription", "effectiveTimeDateTime")
        else:
            pat, presc, eff = got.subject, got.request, got.effectiveDateTime
            names = ("subject", "request", "effectiveDateTime")
        if not same_reference(pat, "Patient/" + PATIENT_ID, self.base):
            problems.append("{} {!r}".format(names[0], getattr(pat, "reference", None)))
        order_ref = "{}/{}".format(self.cfg["order_type"], ORDER_ID)
        if not same_reference(presc, order_ref, self.base):
            problems.append("{} {!r}".format(names[1], getattr(presc, "reference", None)))
        expected_when = self.DateTime(EFFECTIVE).date
        if eff is None or eff.date != expected_when:
            problems.append("{} {!r}".format(names[2], eff.as_json() if eff is not None else None))
        if got.medicationCodeableConcept is None:
            problems.append("medicationCodeableConcept missing")
        elif codings(got.medicationCodeableConcept) != codings(sent.medicationCodeableConcept):
            problems.append("medicationCodeableConcept codings {} instead of {}".format(
                sorted(codings(got.medicationCodeableConcept)),
                sorted(codings(sent.medicationCodeableConcept))))
        require(not problems, "read back differs: " + "; ".join(problems))

    # (f) the client's own models are strict: any element this version does not have
    # (say an R4 element left in DSTU2 data) raises. Page through every type the
    # tutorial uses; 4.x follows the server's `next` links itself.
    def check_strict_parse(self):
        from fhirclient.models import medication
        counts = {}
        page = "20" if not self.dstu2 else "500"
        for model in (self.Patient, medication.Medication, self.Order, self.Administration):
            name = model.__name__
            resources = self.search(model, {"_count": page}, self.server)
            require(resources, "no {} resources".format(name))
            require(all(type_name(r) == name for r in resources), "{} search returned other types".format(name))
            counts[name] = len(resources)
        print("# parsed strictly: " + ", ".join("{} {}".format(n, t) for t, n in counts.items()))
        require(counts["MedicationAdministration"] > 20, "only {} administrations".format(
            counts["MedicationAdministration"]))

    def run(self):
        label = self.cfg["label"]
        print("# fhirclient {} against {} ({})".format(fc_client.__version__, self.base, label))
        meta = "read metadata ({})".format(self.cfg["metadata_type"])
        self.check(meta, self.check_metadata)
        self.check("search Patient _id={}".format(PATIENT_ID), self.check_patient_search)
        self.check("search {} patient={}".format(self.cfg["order_type"], PATIENT_ID),
                   self.check_order_search)
        self.check("create MedicationAdministration for {}".format(ORDER_ID), self.check_create)
        self.check("read MedicationAdministration back", self.check_read)
        self.check("every resource parses in the client's strict models", self.check_strict_parse)
        print("fhirclient {}: {} passed, {} failed".format(label, self.passed, self.failed))
        return 0 if self.failed == 0 else 1


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", required=True, help="FHIR base URL, e.g. http://127.0.0.1:8080/fhir")
    parser.add_argument("--fhir-version", required=True, choices=sorted(VERSIONS))
    args = parser.parse_args(argv)

    cfg = VERSIONS[args.fhir_version]
    have = fc_client.__version__
    if have.split(".")[0] != cfg["client_major"]:
        print("# fhirclient {} does not speak {} (want {}.x)".format(
            have, cfg["label"], cfg["client_major"]), file=sys.stderr)
        print("fhirclient {}: 0 passed, 6 failed".format(cfg["label"]))
        return 2
    return Interop(args.base, args.fhir_version).run()


if __name__ == "__main__":
    sys.exit(main())
