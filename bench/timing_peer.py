"""The peer of `medbrain-bench doses`: the independent expander of Tests/Timing (Python, from
docs/dose-times.md and the specification) expanding the same year of a three-times-daily order
in Vienna, timed the same way. Prints one line with its years per second.

    python3 bench/timing_peer.py [EXPANSIONS]
"""
import datetime as dt
import os
import sys
import time
import zoneinfo

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Timing"))
import timing_expansion  # noqa: E402

runs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
zone = zoneinfo.ZoneInfo("Europe/Vienna")
timing = {"repeat": {"frequency": 3, "period": 1, "periodUnit": "d"}}
doses = 0
started = time.perf_counter()
for _ in range(runs):
    found, reason = timing_expansion.expand(
        timing, zone, dt.date(2016, 1, 1), dt.date(2016, 12, 31), authored="2015-12-01")
    assert reason is None, reason
    doses += len(found)
elapsed = time.perf_counter() - started
print(f"peer doses: the Python expander of Tests/Timing, {runs} years ({doses // runs} doses) in "
      f"{elapsed * 1000:.1f} ms: {runs / elapsed:.1f} years per second")
