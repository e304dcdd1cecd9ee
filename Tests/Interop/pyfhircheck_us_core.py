#!/usr/bin/env python3
"""A second opinion on US Core: pyfhircheck (PyPI), an offline validator that reads IG
definitions, and `medbrain validate`, each on US Core 9.0.0's 230 examples with US Core's
definitions, example by example.

Where the two verdicts differ, every error of the one that refuses must be judged in
pyfhircheck-judged.txt beside this file: by pyfhircheck's rule code and a regular expression its message matches
(`pyfhircheck` where the specification says pyfhircheck is wrong, `medbrain` where Medbrain
does not check what pyfhircheck does), with the reason. The run fails on a disagreement nobody
judged, and on a judgement that no longer applies to any example, so the list stays true.

    python Tests/Interop/pyfhircheck_us_core.py --medbrain .build/debug/medbrain
"""

import argparse
import json
import pathlib
import re
import re
import shutil
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
US_CORE = HERE.parent.parent.parent / "shared/reference/us-core/input"
JUDGED = HERE / "pyfhircheck-judged.txt"
US_CORE_KNOWN = HERE.parent / "Validator/us-core-known.txt"


def read_judged():
    """(rule code, words in the message, whose error, why) for each line."""
    rows = []
    for line in JUDGED.read_text().splitlines():
        if line and not line.startswith("#"):
            code, words, whose, why = line.split("\t")
            rows.append((code, words, whose, why))
    return rows


def pyfhircheck(folder):
    """Each example's pyfhircheck errors, by file name."""
    with tempfile.TemporaryDirectory() as work:
        # pyfhircheck reads a package folder: US Core's definitions with a package.json.
        package = pathlib.Path(work) / "package"
        shutil.copytree(US_CORE / "resources", package)
        (package / "package.json").write_text(
            json.dumps({"name": "hl7.fhir.us.core", "version": "9.0.0", "fhirVersions": ["4.0.1"]}))
        config = pathlib.Path(work) / "config.json"
        config.write_text(json.dumps({"localPackagePaths": [str(package)],
                                      "evidenceOutputDir": str(pathlib.Path(work) / "evidence")}))
        report = pathlib.Path(work) / "report.json"
        subprocess.run([str(pathlib.Path(sys.executable).parent / "pyfhircheck"), "folder", "-c", str(config),
                        "--json-output", str(report), str(folder)],
                       capture_output=True, text=True, timeout=600, cwd=work)
        issues = json.loads(report.read_text())["issues"]
    # pyfhircheck names the resource an issue is in; a Bundle's entries are in its file.
    names = {}
    for path in folder.glob("*.json"):
        for resource in resources_in(json.loads(path.read_text())):
            names.setdefault((resource.get("resourceType"), resource.get("id")), path.name)
    found = {name: [] for name in names.values()}
    for issue in issues:
        if issue["severity"] in ("error", "fatal"):
            found[names[(issue["resourceType"], issue["resourceId"])]].append(issue)
    return found


def resources_in(value):
    """The resource and every resource inside it."""
    if isinstance(value, dict):
        if "resourceType" in value:
            yield value
        for child in value.values():
            yield from resources_in(child)
    elif isinstance(value, list):
        for child in value:
            yield from resources_in(child)


def medbrain(binary, folder):
    files = sorted(folder.glob("*.json"))
    result = subprocess.run([binary, "validate", "--fhir-version", "r4", "--format", "json", "--package",
                             str(US_CORE / "resources"), *map(str, files)], capture_output=True, text=True, timeout=600)
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    return {f.name: [i for i in line["issues"] if i["severity"] == "error"] for f, line in zip(files, lines)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--medbrain", required=True)
    binary = str(pathlib.Path(parser.parse_args().medbrain).resolve())
    folder = US_CORE / "examples"
    theirs, ours = pyfhircheck(folder), medbrain(binary, folder)
    judged = read_judged()
    known_ours = {line.split("\t")[0] for line in US_CORE_KNOWN.read_text().splitlines()
                  if line and not line.startswith("#")}
    used, failures, agree, failing = set(), [], 0, set()
    for name in sorted(ours):
        if bool(theirs[name]) == bool(ours[name]):
            agree += 1
            continue
        before = len(failures)
        if ours[name]:
            # Medbrain refuses, pyfhircheck does not: Medbrain's own list says why.
            if name not in known_ours:
                failures.append(f"{name}: Medbrain refuses ({ours[name][0]['message']}), pyfhircheck does not")
        for issue in [] if ours[name] else theirs[name]:
            row = next((r for r in judged if r[0] == issue["code"] and re.search(r[1], issue["message"])), None)
            if row:
                used.add(row[:2])
            else:
                failures.append(f"{name}: pyfhircheck {issue['code']} not judged: {issue['message']}")
        if len(failures) > before:
            failing.add(name)
    unused = [f"judged but no longer met: {code} {words}" for code, words, *_ in judged if (code, words) not in used]
    failures += unused
    differ = len(ours) - agree
    print(f"# US Core examples: the verdicts agree on {agree} of {len(ours)}; {differ} differ, each judged in "
          f"{JUDGED.name}: pyfhircheck wrong by the specification on "
          f"{sum(1 for r in judged if r[2] == 'pyfhircheck')} rules, Medbrain not checking on "
          f"{sum(1 for r in judged if r[2] == 'medbrain')}")
    for failure in failures:
        print("not ok - " + failure)
    # A check per example (its verdicts agree, or each difference is judged) and per judgement.
    failed = len(failing) + len(unused)
    print(f"pyfhircheck R4: {len(ours) + len(judged) - failed} passed, {failed} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
