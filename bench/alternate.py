"""Times commands in turns, one run of each per round, so a machine whose speed drifts (a
shared virtual machine) slows them alike; prints each command's median and quartiles in ms.

    python3 bench/alternate.py ROUNDS COMMAND...

Each COMMAND is run by the shell with standard input from /dev/null and its output discarded.
"""

import statistics
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: alternate.py ROUNDS COMMAND...")
    rounds, commands = int(sys.argv[1]), sys.argv[2:]
    times = {command: [] for command in commands}
    for _ in range(rounds):
        for command in commands:
            start = time.perf_counter()
            subprocess.run(command, shell=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
            times[command].append((time.perf_counter() - start) * 1000)
    for command in commands:
        values = sorted(times[command])
        print(f"{statistics.median(values):.1f} ms median ({values[len(values) // 4]:.1f} to "
              f"{values[3 * len(values) // 4]:.1f}): {command}")


if __name__ == "__main__":
    main()
