#!/usr/bin/env python3
"""US Core 9.0.0 (../shared/reference/us-core, CC0) checked with `medbrain validate`.

1. Every example, validated against the profiles it declares (meta.profile) with US Core's
   definitions read as a package (`--package input/resources`), must be valid; the ones that are
   not are listed in us-core-known.txt beside this file with why, and the list is checked both
   ways (a listed example that became valid fails the run too).
2. For each medication profile, copies of its examples with one of its rules broken each (a
   slice or element it requires missing, its invariant broken, a type or target it does not
   allow, a pattern of a profile it names broken), each of which must be refused with an error
   at the place the rule governs; every copy is also checked to be valid before it is broken,
   so a mutation that refuses for another reason cannot pass.

    python3 Tests/Validator/us_core.py .build/debug/medbrain
"""

import copy
import json
import pathlib
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
US_CORE = HERE.parent.parent.parent / "shared/reference/us-core/input"
KNOWN = HERE / "us-core-known.txt"
PROFILE = "http://hl7.org/fhir/us/core/StructureDefinition/"


def validate(medbrain, files, *extra):
    result = subprocess.run(
        [medbrain, "validate", "--fhir-version", "r4", "--format", "json", "--package", str(US_CORE / "resources"),
         *extra, *map(str, files)], capture_output=True, text=True, timeout=900)
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    if len(lines) != len(files):
        sys.exit(f"medbrain validate gave {len(lines)} results for {len(files)} files:\n{result.stderr}")
    return lines


def errors(line):
    return [i for i in line["issues"] if i["severity"] == "error"]


def without(path):
    """A mutation that removes the member at a dotted path (list items by number)."""
    def mutate(resource):
        *parents, last = path.split(".")
        node = resource
        for step in parents:
            node = node[int(step)] if step.isdigit() else node[step]
        del node[int(last) if last.isdigit() else last]
    return mutate


def setting(path, value):
    def mutate(resource):
        *parents, last = path.split(".")
        node = resource
        for step in parents:
            node = node[int(step)] if step.isdigit() else node[step]
        node[int(last) if last.isdigit() else last] = value
    return mutate


def both(*mutations):
    def mutate(resource):
        for mutation in mutations:
            mutation(resource)
    return mutate


# Each: example file, what is broken, the mutation, where the error must be (a path prefix).
MUTATIONS = [
    ("medicationrequest-coded-oral-axid.json", "us-core-21: an order without a requester",
     without("requester"), "MedicationRequest"),
    ("medicationrequest-coded-oral-axid.json", "subject refers to a Practitioner, not a Patient or Group",
     setting("subject", {"reference": "Practitioner/practitioner-1"}), "MedicationRequest.subject"),
    ("medicationrequest-self-tylenol.json", "reported[x] as a string, which the profile does not allow",
     both(without("reportedBoolean"), setting("reportedString", "yes")), "MedicationRequest.reported"),
    ("medicationrequest-self-tylenol.json", "the adherence extension without its required dateAsserted slice",
     setting("extension", [{
         "url": PROFILE + "us-core-medication-adherence",
         "extension": [{"url": "medicationAdherence", "valueCodeableConcept": {"text": "taking"}},
                       {"url": "informationSource", "valueCodeableConcept": {"text": "patient"}}]}]),
     "MedicationRequest.extension"),
    ("medicationrequest-coded-oral-axid.json", "a dose with a comparator, which SimpleQuantity forbids",
     setting("dosageInstruction.0.doseAndRate.0.doseQuantity.comparator", "<"),
     "MedicationRequest.dosageInstruction[0].doseAndRate[0].doseQuantity"),
    ("medicationdispense-example.json", "us-core-20: completed without whenHandedOver",
     both(setting("status", "completed"), without("whenHandedOver")), "MedicationDispense"),
    ("medicationdispense-example.json", "performer.actor refers to a Location, not a person, organization or device",
     setting("performer", [{"actor": {"reference": "Location/hospital"}}]), "MedicationDispense.performer[0].actor"),
    ("medicationrequest-contained-oral-axid.json", "the contained Medication without the code us-core-medication requires",
     without("contained.0.code"), "MedicationRequest.contained[0]"),
]


def read_known():
    if not KNOWN.exists():
        return {}
    rows = [line.split("\t") for line in KNOWN.read_text().splitlines() if line and not line.startswith("#")]
    return {row[0]: row[1] for row in rows}


def examples(medbrain):
    files = sorted((US_CORE / "examples").glob("*.json"))
    lines = validate(medbrain, files)
    invalid = {f.name: errors(line) for f, line in zip(files, lines) if errors(line)}
    known = read_known()
    print(f"US Core 9.0.0 examples: {len(files) - len(invalid)} of {len(files)} valid against the profiles they declare")
    failures = []
    for name in sorted(invalid):
        if name not in known:
            first = invalid[name][0]
            failures.append(f"{name}: {len(invalid[name])} errors, first {first['path']}: {first['message']}")
    failures += [f"{name}: listed in us-core-known.txt but now valid" for name in known if name not in invalid]
    return failures


def mutations(medbrain):
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        originals, broken = [], []
        for index, (name, what, mutate, place) in enumerate(MUTATIONS):
            resource = json.loads((US_CORE / "examples" / name).read_text())
            originals.append(US_CORE / "examples" / name)
            changed = copy.deepcopy(resource)
            mutate(changed)
            path = pathlib.Path(folder) / f"{index}-{name}"
            path.write_text(json.dumps(changed))
            broken.append(path)
        for (name, what, _, place), before, after in zip(MUTATIONS, validate(medbrain, originals),
                                                       validate(medbrain, broken)):
            if errors(before):
                failures.append(f"{name} is not valid before it is broken ({what})")
            elif not any(e["path"].startswith(place) for e in errors(after)):
                failures.append(f"{name}, {what}: not refused at {place}: {errors(after) or 'no error'}")
    print(f"US Core medication profiles, one rule broken each: {len(MUTATIONS) - len(failures)} of "
          f"{len(MUTATIONS)} refused with that rule")
    return failures


def main():
    medbrain = str(pathlib.Path(sys.argv[1]).resolve())
    failures = examples(medbrain) + mutations(medbrain)
    for failure in failures:
        print("  " + failure)
    sys.exit(1 if failures else 0)


main()
