"""fhirpathpy as a command line, the whole process timed as `medbrain fhirpath` is: start
Python, import fhirpathpy, read and parse the file, evaluate with R4's model, print.

    python bench/fhirpathpy_cli.py EXPRESSION BUNDLE
"""

import json
import sys

from fhirpathpy import evaluate
from fhirpathpy.models import models


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: fhirpathpy_cli.py EXPRESSION BUNDLE")
    with open(sys.argv[2], "rb") as file:
        data = json.load(file)
    print(evaluate(data, sys.argv[1], model=models["r4"]))


if __name__ == "__main__":
    main()
