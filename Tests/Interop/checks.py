"""The small test protocol the interop scripts share: each check prints
`ok - NAME` or `not ok - NAME: reason`, `#` lines are diagnostics, and the last
line is `SUITE VERSION: N passed, M failed`, which scripts/interop reads."""

import sys
import traceback

# Seconds a request may wait for a server's answer: a limit for a hang, as long as the Swift
# tests' (BusyMachine), since CI runs on two cores that other work keeps busy.
REQUEST_TIMEOUT = 120


class Checks:
    def __init__(self, suite):
        self.suite = suite
        self.passed = 0
        self.failed = 0

    def run(self, name, check):
        """Runs `check()`; an exception or a false result fails it."""
        try:
            result = check()
        except Exception as error:  # a failed check must not stop the others
            self.fail(name, f"{type(error).__name__}: {error}")
            for line in traceback.format_exc().splitlines()[-6:]:
                print(f"#   {line}")
            return
        if result is False:
            self.fail(name, "the check returned false")
        else:
            self.passed += 1
            print(f"ok - {name}")

    def fail(self, name, reason):
        self.failed += 1
        print(f"not ok - {name}: {reason}")

    def finish(self):
        print(f"{self.suite}: {self.passed} passed, {self.failed} failed")
        sys.exit(0 if self.failed == 0 else 1)


def expect(condition, message):
    if not condition:
        raise AssertionError(message)
