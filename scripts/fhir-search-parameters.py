"""Writes each FHIR release's search parameters as a plain-text table, from the specification's
own SearchParameter Bundles (and, for DSTU2, derived from STU3's).

Run through scripts/fhir-definitions, which makes the virtualenv and fetches the packages.
Usage: fhir-search-parameters.py RELEASE OUTPUT FHIRSTARTER_WHEEL R4_BUNDLE TYPES [URLS_OUTPUT]

Where each release's parameters come from:
  * STU3 (3.0.2), R4B (4.3.0), R5 (5.0.0): the specification's `search-parameters.json`, as the
    fhirstarter 4.2.0 wheel ships it (fhirstarter/fhir_specification/sequences/<release>/
    search-parameters.zip).
  * R4 (4.0.1): the specification's `search-parameters.json` in
    ../shared/reference/fhir-definitions/ (R4_BUNDLE).
  * DSTU2 (1.0.2): DSTU2 defined its parameters with XPath only, so they are derived from STU3's.
    A parameter of STU3 is kept for a DSTU2 resource when every element its expression names is
    an element of DSTU2 (read from TYPES, the table scripts/fhir-definitions.py writes),
    after the renamings DSTU2_ELEMENTS and DSTU2_PARAMETERS, written by hand from DSTU2's
    resource pages for the tutorial's resources (Patient, Medication, MedicationOrder,
    MedicationAdministration, Observation): DSTU2's MedicationOrder is STU3's MedicationRequest
    under its DSTU2 names. A parameter STU3 added whose elements DSTU2 already had is kept too
    (a DSTU2 server may answer it; none of the tutorial's resources has one that DSTU2 lacks
    in its own list, see DSTU2_DROPPED).

Each parameter of several resource types (`patient` of MedicationRequest | MedicationAdministration
| ...) is written once per type with the parts of its expression that start with that type; a
parameter of one type keeps its whole expression (R4's `name | alias` and R5's `requestedPeriod`
name no type at all, and evaluate on the resource as they are). A type listed as a base that no
part of the expression names (R5's `topic` of EvidenceVariable) is written without an expression,
and the script says so. A parameter listed twice for one type (R4B's two `_text`) is written once.

Corrected by hand (STU3, and so DSTU2): STU3's expressions name FHIR's primitive types with a
capital, `as(DateTime)`, `as(Date)`, `as(String)`, `as(Uri)`, where FHIRPath's `as` takes the
type's own name; R4 rewrote the same parameters with `dateTime`, `date`, `string` and `uri`
(`(ConceptMap.source as uri)`), and so does the script (PRIMITIVE_CASE).

Added by hand (ALIASES): the names the tutorial's apps search with on other releases (`notgiven`
on R4, `prescription` where R4 says `request`), accepted by the built-in server but not listed in
its CapabilityStatement; each line starts with `~`.

Output: a header comment, then one block per resource type (`Resource` and `DomainResource` for
the parameters every resource has), sorted. A block is the type's name and its base as the type
table (TYPES, the release's own) gives them, `Name : Base` (the nearest base with parameters of
its own), so the parameters a type inherits are found without reading the type model; then one
line per parameter: two spaces, the code, the type (token, string, reference, date, number,
quantity, uri, composite, special), the reference targets joined by `|` (`-` for none), and the
FHIRPath expression to the end of the line (`-` for none: `_text`, `_content`, `_query`, ...).

URLS_OUTPUT (STU3, R4, R4B, R5) gets each SearchParameter of the release by its canonical URL,
one a line, tab-separated: the url, its type and its bases joined by `|`, which a validator
reads a SearchParameter's `derivedFrom` and a CapabilityStatement's `searchParam.definition`
against. DSTU2's are derived, not the specification's, so it has none.
"""

import io
import json
import re
import sys
import zipfile

RELEASE_FOLDER = {"stu3": "STU3", "r4b": "R4B", "r5": "R5"}
VERSIONS = {"dstu2": "1.0.2", "stu3": "3.0.2", "r4": "4.0.1", "r4b": "4.3.0", "r5": "5.0.0"}

# DSTU2's element names where STU3 renamed or moved them, by STU3 path (DSTU2's resource pages).
DSTU2_ELEMENTS = {
    "MedicationRequest": "MedicationOrder",
    "MedicationOrder.subject": "MedicationOrder.patient",
    "MedicationOrder.authoredOn": "MedicationOrder.dateWritten",
    "MedicationOrder.requester.agent": "MedicationOrder.prescriber",
    "MedicationOrder.context": "MedicationOrder.encounter",
    "MedicationAdministration.subject": "MedicationAdministration.patient",
    "MedicationAdministration.notGiven": "MedicationAdministration.wasNotGiven",
    "MedicationAdministration.effective": "MedicationAdministration.effectiveTime",
    "MedicationAdministration.context": "MedicationAdministration.encounter",
    "MedicationAdministration.performer.actor": "MedicationAdministration.practitioner",
    "Medication.form": "Medication.product.form",
    "Medication.ingredient.item": "Medication.product.ingredient.item",
    "Medication.package.content.item": "Medication.package.content.item",
    "Patient.generalPractitioner": "Patient.careProvider",
    "Observation.context": "Observation.encounter",
    "Encounter.subject": "Encounter.patient",
    "MedicationStatement.subject": "MedicationStatement.patient",
    "ClinicalImpression.subject": "ClinicalImpression.patient",
    "ReferralRequest.subject": "ReferralRequest.patient",
}
# DSTU2's parameter names where STU3 renamed them: (DSTU2 type, STU3 code) -> DSTU2 code.
DSTU2_PARAMETERS = {
    ("MedicationOrder", "authoredon"): "datewritten",
    ("MedicationOrder", "requester"): "prescriber",
    ("MedicationOrder", "context"): "encounter",
    ("MedicationAdministration", "not-given"): "notgiven",
    ("MedicationAdministration", "effective-time"): "effectivetime",
    ("MedicationAdministration", "context"): "encounter",
    ("MedicationAdministration", "performer"): "practitioner",
    ("Medication", "package-item"): "content",
    ("Patient", "general-practitioner"): "careprovider",
    ("Patient", "death-date"): "deathdate",
    ("Observation", "context"): "encounter",
}
# STU3 parameters DSTU2 did not have although its elements would allow them.
DSTU2_DROPPED = {
    ("MedicationAdministration", "subject"),
    ("MedicationOrder", "subject"),
    ("MedicationOrder", "intent"),
    ("Encounter", "subject"),
    ("MedicationStatement", "subject"),
    ("ClinicalImpression", "subject"),
    ("ReferralRequest", "subject"),
}

# The names other releases' apps (and the tutorial) search with, accepted but not listed:
# release -> [(type, code, type of parameter, targets, expression)].
ADMINISTRATION_NOT_DONE = "MedicationAdministration.status = 'not-done'"
ALIASES = {
    "dstu2": [
        ("MedicationOrder", "subject", "reference", "Patient", "MedicationOrder.patient"),
        ("MedicationAdministration", "subject", "reference", "Patient", "MedicationAdministration.patient"),
        ("MedicationAdministration", "request", "reference", "MedicationOrder", "MedicationAdministration.prescription"),
        ("MedicationAdministration", "effective-time", "date", "-", "MedicationAdministration.effectiveTime"),
    ],
    "stu3": [
        ("MedicationAdministration", "request", "reference", "MedicationRequest", "MedicationAdministration.prescription"),
        ("MedicationAdministration", "effectivetime", "date", "-", "MedicationAdministration.effective"),
        ("MedicationAdministration", "notgiven", "token", "-", "MedicationAdministration.notGiven"),
    ],
    "r4": [
        ("MedicationAdministration", "prescription", "reference", "MedicationRequest", "MedicationAdministration.request"),
        ("MedicationAdministration", "effectivetime", "date", "-", "MedicationAdministration.effective"),
        ("MedicationAdministration", "notgiven", "token", "-", ADMINISTRATION_NOT_DONE),
    ],
    "r5": [
        ("MedicationAdministration", "prescription", "reference", "MedicationRequest", "MedicationAdministration.request"),
        ("MedicationAdministration", "effective-time", "date", "-", "MedicationAdministration.occurence"),
        ("MedicationAdministration", "effectivetime", "date", "-", "MedicationAdministration.occurence"),
        ("MedicationAdministration", "notgiven", "token", "-", ADMINISTRATION_NOT_DONE),
    ],
}
ALIASES["r4b"] = ALIASES["r4"]

# STU3's capitalized primitive types in `as(...)`, as R4 spells them.
PRIMITIVE_CASE = {"DateTime": "dateTime", "Date": "date", "String": "string", "Uri": "uri"}


def primitive_case(expression):
    if expression is None:
        return None
    return re.sub(r"\.as\((DateTime|Date|String|Uri)\)", lambda m: f".as({PRIMITIVE_CASE[m.group(1)]})", expression)


def fail(message):
    sys.exit(f"fhir-search-parameters: {message}")


def official_bundle(release, wheel, r4_bundle):
    if release == "r4":
        with open(r4_bundle, encoding="utf-8") as file:
            return json.load(file)
    with zipfile.ZipFile(wheel) as archive:
        inner = archive.read(f"fhirstarter/fhir_specification/sequences/{RELEASE_FOLDER[release]}/search-parameters.zip")
    with zipfile.ZipFile(io.BytesIO(inner)) as archive:
        return json.loads(archive.read("search-parameters.json"))


def split_union(expression):
    """The parts of `a | b | c` at the top level (not inside parentheses or quotes)."""
    parts, depth, quoted, start = [], 0, False, 0
    for index, char in enumerate(expression):
        if char == "'" and (index == 0 or expression[index - 1] != "\\"):
            quoted = not quoted
        elif not quoted and char == "(":
            depth += 1
        elif not quoted and char == ")":
            depth -= 1
        elif not quoted and depth == 0 and char == "|":
            parts.append(expression[start:index].strip())
            start = index + 1
    parts.append(expression[start:].strip())
    return [part for part in parts if part]


def leading_type(part):
    match = re.match(r"^\(*([A-Za-z][A-Za-z0-9]*)", part)
    return match.group(1) if match else None


def expression_for(base, expression, bases):
    """The parts of `expression` that belong to `base`."""
    if not expression:
        return None
    if len(bases) == 1:
        return expression
    parts = [part for part in split_union(expression) if leading_type(part) == base]
    if not parts:
        # A defect of the specification's Bundle: the type is a base, but no part names it.
        print(f"fhir-search-parameters: no part of '{expression[:60]}...' starts with {base}: no expression")
        return None
    return " | ".join(parts)


def components(resource, by_url, release):
    """A composite's parts, one per line, each `KIND EXPRESSION` (its parameter's type, and the
    expression evaluated on each item of the composite's own); `-` when one cannot be found."""
    parts = []
    for component in resource.get("component", []):
        definition = component.get("definition")
        url = definition.get("reference") if isinstance(definition, dict) else definition
        found = by_url.get(url)
        if found is None or not component.get("expression"):
            return "-"
        expression = component["expression"]
        if release in ("stu3", "dstu2"):
            expression = primitive_case(expression)
        parts.append(f"{found['type']} {expression}")
    return "\n".join(parts) or "-"


def parameters(bundle, release):
    """{type: {code: (kind, targets, expression)}} in the bundle's order, first of each code.
    A composite's targets are its components (see components())."""
    table = {}
    by_url = {entry["resource"].get("url"): entry["resource"] for entry in bundle["entry"]}
    for entry in bundle["entry"]:
        resource = entry["resource"]
        bases = resource["base"] if isinstance(resource["base"], list) else [resource["base"]]
        for base in bases:
            expression = expression_for(base, resource.get("expression"), bases)
            if release in ("stu3", "dstu2"):
                expression = primitive_case(expression)
            targets = "|".join(resource.get("target", [])) or "-"
            if resource["type"] == "composite":
                targets = components(resource, by_url, release)
            table.setdefault(base, {}).setdefault(resource["code"], (resource["type"], targets, expression))
    return table


# --- DSTU2 from STU3 -------------------------------------------------------------------------


def read_types(path):
    types, current = {}, None
    with open(path, encoding="utf-8") as file:
        for line in file:
            if line.startswith("#") or not line.strip():
                continue
            if line.startswith("  "):
                name, kinds, _ = line.split()
                choice = name.endswith("[x]")
                types[current][1][name[:-3] if choice else name] = kinds.split("|")
            else:
                name, _, base = line.partition(":")
                current = name.strip()
                types[current] = (base.strip(), {})
    return types


def element_type(types, type_name, element):
    while type_name in types:
        base, elements = types[type_name]
        if element in elements:
            return elements[element]
        type_name = base
    return None


def exists_in(types, part):
    """Whether every element on the path `part` begins with is an element of DSTU2."""
    match = re.match(r"^\(*([A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z][A-Za-z0-9]*)*)(\()?", part)
    chain = match.group(1).split(".")
    if match.group(2):
        chain = chain[:-1]  # the last word is a function: `where`, `as`
    current = [chain[0]]
    for element in chain[1:]:
        found = [t for c in current for t in (element_type(types, c, element) or [])]
        if not found:
            return False
        current = found
    return chain[0] in types


def renamed(expression):
    # Types first (MedicationRequest is MedicationOrder), then paths, longest first.
    for old, new in sorted(DSTU2_ELEMENTS.items(), key=lambda item: ("." in item[0], -len(item[0]))):
        expression = re.sub(rf"(?<![A-Za-z.]){re.escape(old)}(?![A-Za-z])", new, expression)
    return expression


def dstu2_from_stu3(stu3, types):
    table, kept, dropped = {}, 0, 0
    for stu3_type, found in stu3.items():
        dstu2_type = DSTU2_ELEMENTS.get(stu3_type, stu3_type)
        if dstu2_type not in types:
            continue
        for code, (kind, targets, expression) in found.items():
            name = DSTU2_PARAMETERS.get((dstu2_type, code), code)
            if expression is not None:
                expression = renamed(expression)
            if kind == "composite":
                targets = renamed(targets)
            else:
                targets = "|".join(DSTU2_ELEMENTS.get(t, t) for t in targets.split("|"))
            paths_exist = expression is None or all(exists_in(types, p) for p in split_union(expression))
            if (dstu2_type, code) in DSTU2_DROPPED or not paths_exist:
                dropped += 1
                continue
            table.setdefault(dstu2_type, {})[name] = (kind, targets, expression)
            kept += 1
    print(f"fhir-search-parameters: DSTU2 keeps {kept} of STU3's parameters, drops {dropped}")
    return table


# --- output ----------------------------------------------------------------------------------


def is_resource(name, types):
    for _ in range(32):
        if name == "Resource":
            return True
        name = types.get(name, ("", {}))[0]
    return False


def inherits_from(type_name, table, types):
    """The nearest base of `type_name` that has parameters of its own (DomainResource, Resource),
    skipping abstract types without any (R5's CanonicalResource)."""
    base = types.get(type_name, ("", {}))[0]
    for _ in range(32):
        if not base or table.get(base):
            return base
        base = types.get(base, ("", {}))[0]
    return ""


def write(release, table, output, source, types):
    # Every resource type gets its block, empty when it has no parameters of its own, so that
    # the Name : Base line says what it inherits.
    for name in types:
        if "." not in name and is_resource(name, types):
            table.setdefault(name, {})
    for type_name, code, kind, targets, expression in ALIASES.get(release, []):
        if type_name not in table:
            fail(f"alias {code}: no type {type_name}")
        if code in table[type_name]:
            fail(f"alias {type_name}.{code} is already a parameter")
        table[type_name]["~" + code] = (kind, targets, expression)
    lines = [
        f"# FHIR {release.upper()} {VERSIONS[release]} search parameters, generated by "
        f"scripts/fhir-definitions from {source}. Do not edit by hand.",
        "# Each line: code, type, reference targets (- for none), FHIRPath expression (- for none);"
        " ~ marks a name accepted but not listed.",
        "# A composite's components follow it, one line each: & and the type of the component's parameter,"
        " then its expression, evaluated on each item of the composite's.",
    ]
    count = 0
    for type_name in sorted(table):
        lines.append(f"{type_name} : {inherits_from(type_name, table, types)}".rstrip())
        for code, (kind, targets, expression) in sorted(table[type_name].items()):
            if kind == "composite":
                # The components follow, one line each: `    & KIND EXPRESSION`.
                lines.append(f"  {code} {kind} - {expression or '-'}")
                lines += [f"    & {part}" for part in targets.split("\n") if targets != "-"]
            else:
                lines.append(f"  {code} {kind} {targets} {expression or '-'}")
            count += not code.startswith("~")
    with open(output, "w", encoding="utf-8") as file:
        file.write("\n".join(lines) + "\n")
    print(f"fhir-search-parameters: wrote {output}: {count} parameters of {len(table)} types")


def write_urls(release, bundle, output, source):
    lines = [
        f"# FHIR {release.upper()} {VERSIONS[release]} search parameters by canonical URL, generated by "
        f"scripts/fhir-definitions from {source}. Do not edit by hand.",
        "# Each line: url, type, bases joined by |.",
    ]
    rows = {}
    for entry in bundle["entry"]:
        resource = entry["resource"]
        bases = resource["base"] if isinstance(resource["base"], list) else [resource["base"]]
        row = f"{resource['url']}\t{resource['type']}\t{'|'.join(bases)}"
        if rows.setdefault(resource["url"], row) != row:
            fail(f"{resource['url']} defined twice, differently")
    lines += [rows[url] for url in sorted(rows)]
    with open(output, "w", encoding="utf-8") as file:
        file.write("\n".join(lines) + "\n")


def main():
    if len(sys.argv) not in (6, 7) or sys.argv[1] not in VERSIONS:
        fail("usage: fhir-search-parameters.py RELEASE OUTPUT FHIRSTARTER_WHEEL R4_BUNDLE TYPES [URLS_OUTPUT]")
    release, output, wheel, r4_bundle, types_path = sys.argv[1:6]
    types = read_types(types_path)
    if release == "dstu2":
        stu3 = parameters(official_bundle("stu3", wheel, r4_bundle), "stu3")
        table = dstu2_from_stu3(stu3, types)
        source = "STU3's search-parameters.json (fhirstarter 4.2.0), renamed and checked against DSTU2's types"
    elif release == "r4":
        table = parameters(official_bundle(release, wheel, r4_bundle), release)
        source = "R4's search-parameters.json (../shared/reference/fhir-definitions)"
    else:
        table = parameters(official_bundle(release, wheel, r4_bundle), release)
        source = f"{RELEASE_FOLDER[release]}'s search-parameters.json (fhirstarter 4.2.0)"
    write(release, table, output, source, types)
    if len(sys.argv) == 7 and release != "dstu2":
        write_urls(release, official_bundle(release, wheel, r4_bundle), sys.argv[6], source)


if __name__ == "__main__":
    main()
