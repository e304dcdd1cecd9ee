"""Times fhirpathpy (with its R4 model, as Medbrain evaluates with R4's) on the Bundle that
`medbrain-bench fhirpath N FILE` writes, for bench/run to set next to Medbrain's evaluation of
the same expression on the same file.

    python bench/fhirpathpy_eval.py BUNDLE [EXPRESSION]

Prints the count, to check against Medbrain's, and the time of the evaluation alone and of the
JSON parse (json.loads of the bytes already read, as Medbrain's parse is timed), each the median
of 3 runs; the Bundle is parsed afresh for each evaluation, as fhirpathpy may annotate what it is
given. fhirpathpy is in the virtualenv scripts/interop makes, .build/interop-venv-sekmet-r4.
"""

import json
import statistics
import sys
import time

from fhirpathpy import evaluate
from fhirpathpy.models import models

EXPRESSION = "entry.resource.where(status = 'not-done').count()"
RUNS = 3


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: fhirpathpy_eval.py BUNDLE [EXPRESSION]")
    expression = sys.argv[2] if len(sys.argv) == 3 else EXPRESSION
    with open(sys.argv[1], "rb") as file:
        data = file.read()
    parsing, evaluating, results = [], [], []
    for _ in range(RUNS):
        started = time.perf_counter()
        bundle = json.loads(data)
        parsing.append(time.perf_counter() - started)
        started = time.perf_counter()
        result = evaluate(bundle, expression, model=models["r4"])
        evaluating.append(time.perf_counter() - started)
        results.append(result)
        del bundle
    if any(result != results[0] for result in results):
        sys.exit(f"fhirpathpy: the runs disagree: {results}")
    result = results[0]
    count = result[0] if len(result) == 1 else result
    print(f"fhirpathpy: JSON parse (json.loads) {statistics.median(parsing) * 1000:.1f} ms (median of {RUNS})")
    print(
        f"fhirpathpy: {expression} = {count}, evaluated in "
        f"{statistics.median(evaluating) * 1000:.1f} ms (median of {RUNS})"
    )


if __name__ == "__main__":
    main()
