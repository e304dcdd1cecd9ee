"""Times the SMART Python client (fhirclient, R4 models) parsing searchset pages, for
bench/run to set next to Medbrain's decode + group of the same pages.

    python bench/fhirclient_decode.py FOLDER

Prints `fhirclient: N administrations in P pages parsed in S ms`.
"""

import glob
import json
import os
import sys
import time

from fhirclient.models.bundle import Bundle
from fhirclient.models.medicationadministration import MedicationAdministration


def main():
    files = sorted(glob.glob(os.path.join(sys.argv[1], "page-*.json")))
    start = time.perf_counter()
    count = 0
    for name in files:
        with open(name, "rb") as page:
            bundle = Bundle(json.load(page))
        count += sum(1 for entry in bundle.entry or [] if isinstance(entry.resource, MedicationAdministration))
    elapsed = time.perf_counter() - start
    print("fhirclient: %d administrations in %d pages parsed in %.1f ms" % (count, len(files), elapsed * 1000))


if __name__ == "__main__":
    main()
