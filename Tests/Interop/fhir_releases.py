"""The tutorial's R4 resources rewritten for STU3, R4B and R5, in plain Python.

This converter is written apart from Medbrain's Swift code on purpose: a test
server fed with its output checks the REPL against shapes that Medbrain itself
did not produce. It covers what the tutorial's dataset holds (Patient,
Medication, MedicationRequest, MedicationAdministration); everything else is
copied as it is. The fhir.resources models of each release validate its
output when FHIRStarter loads it (fhirstarter_server.py).

    from fhir_releases import convert
    stu3_resource = convert(r4_resource, "stu3")
"""

import copy

RELEASES = ("stu3", "r4b", "r5")
FHIR_VERSIONS = {"stu3": "3.0.2", "r4b": "4.3.0", "r5": "5.0.0"}

# The search parameters whose names differ between the releases: the order an
# administration belongs to, and its date.
ORDER_PARAMETER = {"stu3": "prescription", "r4b": "request", "r5": "request"}
DATE_PARAMETER = {"stu3": "effective-time", "r4b": "effective-time", "r5": "date"}


def convert(resource, release):
    """A copy of the R4 `resource` in `release`'s shape."""
    if release not in RELEASES:
        raise ValueError(f"unknown release {release!r}")
    resource = copy.deepcopy(resource)
    if release == "r4b":
        return resource  # R4B keeps R4's shape for all four resource types
    rewrite = {"stu3": STU3, "r5": R5}[release].get(resource["resourceType"])
    return rewrite(resource) if rewrite else resource


def rename(resource, old, new):
    if old in resource:
        resource[new] = resource.pop(old)


# STU3 -------------------------------------------------------------------------


def stu3_dosage(dosage):
    """STU3's Dosage holds dose[x] and rate[x] itself; R4 moved them into doseAndRate."""
    first = (dosage.pop("doseAndRate", None) or [{}])[0]  # STU3 has room for one
    dosage.update({key: value for key, value in first.items() if key.startswith(("dose", "rate"))})
    return dosage


def stu3_medication_request(resource):
    # STU3's requester is a component whose agent is the reference.
    if "requester" in resource:
        resource["requester"] = {"agent": resource["requester"]}
    resource["dosageInstruction"] = [stu3_dosage(d) for d in resource.get("dosageInstruction", [])]
    if not resource["dosageInstruction"]:
        del resource["dosageInstruction"]
    return resource


def stu3_medication_administration(resource):
    # STU3 has no status not-done: the dose was `completed` with notGiven true,
    # and its reason is reasonNotGiven; R4's `request` was `prescription`.
    reasons = resource.pop("statusReason", None)
    if resource.get("status") == "not-done":
        resource["status"] = "completed"
        resource["notGiven"] = True
        if reasons:
            resource["reasonNotGiven"] = reasons
    rename(resource, "request", "prescription")
    return resource


STU3 = {
    "MedicationRequest": stu3_medication_request,
    "MedicationAdministration": stu3_medication_administration,
}

# R5 ---------------------------------------------------------------------------


def codeable_reference(resource):
    """R5 names the medication with one CodeableReference instead of medication[x]."""
    if "medicationCodeableConcept" in resource:
        resource["medication"] = {"concept": resource.pop("medicationCodeableConcept")}
    elif "medicationReference" in resource:
        resource["medication"] = {"reference": resource.pop("medicationReference")}
    return resource


def r5_dosage(dosage):
    # asNeeded[x] split in two: a boolean, and the reasons as a list.
    if "asNeededBoolean" in dosage:
        dosage["asNeeded"] = dosage.pop("asNeededBoolean")
    if "asNeededCodeableConcept" in dosage:
        dosage["asNeededFor"] = [dosage.pop("asNeededCodeableConcept")]
    if isinstance(dosage.get("maxDosePerPeriod"), dict):  # a list in R5
        dosage["maxDosePerPeriod"] = [dosage["maxDosePerPeriod"]]
    return dosage


def r5_medication(resource):
    rename(resource, "form", "doseForm")
    return resource


def r5_medication_request(resource):
    codeable_reference(resource)
    for dosage in resource.get("dosageInstruction", []):
        r5_dosage(dosage)
    return resource


def r5_medication_administration(resource):
    codeable_reference(resource)
    # R5 spells occurence[x] with one r; it replaces effective[x].
    rename(resource, "effectiveDateTime", "occurenceDateTime")
    rename(resource, "effectivePeriod", "occurencePeriod")
    return resource


R5 = {
    "Medication": r5_medication,
    "MedicationRequest": r5_medication_request,
    "MedicationAdministration": r5_medication_administration,
}


def medication_reference(resource):
    """The Medication reference of a MedicationRequest or MedicationAdministration in
    any release, or None when the medication is a code."""
    medication = resource.get("medicationReference") or resource.get("medication", {}).get("reference")
    return (medication or {}).get("reference")


def effective_time(resource):
    """The administration's time as a string (a period's start), in any release."""
    for key in ("effectiveDateTime", "occurenceDateTime"):
        if key in resource:
            return resource[key]
    period = resource.get("effectivePeriod") or resource.get("occurencePeriod") or {}
    return period.get("start")


def order_reference(resource):
    """The order an administration belongs to, in any release."""
    return (resource.get("request") or resource.get("prescription") or {}).get("reference")
