#!/usr/bin/env python3
"""Writes vitals-r4.ndjson, the data of lesson 12: the tutorial's patients' vital signs in R4.

Patient f001 (Herbert Mustermann) sees Dr. Eva Lindner three times in summer 2016; at each
visit his blood pressure, heart rate and weight are measured. Between visits he measures his
blood pressure at home every morning in August. Patient f002 has one visit with another
doctor. The numbers follow from the rules below, not from chance, so an instructor can change
them and run this again (python3 lessons/data/make-vitals.py), then `medbrain lesson check`.
"""

import json
import os

LOINC = "http://loinc.org"
UCUM = "http://unitsofmeasure.org"
VITALS = "http://terminology.hl7.org/CodeSystem/observation-category"
MEASURES = {
    "systolic": ("8480-6", "Systolic blood pressure", "mm[Hg]", "mmHg"),
    "diastolic": ("8462-4", "Diastolic blood pressure", "mm[Hg]", "mmHg"),
    "heart rate": ("8867-4", "Heart rate", "/min", "beats/minute"),
    "weight": ("29463-7", "Body weight", "kg", "kg"),
}


def observation(id, patient, measure, value, at, encounter=None, performer=None):
    code, display, unit_code, unit = MEASURES[measure]
    resource = {
        "resourceType": "Observation", "id": id, "status": "final",
        "category": [{"coding": [{"system": VITALS, "code": "vital-signs", "display": "Vital Signs"}]}],
        "code": {"coding": [{"system": LOINC, "code": code, "display": display}], "text": display},
        "subject": {"reference": f"Patient/{patient}"},
        "effectiveDateTime": at,
        "valueQuantity": {"value": value, "unit": unit, "system": UCUM, "code": unit_code},
    }
    if encounter:
        resource["encounter"] = {"reference": f"Encounter/{encounter}"}
    if performer:
        resource["performer"] = [{"reference": f"Practitioner/{performer}"}]
    return resource


def resources():
    yield {"resourceType": "Practitioner", "id": "pr-lindner", "active": True,
           "name": [{"family": "Lindner", "given": ["Eva"], "prefix": ["Dr."]}]}
    yield {"resourceType": "Practitioner", "id": "pr-huber", "active": True,
           "name": [{"family": "Huber", "given": ["Karl"], "prefix": ["Dr."]}]}
    yield {"resourceType": "Condition", "id": "cond-hypertension",
           "clinicalStatus": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/condition-clinical",
                                          "code": "active"}]},
           "code": {"coding": [{"system": "http://snomed.info/sct", "code": "38341003",
                                "display": "Hypertensive disorder"}], "text": "High blood pressure"},
           "subject": {"reference": "Patient/f001"}, "onsetDateTime": "2015-03-02",
           "recorder": {"reference": "Practitioner/pr-lindner"}}
    visits = [("enc-1", "2016-06-14", 152, 94, 78, 91.5), ("enc-2", "2016-07-12", 146, 91, 74, 90.8),
              ("enc-3", "2016-08-09", 138, 88, 71, 90.1)]
    for encounter, day, systolic, diastolic, rate, weight in visits:
        yield {"resourceType": "Encounter", "id": encounter, "status": "finished",
               "class": {"system": "http://terminology.hl7.org/CodeSystem/v3-ActCode", "code": "AMB",
                         "display": "ambulatory"},
               "subject": {"reference": "Patient/f001"},
               "participant": [{"individual": {"reference": "Practitioner/pr-lindner"}}],
               "period": {"start": f"{day}T09:00:00+02:00", "end": f"{day}T09:30:00+02:00"}}
        at = f"{day}T09:10:00+02:00"
        for measure, value in (("systolic", systolic), ("diastolic", diastolic), ("heart rate", rate),
                               ("weight", weight)):
            short = {"systolic": "sys", "diastolic": "dia", "heart rate": "hr", "weight": "wt"}[measure]
            yield observation(f"{encounter}-{short}", "f001", measure, value, at, encounter, "pr-lindner")
    # Home readings, each morning of 1 to 10 August: high at first, lower as the new dose works.
    for day in range(1, 11):
        value = 150 - 2 * day + (6 if day % 3 == 0 else 0)
        yield observation(f"home-{day:02d}", "f001", "systolic", value, f"2016-08-{day:02d}T07:30:00+02:00")
    yield {"resourceType": "Encounter", "id": "enc-9", "status": "finished",
           "class": {"system": "http://terminology.hl7.org/CodeSystem/v3-ActCode", "code": "AMB"},
           "subject": {"reference": "Patient/f002"},
           "participant": [{"individual": {"reference": "Practitioner/pr-huber"}}],
           "period": {"start": "2016-08-02T10:00:00+02:00", "end": "2016-08-02T10:20:00+02:00"}}
    for measure, value in (("systolic", 121), ("heart rate", 66)):
        short = {"systolic": "sys", "heart rate": "hr"}[measure]
        yield observation(f"enc-9-{short}", "f002", measure, value, "2016-08-02T10:05:00+02:00", "enc-9", "pr-huber")


if __name__ == "__main__":
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "vitals-r4.ndjson")
    with open(path, "w", encoding="utf-8") as file:
        for resource in resources():
            file.write(json.dumps(resource, ensure_ascii=False) + "\n")
    print(f"wrote {path}")
