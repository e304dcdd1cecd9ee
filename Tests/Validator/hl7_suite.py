#!/usr/bin/env python3
"""HL7's validator test suite (../shared/reference/fhir-test-cases/validator, Apache-2.0), run
with `medbrain validate` and scored against the outcomes HL7's Java validator gives.

A case is run when Medbrain can judge it as the suite sets it up: a JSON file, of a release
Medbrain speaks, needing no terminology server (modules tx, tx-advanced), no IG package beyond
the files the case names, no definition in XML, no logical model, and not one of the modules
that are not FHIR resources (SMART Health Cards, signatures, JSON5). Every other case is left
out with its reason (`--excluded` lists them). A case's supporting files and profiles are read
with `--package`; a case that also names a profile to validate against (`profile.source`) is
run a second time with `--profile @source`, as `NAME#profile`, against that outcome.

For each case run, two things are compared with the Java validator's outcome: the verdict
(valid when it reports no error or fatal issue) and the number of errors. The cases where
Medbrain disagrees are listed in known-disagreements.txt beside this file, each marked
`verdict` or `count`; the run fails on a disagreement not listed there, and on a listed one
that no longer happens, so the list stays true as the validator grows.

    python3 Tests/Validator/hl7_suite.py .build/debug/medbrain [--write-known] [--excluded]
"""

import json
import os
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
SUITE = HERE.parent.parent.parent / "shared/reference/fhir-test-cases/validator"
KNOWN = HERE / "known-disagreements.txt"
RELEASES = {"3.0": "stu3", "3.0.1": "stu3", "4.0": "r4", "4.0.1": "r4", "4.3": "r4b", "5.0": "r5", "5.0.0": "r5"}
# Settings of a case that change what the Java validator judges, which Medbrain has no
# equivalent of (security checks, best practice as errors, references fetched, ...).
SETTINGS = [
    "validateContains", "security-checks", "for-publication", "best-practice", "examples",
    "allowed-extension-domain", "assumeValidRestReferences", "bundle-param", "validateReference",
    "new-xver-mode", "r5-bundle-relative-reference-policy", "enforceAggregationOutsideBundles",
    "no-experimental-content", "noHtmlInMarkdown", "ips", "certificate", "advisor", "package-map",
    "fetcher", "suppress", "wrong-displays", "no-tx", "sct",
]
LEFT_OUT_MODULES = {
    "tx": "needs a terminology server", "tx-advanced": "needs a terminology server",
    "shc": "a SMART Health Card, not a resource", "dsig": "digital signatures", "json5": "JSON5, not JSON",
    "cdshooks": "a CDS Hooks document, not a resource", "cda": "a CDA document, not a resource",
}


def left_out(case):
    """Why a case is not run, or None."""
    if not case["file"].endswith(".json"):
        return "not JSON"
    if case.get("use-test") is False:
        return "switched off in the suite (use-test false)"
    if case.get("version", "5.0") not in RELEASES:
        return f"FHIR {case['version']}, a release Medbrain does not speak"
    if case.get("module") in LEFT_OUT_MODULES:
        return LEFT_OUT_MODULES[case["module"]]
    if case.get("packages"):
        return "needs IG packages: " + ", ".join(case["packages"])
    if case.get("supporting5"):
        return "needs definitions of another release (supporting5)"
    definitions = definition_files(case) + profile_files(case)
    if any(not name.endswith(".json") for name in definitions):
        return "needs a definition written in XML, which Medbrain does not read"
    if any(not (SUITE / name).exists() for name in definitions):
        return "a definition it needs is not in the suite's copy"
    if case.get("logical"):
        return "a logical model"
    setting = next((k for k in SETTINGS if k in case), None)
    if setting:
        return f"a validator setting Medbrain has no equivalent of ({setting})"
    if not isinstance(case.get("java"), (str, dict)) or case.get("java") == {}:
        return "no outcome of HL7's Java validator"
    if isinstance(case["java"], str) and not (SUITE / "outcomes" / case["java"]).exists():
        return "its outcome file is not in the suite's copy"
    if not (SUITE / case["file"]).exists():
        return "the file could not be copied into shared/"
    return None


def definition_files(case):
    """The files a case reads its definitions from: its supporting files and profiles."""
    return list(case.get("supporting") or []) + list(case.get("profiles") or [])


def profile_files(case):
    """The profile a case is validated against a second time, and the files it needs."""
    profile = case.get("profile")
    if not isinstance(profile, dict) or not profile.get("source"):
        return []
    return [profile["source"]] + list(profile.get("supporting") or [])


def runs(case):
    """Each run of a case: (name, release, definition files, profile or None, expected outcome)."""
    release = RELEASES[case.get("version", "5.0")]
    found = [(case["name"], release, definition_files(case), None, case["java"])]
    profile = case.get("profile")
    if profile_files(case) and isinstance(profile.get("java"), (str, dict)) and profile.get("java") != {}:
        if not isinstance(profile["java"], str) or (SUITE / "outcomes" / profile["java"]).exists():
            found.append((case["name"] + "#profile", release, definition_files(case) + profile_files(case)[1:],
                          profile["source"], profile["java"]))
    return found


def java_errors(expected):
    """The number of errors (error or fatal) HL7's Java validator reports in an outcome."""
    if isinstance(expected, dict) and "errorCount" in expected:
        return expected["errorCount"]
    if isinstance(expected, dict):
        outcome = expected.get("outcome", {})
    else:
        outcome = json.loads((SUITE / "outcomes" / expected).read_text())
    return sum(1 for issue in outcome.get("issue", []) if issue.get("severity") in ("error", "fatal"))


def medbrain_errors(medbrain, release, files, definitions=(), profile=None):
    """Each file's number of errors as `medbrain validate` reports them, in order."""
    options = [f"--package={SUITE / name}" for name in definitions]
    if profile:
        options.append(f"--profile=@{SUITE / profile}")
    result = subprocess.run(
        [medbrain, "validate", "--fhir-version", release, "--format", "json", *options,
         *(str(SUITE / name) for name in files)],
        capture_output=True, text=True, timeout=600)
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    if not lines and result.returncode != 0 and (definitions or profile):
        # A definition Medbrain cannot read (malformed JSON): the case cannot be judged.
        return [result.stderr.strip().splitlines()[0]] * len(files)
    if len(lines) != len(files):
        sys.exit(f"medbrain validate gave {len(lines)} results for {len(files)} files:\n{result.stderr}")
    return [sum(1 for i in line["issues"] if i["severity"] == "error") for line in lines]


def read_known():
    known = {}
    for line in KNOWN.read_text().splitlines() if KNOWN.exists() else []:
        if line and not line.startswith("#"):
            name, kind = line.split("\t")[:2]
            known[name] = kind
    return known


def main():
    medbrain = os.path.abspath(sys.argv[1])
    cases = json.loads((SUITE / "manifest.json").read_text())["test-cases"]
    run, excluded = [], []
    for case in cases:
        reason = left_out(case)
        (excluded.append((case["name"], reason)) if reason else run.append(case))
    if "--excluded" in sys.argv:
        for name, reason in excluded:
            print(f"{name}\t{reason}")
        return
    # The manifest names one case twice (ext-derived-circle): the second is run as `NAME 2`.
    seen = set()
    for case in run:
        while case["name"] in seen:
            case["name"] += " 2"
        seen.add(case["name"])
    files = {case["name"]: case["file"] for case in run}
    run = [one for case in run for one in runs(case)]
    names = [name for name, *_ in run]
    if len(set(names)) != len(names):
        sys.exit("two cases run have the same name")
    ours = {}
    # Cases with nothing of their own to read are checked a release at a time, in one call.
    for release in sorted(set(RELEASES.values())):
        batch = [name for name, one, definitions, profile, _ in run if one == release and not definitions and not profile]
        if batch:
            ours.update(zip(batch, medbrain_errors(medbrain, release, [files[n] for n in batch])))
    for name, release, definitions, profile, _ in run:
        if definitions or profile:
            ours[name] = medbrain_errors(medbrain, release, [files[name.split("#")[0]]], definitions, profile)[0]
    unreadable = {name: why for name, why in ours.items() if isinstance(why, str)}
    if unreadable:
        print(f"{len(unreadable)} cases left out at run time, their definitions not readable:")
        for name in sorted(unreadable):
            print(f"  {name}: {unreadable[name]}")
    run = [one for one in run if one[0] not in unreadable]
    found = {}
    for name, _, _, _, expected in run:
        theirs, mine = java_errors(expected), ours[name]
        if (theirs == 0) != (mine == 0):
            found[name] = f"verdict\tJava {theirs} errors, Medbrain {mine}"
        elif theirs != mine:
            found[name] = f"count\tJava {theirs} errors, Medbrain {mine}"
    verdicts = len(run) - sum(1 for v in found.values() if v.startswith("verdict"))
    counts = len(run) - len(found)
    print(f"HL7 validator suite: {len(run)} cases run, {len(excluded)} left out (--excluded says why)")
    print(f"  verdict agrees with HL7's Java validator: {verdicts} of {len(run)} ({100 * verdicts / len(run):.1f} %)")
    print(f"  error count agrees: {counts} of {len(run)} ({100 * counts / len(run):.1f} %)")
    for label, own in (("with no definitions of their own", False), ("with definitions or a profile", True)):
        part = [name for name, _, definitions, profile, _ in run if bool(definitions or profile) == own]
        agreed = sum(1 for name in part if not found.get(name, "").startswith("verdict"))
        counted = sum(1 for name in part if name not in found)
        print(f"    runs {label}: verdict {agreed} of {len(part)}, error count {counted}")
    if "--write-known" in sys.argv:
        KNOWN.write_text(
            "# Cases of HL7's validator suite where Medbrain's verdict or error count differs from the Java\n"
            "# validator's, written by hl7_suite.py --write-known; each line: case, kind, the counts.\n"
            + "".join(f"{name}\t{found[name]}\n" for name in sorted(found)))
        return
    known = {name: kind for name, kind in read_known().items()}
    new = sorted(n for n in found if known.get(n) != found[n].split("\t")[0])
    gone = sorted(n for n in known if n not in found or found[n].split("\t")[0] != known[n])
    for name in new:
        print(f"  new disagreement: {name}: {found[name]}")
    for name in gone:
        print(f"  listed but no longer so: {name} ({known[name]}); remove it from {KNOWN.name}")
    print(f"{len(run) - len(new) - len(gone)} passed, {len(new) + len(gone)} failed")
    sys.exit(1 if new or gone else 0)


main()
