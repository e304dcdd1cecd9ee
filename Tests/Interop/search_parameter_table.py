"""Medbrain's vendored search parameters of a release (Sources/FHIRModel/Bundled/search-<release>.txt)
against the specification's own Bundle as FHIRStarter ships it: every resource type has the same
parameter codes, no more, no fewer."""

import io
import json
import os
import zipfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FOLDER = {"stu3": "STU3", "r4b": "R4B", "r5": "R5"}


def official(release):
    """{type: {code}} from the search-parameters.json inside the installed fhirstarter."""
    import fhirstarter

    path = os.path.join(os.path.dirname(fhirstarter.__file__), "fhir_specification", "sequences",
                        FOLDER[release], "search-parameters.zip")
    with zipfile.ZipFile(path) as archive:
        bundle = json.loads(archive.read("search-parameters.json"))
    codes = {}
    for entry in bundle["entry"]:
        resource = entry["resource"]
        for base in resource["base"]:
            codes.setdefault(base, set()).add(resource["code"])
    return codes


def vendored(release):
    """{type: {code}} of the listed parameters in Medbrain's table."""
    codes, current = {}, None
    with open(os.path.join(ROOT, "Sources", "FHIRModel", "Bundled", f"search-{release}.txt"), encoding="utf-8") as file:
        for line in io.StringIO(file.read()):
            if line.startswith("#") or not line.strip() or line.startswith("    &"):  # a composite's parts
                continue
            if line.startswith("  "):
                code = line.split()[0]
                if not code.startswith("~"):
                    codes.setdefault(current, set()).add(code)
            else:
                current = line.partition(":")[0].strip()  # `Name : Base`
    return codes


def differences(release):
    """Each type whose codes differ, with what is missing and what is extra; empty when they agree."""
    theirs, ours = official(release), vendored(release)
    found = []
    for type_name in sorted(set(theirs) | set(ours)):
        missing = theirs.get(type_name, set()) - ours.get(type_name, set())
        extra = ours.get(type_name, set()) - theirs.get(type_name, set())
        if missing or extra:
            found.append(f"{type_name}: missing {sorted(missing)}, extra {sorted(extra)}")
    return found, sum(len(c) for c in theirs.values())
