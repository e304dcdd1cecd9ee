#!/usr/bin/env python3
"""`medbrain doses` checked against a second expander of FHIR Timings into dose times.

The expander here is written from docs/dose-times.md (Medbrain's documented conventions) and
the FHIR specification's Timing (Timing.repeat, EventTiming, tim-1..tim-10), apart from the
Swift code on purpose: it reads no Swift and shares none of its decisions beyond the page.

1. Seeded random R4 MedicationRequests (about 1,480 Timings in 7 Bundles of 200 orders, each
   Bundle run once with its own zone, 90-day window across a change of the clocks, and
   patient's day: Europe/Vienna and America/New_York, 2016 and 2024), plus a Bundle of edge
   cases, one of forms FHIR does not allow (date-times without a zone), an R5 Bundle and a few
   bare Timings and Dosages with --start.
2. The tutorial's orders in every release the built-in server speaks (DSTU2 MedicationOrder,
   STU3, R4, R4B, R5 MedicationRequest), as the server's searchset Bundle, for August 2016
   and for 2013..2016.

Doses are compared as instants; a refusal (a reason, no doses) is compared with a refusal, not
its wording. Every disagreement is printed with the Timing, zone, window, what was expected and
what came back, and the first dose that differs.

    python3 Tests/Timing/timing_expansion.py .build/debug/medbrain
    python3 Tests/Timing/timing_expansion.py --self-check     # the expander alone, no binary

Only the Python standard library (with zoneinfo).
"""

import argparse
import calendar
import datetime as dt
import functools
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import urllib.request
from fractions import Fraction
from zoneinfo import ZoneInfo

UTC = dt.timezone.utc
SEED = 20161030
DAY = 86400
WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
DEFAULT_SETTINGS = {"wake": "07:00", "breakfast": "08:00", "lunch": "12:00", "dinner": "18:00",
                    "sleep": "22:00", "day": "08:00-20:00"}
# Timing.repeat.when in R4 (http://hl7.org/fhir/event-timing and v3 TimingEvent).
WHEN_CODES = ["MORN", "MORN.early", "MORN.late", "NOON", "AFT", "AFT.early", "AFT.late", "EVE",
              "EVE.early", "EVE.late", "NIGHT", "PHS", "HS", "WAKE", "C", "CM", "CD", "CV", "AC",
              "ACM", "ACD", "ACV", "PC", "PCM", "PCD", "PCV", "IC", "ICM", "ICD", "ICV"]
NO_OFFSET = {"C", "CM", "CD", "CV"}  # tim-9
FIXED = {"MORN.early": 6, "MORN": 8, "MORN.late": 10, "NOON": 12, "AFT.early": 13, "AFT": 15,
         "AFT.late": 17, "EVE.early": 18, "EVE": 19, "EVE.late": 21, "NIGHT": 23}
MEALS = {"M": ["breakfast"], "D": ["lunch"], "V": ["dinner"], "": ["breakfast", "lunch", "dinner"]}
UNIT_SECONDS = {"s": 1, "min": 60, "h": 3600, "d": DAY}
MAX_DOSES = 100_000


class Refused(Exception):
    """The expansion stops, with the reason."""


# Reading FHIR values -----------------------------------------------------------------------------

DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
DATETIME = re.compile(r"(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?")


@functools.lru_cache(maxsize=1 << 20)
def at(day, seconds, zone):
    """The instant (UTC) of `seconds` after midnight of local `day` on the patient's clock; a time
    past midnight falls on the next (or previous) day; a time that does not exist or happens
    twice is read with fold=0 (the offset in force before the change)."""
    days, rest = divmod(int(seconds), DAY)
    day = day + dt.timedelta(days=days)
    naive = dt.datetime(day.year, day.month, day.day, rest // 3600, rest // 60 % 60, rest % 60)
    return naive.replace(tzinfo=zone, fold=0).astimezone(UTC)


def moment(text, zone):
    """("date", date) or ("instant", UTC datetime); a date-time without a zone is read on the
    patient's clock."""
    if not isinstance(text, str):
        raise Refused(f"not a date: {text!r}")
    found = DATE.fullmatch(text)
    if found:
        return "date", dt.date(*map(int, found.groups()))
    found = DATETIME.fullmatch(text)
    if not found:
        raise Refused(f"cannot read the date {text!r}")
    y, mo, d, h, mi, s, frac, tz = found.groups()
    micro = int(round(float(frac) * 1e6)) if frac else 0
    naive = dt.datetime(int(y), int(mo), int(d), int(h), int(mi), int(s or 0), micro)
    if tz is None:
        return "instant", naive.replace(tzinfo=zone, fold=0).astimezone(UTC)
    if tz == "Z":
        offset = dt.timedelta(0)
    else:
        sign = -1 if tz[0] == "-" else 1
        offset = sign * dt.timedelta(hours=int(tz[1:3]), minutes=int(tz[4:6]))
    return "instant", naive.replace(tzinfo=dt.timezone(offset)).astimezone(UTC)


def beginning(text, zone):
    kind, value = moment(text, zone)
    return at(value, 0, zone) if kind == "date" else value


def ending(text, zone):
    """The exclusive end: a date ends with its day."""
    kind, value = moment(text, zone)
    return at(value + dt.timedelta(days=1), 0, zone) if kind == "date" else value


def clock(text):
    """Seconds after midnight of HH:MM or HH:MM:SS."""
    parts = [int(p) for p in text.split(":")]
    return parts[0] * 3600 + parts[1] * 60 + (parts[2] if len(parts) > 2 else 0)


def local_day(instant, zone):
    return instant.astimezone(zone).date()


def number(value):
    return Fraction(str(value))


def add_months(day, months):
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    month += 1
    return dt.date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def add_quantity(start, quantity, zone):
    """The start plus a Duration: whole days, weeks, months and years on the patient's calendar,
    hours and less as elapsed time."""
    unit = quantity.get("code") or quantity.get("unit")
    value = number(quantity.get("value"))
    if unit in UNIT_SECONDS and unit != "d":
        seconds = value * UNIT_SECONDS[unit]
        return start + dt.timedelta(seconds=float(seconds))
    if value.denominator != 1 and unit == "wk":
        return start + dt.timedelta(seconds=float(value * 7 * DAY))
    if value.denominator != 1 and unit == "d":
        return start + dt.timedelta(seconds=float(value * DAY))
    if value.denominator != 1:
        raise Refused(f"{quantity.get('value')} {unit} is not a whole number")
    value = int(value)
    wall = start.astimezone(zone).replace(tzinfo=None)
    if unit == "d":
        wall = wall + dt.timedelta(days=value)
    elif unit == "wk":
        wall = wall + dt.timedelta(weeks=value)
    elif unit in ("mo", "a"):
        day = add_months(wall.date(), value * (12 if unit == "a" else 1))
        wall = dt.datetime.combine(day, wall.time())
    else:
        raise Refused(f"unknown unit of a bound: {unit!r}")
    return wall.replace(tzinfo=zone, fold=0).astimezone(UTC)


# The patient's day ------------------------------------------------------------------------------


def day_span(settings):
    first, last = settings["day"].split("-")
    return clock(first), clock(last)


def spread(m, settings):
    """m doses across the patient's day: one at its first time, m from first to last, on the minute."""
    first, last = day_span(settings)
    if m == 1:
        return [first]
    if (last - first) // 60 < m - 1:
        raise Refused("doses a day do not fit a minute apart")
    return [first + (i * (last - first) // (m - 1)) // 60 * 60 for i in range(m)]


def named_times(repeat, settings):
    """The distinct times of day (seconds, may pass midnight either way) the repeat names."""
    times = set()
    for text in repeat.get("timeOfDay") or []:
        times.add(clock(text))
    when = repeat.get("when") or []
    if isinstance(when, str):  # DSTU2: one code
        when = [when]
    offset = repeat.get("offset")
    if offset is not None and offset > 1440:
        raise Refused("an offset of more than a day")
    s = {name: clock(settings[name]) for name in ("wake", "breakfast", "lunch", "dinner", "sleep")}
    if s["sleep"] < s["dinner"]:  # bedtime after midnight is later than dinner
        s["sleep_after_dinner"] = s["sleep"] + DAY
    else:
        s["sleep_after_dinner"] = s["sleep"]
    minutes = 60
    for code in when:
        after = (offset or 0) * minutes
        if code == "WAKE":
            times.add(s["wake"] + after)
        elif code == "HS":
            times.add(s["sleep"] - after)
        elif code == "PHS":
            times.add(s["sleep"] + after)
        elif code in FIXED:
            times.add(FIXED[code] * 3600 + after)
        elif code in ("C", "CM", "CD", "CV"):
            for meal in MEALS[code[1:]]:
                times.add(s[meal])
        elif code in ("AC", "ACM", "ACD", "ACV", "PC", "PCM", "PCD", "PCV"):
            moved = (30 if offset is None else offset) * minutes
            sign = -1 if code.startswith("A") else 1
            for meal in MEALS[code[2:]]:
                times.add(s[meal] + sign * moved)
        elif code in ("IC", "ICM", "ICD", "ICV"):
            nexts = {"breakfast": "lunch", "lunch": "dinner", "dinner": "sleep_after_dinner"}
            for meal in MEALS[code[2:]]:
                if offset is None:
                    times.add((s[meal] + s[nexts[meal]]) // 2)
                else:
                    times.add(s[meal] + after)
        else:
            raise Refused(f"the when code {code!r} has no time")
    return sorted(times)


# The expander -----------------------------------------------------------------------------------


def repeat_of(timing):
    return (timing or {}).get("repeat") or {}


def period_unit(repeat):
    return repeat.get("periodUnit") or repeat.get("periodUnits")


def bounds_end(repeat, start, zone):
    period = repeat.get("boundsPeriod")
    if period and period.get("end"):
        # A Period includes its end (FHIR's Period.end is inclusive): a dose at that instant is due.
        kind, _ = moment(period["end"], zone)
        return ending(period["end"], zone) + (dt.timedelta(microseconds=1) if kind == "instant" else dt.timedelta(0))
    duration = repeat.get("boundsDuration") or repeat.get("boundsQuantity")
    span = repeat.get("boundsRange")
    if span:
        duration = span.get("low") or span.get("high")
    if duration:
        if start is None:
            raise Refused("a bound of a length needs a start")
        return add_quantity(start, duration, zone)
    return None


class Rule:
    """The doses of a repeat's rule: `instants(lo, hi)` gives those in [lo, hi), sorted."""

    def __init__(self, repeat, times, start, zone, settings):
        self.zone, self.start = zone, start
        self.start_day = local_day(start, zone) if start else None
        self.dows = {WEEKDAYS.index(d) for d in repeat.get("dayOfWeek") or []}
        period = repeat.get("period")
        if period is None:  # names times but no period: every day
            unit, p, n = "d", Fraction(1), len(times)
        else:
            unit = period_unit(repeat)
            if not unit:
                raise Refused("the period has no unit")
            p, n = number(period), number(repeat.get("frequency", 1))
            if n.denominator != 1 or n < 1:
                raise Refused("frequency is not a positive whole number")
            n = int(n)
        self.interval = None
        if unit in ("s", "min", "h") or (unit == "d" and p < 1) or (unit == "wk" and p * 7 < 1):
            if times:
                raise Refused("times of day with a period below a day")
            interval = p * dict(UNIT_SECONDS, wk=7 * DAY)[unit] / n
            if interval.denominator != 1 or interval < 60:
                raise Refused(f"a dose every {float(interval)} s is not a whole number of seconds from a minute")
            self.interval = int(interval)
            self.keeps_clock = DAY % self.interval == 0
            if self.keeps_clock:
                first = day_span(settings)[0]
                self.tods = sorted({(first + k * self.interval) % DAY for k in range(DAY // self.interval)})
            elif start is None:
                raise Refused("elapsed intervals need a start")
            return
        if unit not in ("d", "wk", "mo", "a"):
            raise Refused(f"unknown period unit {unit!r}")
        if p.denominator != 1:
            raise Refused(f"a period of {period} {unit} is not a whole number")
        p = int(p)

        def needs_start():
            if start is None:
                raise Refused("the rule needs a start")

        every_day = lambda day: True
        if unit == "d":
            if self.dows:
                if p != 1:
                    raise Refused("dayOfWeek with a period of several days")
                m, ok = n, lambda day: day.weekday() in self.dows
            elif n == 1:
                m = 1
                if p == 1:
                    ok = every_day
                else:
                    needs_start()
                    ok = lambda day: (day - self.start_day).days % p == 0
            elif n % p == 0:
                m, ok = n // p, every_day
            else:
                raise Refused(f"{n} doses every {p} days do not say on which days")
        elif unit == "wk":
            week = lambda day: ((day - dt.timedelta(days=day.weekday()))
                                - (self.start_day - dt.timedelta(days=self.start_day.weekday()))).days // 7
            if self.dows:
                if n % len(self.dows):
                    raise Refused(f"{n} doses a week on {len(self.dows)} days")
                m = n // len(self.dows)
                if p > 1:
                    needs_start()
                ok = lambda day: day.weekday() in self.dows and (p == 1 or week(day) % p == 0)
            elif n == 1:
                needs_start()
                m = 1
                ok = lambda day: day.weekday() == self.start_day.weekday() and week(day) % p == 0
            elif n % (7 * p) == 0:
                m, ok = n // (7 * p), every_day
            else:
                raise Refused(f"{n} doses every {p} weeks do not say on which days")
        elif self.dows:  # the page does not say; a guess would be worse than a reason
            raise Refused("days of the week with a period of months or years")
        elif unit == "mo":
            if n != 1:
                raise Refused(f"{n} doses a month do not say on which days")
            needs_start()
            m = 1

            def ok(day):
                months = (day.year - self.start_day.year) * 12 + day.month - self.start_day.month
                last = calendar.monthrange(day.year, day.month)[1]
                return months % p == 0 and day.day == min(self.start_day.day, last)
        else:  # a
            if n != 1:
                raise Refused(f"{n} doses a year do not say on which days")
            needs_start()
            m = 1

            def ok(day):
                sd = self.start_day
                if (day.year - sd.year) % p or day.month != sd.month:
                    return False
                if sd.month == 2 and sd.day == 29 and not calendar.isleap(day.year):
                    return day.day == 28
                return day.day == sd.day
        if times:
            if m != len(times):
                raise Refused(f"{m} doses a day but {len(times)} times named")
            self.tods = list(times)
        else:
            self.tods = spread(m, settings)
        self.day_ok = ok
        self.margin = 1 + max(abs(t) // DAY + 1 for t in self.tods)

    def instants(self, lo, hi):
        if lo >= hi:
            return []
        zone, out = self.zone, set()
        first, last = local_day(lo, zone), local_day(hi, zone)
        if self.interval is not None and not self.keeps_clock:
            step = dt.timedelta(seconds=self.interval)
            k = max(0, -(-int((lo - self.start).total_seconds()) // self.interval))
            x = self.start + k * step
            while x < hi:
                if not self.dows or local_day(x, zone).weekday() in self.dows:
                    out.add(x)
                x += step
            return sorted(out)
        margin = 1 if self.interval is not None else self.margin
        day = first - dt.timedelta(days=margin)
        while day <= last + dt.timedelta(days=margin):
            if self.interval is not None:
                if not self.dows or day.weekday() in self.dows:
                    for t in self.tods:
                        x = at(day, t, zone)
                        if lo <= x < hi:
                            out.add(x)
            elif self.day_ok(day):
                for t in self.tods:
                    x = at(day, t, zone)
                    if lo <= x < hi:
                        out.add(x)
            day += dt.timedelta(days=1)
        return sorted(out)


def expand(timing, zone, first_day, last_day, settings=None, authored=None, validity=None,
           as_needed=False, start=None):
    """(doses, None) or ([], reason): the doses (UTC instants, sorted) due in the local days
    first_day..last_day."""
    try:
        return _expand(timing, zone, first_day, last_day, dict(DEFAULT_SETTINGS, **(settings or {})),
                       authored, validity, as_needed, start), None
    except Refused as refused:
        return [], str(refused) or "refused"


def _expand(timing, zone, first_day, last_day, settings, authored, validity, as_needed, start_text):
    if as_needed:
        raise Refused("taken as needed")
    if not timing:
        raise Refused("no Timing")
    repeat = repeat_of(timing)
    events = timing.get("event") or []
    if not events and not repeat:
        raise Refused("only a code" if timing.get("code", {}).get("coding") else "text only")
    times = named_times(repeat, settings)
    window = (at(first_day, 0, zone), at(last_day + dt.timedelta(days=1), 0, zone))
    bounds = repeat.get("boundsPeriod") or {}
    start = None
    for text in (bounds.get("start"), start_text, authored):
        if text:
            start = beginning(text, zone)
            break
    doses = set()
    for event in events:
        kind, value = moment(event, zone)
        if kind == "instant":
            doses.add(value)
        elif not times:
            raise Refused("a date event has no time of day")
        else:
            doses.update(at(value, t, zone) for t in times)
    if repeat.get("period") is not None or (not events and repeat):
        if repeat.get("period") is None and not times:
            raise Refused("the repeat has no period and names no times")
        rule = Rule(repeat, times, start, zone, settings)
        end = bounds_end(repeat, start, zone)
        count = repeat.get("count")
        stop = min(window[1], end) if end else window[1]
        if count is not None and count > MAX_DOSES:
            raise Refused("a count above the limit")
        if count is not None:
            if start is None:
                raise Refused("a count needs a start")
            found, lo = [], start
            while lo < stop and len(found) < count:
                hi = min(stop, lo + dt.timedelta(days=60))
                found += rule.instants(lo, hi)
                lo = hi
            doses.update(found[:count])
        else:
            lo = max(window[0], start) if start else window[0]
            doses.update(rule.instants(lo, stop))
    if validity:
        if validity.get("start"):
            doses = {x for x in doses if x >= beginning(validity["start"], zone)}
        if validity.get("end"):
            kind, value = moment(validity["end"], zone)
            if kind == "date":
                doses = {x for x in doses if x < at(value + dt.timedelta(days=1), 0, zone)}
            else:
                doses = {x for x in doses if x <= value}
    doses = sorted(x for x in doses if window[0] <= x < window[1])
    if len(doses) > MAX_DOSES:
        raise Refused(f"{len(doses)} doses in the window")
    return doses


# What a file holds: one item per dosage ---------------------------------------------------------


def as_needed(dosage):
    return (dosage.get("asNeededBoolean") is True or dosage.get("asNeeded") is True
            or bool(dosage.get("asNeededCodeableConcept")) or bool(dosage.get("asNeededFor")))


def items(resource):
    """(order id, dosage index, timing, authored, validity, as needed) per dosage, in input order."""
    kind = resource.get("resourceType")
    if kind == "Bundle":
        for entry in resource.get("entry") or []:
            yield from items(entry.get("resource") or {})
    elif kind in ("MedicationRequest", "MedicationOrder"):
        authored = resource.get("authoredOn") or resource.get("dateWritten")
        validity = resource.get("effectiveDosePeriod") or (resource.get("dispenseRequest") or {}).get("validityPeriod")
        for index, dosage in enumerate(resource.get("dosageInstruction") or []):
            yield dict(order=resource.get("id"), dosage=index, timing=dosage.get("timing"), authored=authored,
                       validity=validity, as_needed=as_needed(dosage))
    elif kind is None and "timing" in resource:  # a Dosage
        yield dict(order=None, dosage=None, timing=resource.get("timing"), authored=None, validity=None,
                   as_needed=as_needed(resource))
    elif kind is None:  # a Timing
        yield dict(order=None, dosage=None, timing=resource, authored=None, validity=None, as_needed=False)


# The generator ----------------------------------------------------------------------------------

TIMES_POOL = ["08:00:00", "12:00:00", "20:00:00", "06:30:00", "21:15:00", "00:00:00", "23:59:00", "02:30:00",
              "02:00:00", "01:30:00", "03:00:00", "01:00:00", "13:45:00", "17:10:00", "09:20:00", "22:00:00"]
DST_TIMES = ["02:30:00", "02:00:00", "01:30:00", "01:00:00", "02:59:00", "03:00:00"]
OFFSETS = [0, 10, 15, 30, 45, 60, 90, 120, 180, 210, 240, 600]


class Run:
    def __init__(self, name, zone, first, days, settings=None):
        self.name, self.zone_name, self.zone = name, zone, ZoneInfo(zone)
        self.first = first
        self.last = first + dt.timedelta(days=days - 1)
        self.settings = dict(DEFAULT_SETTINGS, **(settings or {}))
        # The days the clocks change in the window, for times chosen on purpose there.
        self.changes = [self.first + dt.timedelta(days=i) for i in range(days)
                        if at(self.first + dt.timedelta(days=i), 0, self.zone).astimezone(self.zone).utcoffset()
                        != at(self.first + dt.timedelta(days=i + 1), 0, self.zone).astimezone(self.zone).utcoffset()]

    def window(self):
        return f"{self.first}..{self.last}"


SETTINGS_A = {"wake": "06:30", "breakfast": "07:30", "lunch": "12:30", "dinner": "19:00", "sleep": "23:00",
              "day": "07:00-21:00"}
SETTINGS_B = {"wake": "05:40", "breakfast": "06:20", "lunch": "11:40", "dinner": "17:20", "sleep": "21:40",
              "day": "06:00-22:00"}
SETTINGS_C = {"sleep": "23:30", "day": "07:15-22:45"}

RUNS = [
    Run("vie16s", "Europe/Vienna", dt.date(2016, 2, 15), 90),
    Run("vie16a", "Europe/Vienna", dt.date(2016, 9, 10), 90, SETTINGS_A),
    Run("nyc16s", "America/New_York", dt.date(2016, 1, 25), 90),
    Run("nyc24a", "America/New_York", dt.date(2024, 9, 20), 90, SETTINGS_B),
    Run("vie24s", "Europe/Vienna", dt.date(2024, 2, 10), 90, SETTINGS_C),
    Run("nyc16a", "America/New_York", dt.date(2016, 9, 15), 90),
    Run("vie24a", "Europe/Vienna", dt.date(2024, 9, 1), 90),
]
EDGE_RUN = Run("edge15", "Europe/Vienna", dt.date(2015, 1, 15), 90)
ODD_RUN = Run("odd15", "Europe/Vienna", dt.date(2015, 1, 15), 90)
R5_RUN = Run("r5-16s", "Europe/Vienna", dt.date(2016, 2, 15), 90, SETTINGS_A)
PER_BUNDLE = 200


def written(instant, zone, style="local"):
    if style == "utc":
        return instant.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return instant.astimezone(zone).isoformat(timespec="seconds")


def quantity(value, code):
    words = {"s": "seconds", "min": "minutes", "h": "hours", "d": "days", "wk": "weeks", "mo": "months", "a": "years"}
    return {"value": value, "unit": words[code], "system": "http://unitsofmeasure.org", "code": code}


class Generator:
    def __init__(self, run, seed):
        self.run, self.rng = run, random.Random(f"{seed}-{run.name}")

    # helpers
    def day(self, lo, hi):
        """A day from `lo` to `hi` days after the window's first, sometimes a day the clocks change."""
        if self.run.changes and self.rng.random() < 0.25:
            return self.rng.choice(self.run.changes) + dt.timedelta(days=self.rng.randint(-1, 1))
        return self.run.first + dt.timedelta(days=self.rng.randint(lo, hi))

    def instant(self, day, minute=None, seconds=0):
        if minute is None:
            minute = self.rng.randrange(0, 24 * 60)
        return at(day, minute * 60 + seconds, self.run.zone)

    def datetime_text(self, day, minute=None, seconds=0):
        style = "utc" if self.rng.random() < 0.12 else "local"
        return written(self.instant(day, minute, seconds), self.run.zone, style)

    def authored(self, lo=-40, hi=60):
        seconds = 15 if self.rng.random() < 0.1 else 0
        return self.datetime_text(self.day(lo, hi), self.rng.randrange(6 * 60, 22 * 60), seconds)

    def times(self, k):
        pool = TIMES_POOL + (DST_TIMES * 2 if self.rng.random() < 0.4 else [])
        chosen = set()
        while len(chosen) < k:
            chosen.add(self.rng.choice(pool))
        result = sorted(chosen)
        self.rng.shuffle(result)
        return result

    def when(self, single=False):
        rng = self.rng
        if single:
            codes = [rng.choice([c for c in WHEN_CODES if c not in ("C", "AC", "PC", "IC")])]
        else:
            codes = rng.sample(WHEN_CODES, rng.choice([1, 1, 2, 2, 3]))
            if rng.random() < 0.08:
                codes.append(rng.choice(["CM", "C", "MORN"]))  # a time named twice
        repeat = {"when": codes}
        if not NO_OFFSET & set(codes) and rng.random() < 0.45:
            repeat["offset"] = rng.choice(OFFSETS + ([1170, 1230] if rng.random() < 0.2 else []))
        return repeat

    def distinct(self, repeat):
        return len(named_times(repeat, self.run.settings))

    def dows(self, k):
        return [WEEKDAYS[i] for i in sorted(self.rng.sample(range(7), k))]

    # the kinds of Timing: each returns (timing, order changes)
    def daily_freq(self):
        n = self.rng.choice([1, 1, 2, 2, 2, 3, 3, 4, 5, 6, 7, 8])
        repeat = {"frequency": n, "period": self.rng.choice([1, 1, 1, 1.0]), "periodUnit": "d"}
        if self.rng.random() < 0.2:
            repeat["frequencyMax"] = n + self.rng.randint(1, 2)
        if self.rng.random() < 0.1:
            repeat["periodMax"] = 2
        return {"repeat": repeat}

    def daily_times(self):
        k = self.rng.choice([1, 1, 2, 2, 3, 4])
        return {"repeat": {"frequency": k, "period": 1, "periodUnit": "d", "timeOfDay": self.times(k)}}

    def daily_when(self):
        repeat = self.when()
        repeat.update({"frequency": self.distinct(repeat), "period": 1, "periodUnit": "d"})
        return {"repeat": repeat}

    def no_period(self):
        repeat = {"timeOfDay": self.times(self.rng.choice([1, 2, 3]))} if self.rng.random() < 0.5 else self.when()
        if self.rng.random() < 0.3:
            repeat["dayOfWeek"] = self.dows(self.rng.randint(1, 4))
        return {"repeat": repeat}

    def every_p_days(self):
        p = self.rng.choice([2, 3, 4, 7, 10])
        repeat = {"period": p, "periodUnit": "d"}
        if self.rng.random() < 0.8:
            repeat["frequency"] = 1
        choice = self.rng.random()
        if choice < 0.25:
            repeat["timeOfDay"] = self.times(1)
        elif choice < 0.5:
            repeat.update(self.when(single=True))
        return {"repeat": repeat}, {"authored": self.authored(-30, 30)}

    def several_days(self):
        p = self.rng.choice([2, 3])
        m = self.rng.choice([1, 2])
        repeat = {"frequency": p * m, "period": p, "periodUnit": "d"}
        if self.rng.random() < 0.3:
            repeat["timeOfDay"] = self.times(m)
        return {"repeat": repeat}

    def day_of_week(self):
        m = self.rng.choice([1, 1, 2, 3])
        repeat = {"frequency": m, "period": 1, "periodUnit": "d", "dayOfWeek": self.dows(self.rng.randint(1, 5))}
        if self.rng.random() < 0.5:
            repeat["timeOfDay"] = self.times(m)
        return {"repeat": repeat}

    def weekly(self):
        rng, choice = self.rng, self.rng.random()
        if choice < 0.35:
            repeat = {"frequency": 1, "period": rng.choice([1, 1, 2, 3]), "periodUnit": "wk"}
            if rng.random() < 0.3:
                repeat["timeOfDay"] = self.times(1)
        elif choice < 0.8:
            c, m = rng.choice([1, 2, 3]), rng.choice([1, 1, 2])
            repeat = {"frequency": c * m, "period": rng.choice([1, 1, 2]), "periodUnit": "wk", "dayOfWeek": self.dows(c)}
            if rng.random() < 0.4:
                repeat["timeOfDay"] = self.times(m)
        else:
            p, m = rng.choice([1, 2]), rng.choice([1, 2])
            repeat = {"frequency": 7 * p * m, "period": p, "periodUnit": "wk"}
        return {"repeat": repeat}, {"authored": self.authored(-30, 40)}

    def monthly(self):
        rng = self.rng
        p = rng.choice([1, 1, 2, 3])
        repeat = {"period": p, "periodUnit": "mo"}
        if rng.random() < 0.8:
            repeat["frequency"] = 1
        if rng.random() < 0.3:
            repeat["timeOfDay"] = self.times(1)
        day = add_months(self.run.first, -rng.randint(1, 7))
        last = calendar.monthrange(day.year, day.month)[1]
        day = day.replace(day=min(last, rng.choice([1, 5, 12, 28, 29, 30, 31, rng.randint(1, 31)])))
        return {"repeat": repeat}, {"authored": self.datetime_text(day, rng.randrange(6 * 60, 22 * 60))}

    def yearly(self):
        rng = self.rng
        p = rng.choice([1, 1, 2])
        day = self.day(0, 89)
        if rng.random() < 0.2 and calendar.isleap(self.run.first.year) and self.run.first.month <= 2:
            day = dt.date(self.run.first.year, 2, 29)
        day = day.replace(year=day.year - p * rng.randint(1, 3)) if not (day.month == 2 and day.day == 29) \
            else dt.date(day.year - 4 * rng.randint(1, 2), 2, 29)
        repeat = {"frequency": 1, "period": p, "periodUnit": "a"}
        return {"repeat": repeat}, {"authored": self.datetime_text(day, rng.randrange(0, 24 * 60))}

    def subday_clock(self):
        n, p, unit = self.rng.choice([(1, 8, "h"), (2, 8, "h"), (3, 6, "h"), (1, 30, "min"), (1, 90, "min"),
                                      (1, 5400, "s"), (4, 1, "h"), (1, 0.5, "d"), (1, 0.25, "d"), (1, 1, "h"),
                                      (3, 1, "h"), (1, 12, "h"), (1, 3, "h"), (1, 2, "h"), (1, 45, "min"),
                                      (2, 1, "h"), (1, 6, "h")])
        repeat = {"frequency": n, "period": p, "periodUnit": unit}
        if self.rng.random() < 0.2:
            repeat["dayOfWeek"] = self.dows(self.rng.randint(1, 3))
        if self.rng.random() < 0.15:
            repeat["frequencyMax"] = n + 1
        return {"repeat": repeat}

    def subday_elapsed(self):
        n, p, unit = self.rng.choice([(1, 5, "h"), (1, 7, "h"), (2, 9, "h"), (1, 100, "min"), (1, 0.3, "d"),
                                      (1, 11, "h"), (1, 13, "h"), (2, 5, "h"), (1, 10, "h"), (1, 1000, "s"),
                                      (1, 36, "h")])
        repeat = {"frequency": n, "period": p, "periodUnit": unit}
        if self.rng.random() < 0.15:
            repeat["dayOfWeek"] = self.dows(self.rng.randint(2, 4))
        if self.rng.random() < 0.15:
            repeat["periodMax"] = p * 2
        return {"repeat": repeat}, {"authored": self.authored(-20, 60)}

    def events_datetime(self):
        events = [self.datetime_text(self.day(-3, 92), self.rng.randrange(0, 24 * 60)) for _ in range(self.rng.randint(1, 6))]
        return {"event": events}

    def events_date(self):
        days = sorted({self.day(-2, 91) for _ in range(self.rng.randint(1, 4))})
        repeat = {"timeOfDay": self.times(self.rng.randint(1, 3))} if self.rng.random() < 0.5 else self.when()
        return {"event": [str(d) for d in days], "repeat": repeat}

    def events_and_rule(self):
        if self.rng.random() < 0.5:
            timing = self.daily_freq()
            timing["event"] = [self.datetime_text(self.day(0, 89), self.rng.choice([8 * 60, 13 * 60 + 30, 20 * 60]))
                               for _ in range(self.rng.randint(1, 3))]
        else:
            k = self.rng.choice([1, 2])
            timing = {"repeat": {"frequency": k, "period": 1, "periodUnit": "d", "timeOfDay": self.times(k)},
                      "event": [str(self.day(-5, 95)) for _ in range(2)]}
            timing["event"] = sorted(set(timing["event"]))
        return timing, {"authored": self.authored(10, 60)}

    # refusals
    def refused(self):
        rng = self.rng
        kind = rng.choice(["2wk", "2mo", "mismatch", "mismatch", "subday-times", "dow-p2", "2per3d", "wk-dow",
                           "date-no-time", "code", "text", "no-timing", "no-start", "no-start", "sub-minute",
                           "too-many", "not-whole", "3a"])
        if kind == "2wk":
            return {"repeat": {"frequency": 2, "period": 1, "periodUnit": "wk"}}
        if kind == "2mo":
            return {"repeat": {"frequency": rng.choice([2, 3]), "period": 1, "periodUnit": "mo"}}
        if kind == "3a":
            return {"repeat": {"frequency": 3, "period": 1, "periodUnit": "a"}}
        if kind == "mismatch":
            if rng.random() < 0.5:
                k = rng.choice([1, 2, 3])
                return {"repeat": {"frequency": k + rng.choice([-1, 1]) if k > 1 else 2, "period": 1,
                                   "periodUnit": "d", "timeOfDay": self.times(k)}}
            repeat = self.when()
            repeat.update({"frequency": self.distinct(repeat) + 1, "period": 1, "periodUnit": "d"})
            return {"repeat": repeat}
        if kind == "subday-times":
            return {"repeat": {"frequency": 1, "period": 8, "periodUnit": "h", "timeOfDay": self.times(1)}}
        if kind == "dow-p2":
            return {"repeat": {"frequency": 1, "period": 2, "periodUnit": "d", "dayOfWeek": self.dows(2)}}
        if kind == "2per3d":
            return {"repeat": {"frequency": 2, "period": 3, "periodUnit": "d"}}
        if kind == "wk-dow":
            return {"repeat": {"frequency": 4, "period": 1, "periodUnit": "wk", "dayOfWeek": self.dows(3)}}
        if kind == "date-no-time":
            return {"event": [str(self.day(0, 89)) for _ in range(rng.randint(1, 2))]}
        if kind == "code":
            code = rng.choice(["BID", "TID", "QID", "AM", "PM", "QD", "QOD", "Q4H", "Q6H", "WK", "MO"])
            return {"code": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/v3-GTSAbbreviation",
                                         "code": code}], "text": code}}
        if kind == "text":
            return {"code": {"text": rng.choice(["as directed", "twice a day", "with meals"])}}
        if kind == "no-timing":
            return None
        if kind == "no-start":
            if rng.random() < 0.7:
                timing = rng.choice([self.every_p_days, self.subday_elapsed, self.monthly, self.weekly])()[0]
            else:
                timing = self.daily_freq()
                if rng.random() < 0.5:
                    timing["repeat"]["count"] = 3
                else:
                    timing["repeat"]["boundsDuration"] = quantity(5, "d")
            return timing, {"authored": None}
        if kind == "sub-minute":
            return {"repeat": {"frequency": 1, "period": rng.choice([30, 10]), "periodUnit": "s"}}
        if kind == "too-many":
            return {"repeat": {"frequency": 1, "period": 1, "periodUnit": "min"}}  # 129,600 doses in 90 days
        return {"repeat": {"frequency": 7, "period": 1, "periodUnit": "h"}}  # 514.28... s

    KINDS = [("daily_freq", 14), ("daily_times", 10), ("daily_when", 13), ("no_period", 4), ("every_p_days", 6),
             ("several_days", 3), ("day_of_week", 5), ("weekly", 9), ("monthly", 4), ("yearly", 2),
             ("subday_clock", 8), ("subday_elapsed", 6), ("events_datetime", 3), ("events_date", 3),
             ("events_and_rule", 2), ("refused", 9)]

    def modify(self, timing, order):
        """Bounds, a count, a duration, the order's validity, as needed: on some."""
        rng = self.rng
        repeat = timing.get("repeat") if timing else None
        rule = repeat is not None and ("period" in repeat or ("event" not in timing and repeat))
        if rule and "count" not in repeat and not any(k.startswith("bounds") for k in repeat):
            choice = rng.random()
            if choice < 0.09:
                repeat["count"] = rng.choice([1, 2, 3, 5, 8, 13, 20, 40])
                if rng.random() < 0.3:
                    repeat["countMax"] = repeat["count"] + rng.randint(0, 3)
                order["authored"] = self.authored(-10, 60) if order.get("authored", "x") is not None else None
            elif choice < 0.17:
                value, code = rng.choice([(7, "d"), (10, "d"), (3, "d"), (2, "wk"), (1, "mo"), (36, "h"), (90, "min"),
                                          (1, "a"), (30, "d"), (2, "mo")])
                repeat["boundsDuration"] = quantity(value, code)
                order["authored"] = self.authored(-10, 80) if order.get("authored", "x") is not None else None
            elif choice < 0.23:
                low, high = rng.choice([(3, 5), (5, 10), (1, 2), (14, 21), (None, 4)])
                code = rng.choice(["d", "d", "wk"])
                span = {"high": quantity(high, code)}
                if low is not None:
                    span["low"] = quantity(low, code)
                repeat["boundsRange"] = span
                order["authored"] = self.authored(-10, 80) if order.get("authored", "x") is not None else None
            elif choice < 0.33:
                period = {}
                begin = self.day(-15, 70)
                finish = begin + dt.timedelta(days=rng.randint(0, 30))
                if rng.random() < 0.8:
                    period["start"] = str(begin) if rng.random() < 0.5 else self.datetime_text(begin)
                if rng.random() < 0.85 or not period:
                    if rng.random() < 0.5:
                        period["end"] = str(finish)
                    else:  # sometimes exactly on a dose time, which the end leaves out
                        minute = rng.choice([8 * 60, 20 * 60, 14 * 60, rng.randrange(0, 24 * 60)])
                        period["end"] = self.datetime_text(finish, minute)
                repeat["boundsPeriod"] = period
                order["authored"] = self.authored(-30, 40) if order.get("authored", "x") is not None else None
        if repeat is not None and rng.random() < 0.15:
            repeat["duration"] = rng.choice([5, 10, 30, 1, 2])
            repeat["durationUnit"] = rng.choice(["min", "h"])
            if rng.random() < 0.3:
                repeat["durationMax"] = repeat["duration"] * 2
        if rng.random() < 0.1:
            begin = self.day(-10, 60)
            period = {}
            if rng.random() < 0.7:
                period["start"] = str(begin) if rng.random() < 0.5 else self.datetime_text(begin)
            if rng.random() < 0.8 or not period:
                finish = begin + dt.timedelta(days=rng.randint(1, 40))
                # an end at a time no dose falls on: the doc does not say whether the end is in
                period["end"] = str(finish) if rng.random() < 0.6 else written(
                    self.instant(finish, rng.randrange(0, 24 * 60), 31), self.run.zone)
            order["validity"] = period
        if rng.random() < 0.03:
            order["as_needed"] = "asNeededBoolean"
        elif rng.random() < 0.01:
            order["as_needed"] = "asNeededCodeableConcept"
        elif rng.random() < 0.03:
            order["as_needed"] = "false"

    def order(self, number):
        rng = self.rng
        kinds, weights = zip(*self.KINDS)
        kind = rng.choices(kinds, weights)[0]
        made = getattr(self, kind)()
        timing, order = (made if isinstance(made, tuple) else (made, {}))
        if "authored" not in order:
            choice = rng.random()
            if choice < 0.05:
                order["authored"] = None
            elif choice < 0.1:
                order["authored"] = str(self.day(-40, 60))
            else:
                order["authored"] = self.authored()
        if kind != "refused":
            self.modify(timing, order)
        elif rng.random() < 0.1:
            order["as_needed"] = "asNeededBoolean"
        dosages = [timing]
        if rng.random() < 0.05:
            dosages.append(self.daily_freq() if rng.random() < 0.5 else self.daily_when())
        resource = {
            "resourceType": "MedicationRequest", "id": f"{self.run.name}-{number:03d}", "status": "active",
            "intent": "order", "medicationCodeableConcept": {"text": f"medicine {kind}"},
            "subject": {"reference": "Patient/f001"},
        }
        if order.get("authored"):
            resource["authoredOn"] = order["authored"]
        resource["dosageInstruction"] = []
        for index, timing in enumerate(dosages):
            dosage = {"sequence": index + 1, "text": f"{kind} {index}"}
            if timing is not None:
                dosage["timing"] = timing
            if index == 0 and order.get("as_needed") == "asNeededBoolean":
                dosage["asNeededBoolean"] = True
            elif index == 0 and order.get("as_needed") == "asNeededCodeableConcept":
                dosage["asNeededCodeableConcept"] = {"text": "for pain"}
            elif index == 0 and order.get("as_needed") == "false":
                dosage["asNeededBoolean"] = False
            resource["dosageInstruction"].append(dosage)
        if order.get("validity"):
            resource["dispenseRequest"] = {"validityPeriod": order["validity"]}
        return resource

    def bundle(self, start, count):
        return {"resourceType": "Bundle", "type": "collection", "entry": [
            {"fullUrl": f"urn:uuid:00000000-0000-4000-8000-{RUNS.index(self.run) * 10**6 + start + i:012d}",
             "resource": self.order(start + i)} for i in range(count)]}


def tim_violations(timing):
    """The invariants tim-1..tim-10 a generated Timing must keep, with positive frequency and count."""
    repeat, wrong = repeat_of(timing), []
    if "duration" in repeat and not repeat.get("durationUnit"):
        wrong.append("tim-1")
    if "period" in repeat and not period_unit(repeat):
        wrong.append("tim-2")
    if repeat.get("duration", 0) < 0:
        wrong.append("tim-4")
    if repeat.get("period", 0) < 0:
        wrong.append("tim-5")
    if "periodMax" in repeat and "period" not in repeat:
        wrong.append("tim-6")
    if "durationMax" in repeat and "duration" not in repeat:
        wrong.append("tim-7")
    if "countMax" in repeat and "count" not in repeat:
        wrong.append("tim-8")
    if "offset" in repeat and (not repeat.get("when") or NO_OFFSET & set(repeat["when"])):
        wrong.append("tim-9")
    if "timeOfDay" in repeat and ("when" in repeat or "offset" in repeat):
        wrong.append("tim-10")
    if repeat.get("frequency", 1) < 1 or repeat.get("count", 1) < 1:
        wrong.append("frequency or count not positive")
    return wrong


def generated_bundles(seed=SEED):
    """(run, bundle) for every generated Bundle, each checked to keep the invariants."""
    out = []
    for run in RUNS:
        generator = Generator(run, seed)
        bundle = generator.bundle(0, PER_BUNDLE)
        for entry in bundle["entry"]:
            for dosage in entry["resource"]["dosageInstruction"]:
                broken = tim_violations(dosage.get("timing"))
                assert not broken, (broken, dosage)
        out.append((run, bundle))
    return out


# Edge cases, R5 and bare Timings -------------------------------------------------------------------


def order(id_, timing, authored=None, validity=None, extra=None, release="r4"):
    resource = {"resourceType": "MedicationRequest", "id": id_, "status": "active", "intent": "order",
                "subject": {"reference": "Patient/f001"}}
    if release == "r5":
        resource["medication"] = {"concept": {"text": "medicine"}}
    else:
        resource["medicationCodeableConcept"] = {"text": "medicine"}
    if authored:
        resource["authoredOn"] = authored
    dosage = {"text": "edge"}
    if timing is not None:
        dosage["timing"] = timing
    dosage.update(extra or {})
    resource["dosageInstruction"] = [dosage]
    if validity:
        resource["dispenseRequest"] = {"validityPeriod": validity}
    return resource


def edge_bundles():
    """Cases the random generator meets seldom, in one Bundle; and in a second one the forms the
    page reads but FHIR's dateTime does not allow (a date-time without a zone) and a period of 0
    (tim-5 allows it), so that a refusal of that whole Bundle hides nothing else."""
    daily2 = {"frequency": 2, "period": 1, "periodUnit": "d"}
    daily1930 = {"frequency": 1, "period": 1, "periodUnit": "d", "timeOfDay": ["09:30:00"]}
    orders = [
        order("e01", {"event": ["2015-03-29T02:30:00", "2015-10-25T02:30:00", "2015-03-01T08:00:00"]}),
        order("e02", {"repeat": dict(daily2, boundsPeriod={"start": "2015-03-28T12:00:00", "end": "2015-04-02T08:00:00"})}),
        order("e03", {"repeat": daily2}, authored="2015-03-20T09:00:00"),
        order("e04", {"repeat": daily2}, authored="2015-02-01T09:00:00+01:00",
              validity={"start": "2015-02-10T20:00:00", "end": "2015-02-20"}),
        order("e05", {"repeat": {"frequency": 1, "period": 1, "periodUnit": "a"}}, authored="2012-02-29T10:00:00+01:00"),
        order("e06", {"repeat": {"frequency": 1, "period": 1, "periodUnit": "mo"}}, authored="2014-10-31T10:00:00+01:00"),
        order("e07", {"repeat": {"frequency": 1, "period": 1, "periodUnit": "mo", "timeOfDay": ["02:30:00"]}},
              authored="2014-12-29T01:00:00+01:00"),
        order("e08", {"repeat": {"frequency": 1, "period": 1, "periodUnit": "d", "timeOfDay": ["08:00:30"]}},
              authored="2015-03-01T00:00:00+01:00"),
        order("e09", {"repeat": {"frequency": 1, "period": 1, "periodUnit": "h"}}, authored="2015-03-28T00:00:00+01:00",
              validity={"end": "2015-03-30"}),
        order("e10", {"repeat": {"frequency": 2, "period": 1, "periodUnit": "h"}}, authored="2015-03-28T00:00:00+01:00",
              validity={"start": "2015-03-29", "end": "2015-03-29"}),
        order("e11", {"repeat": {"frequency": 1, "period": 5, "periodUnit": "h", "count": 10}},
              authored="2015-03-28T21:00:00+01:00"),
        order("e12", {"repeat": {"frequency": 1, "period": 1, "periodUnit": "d", "when": ["NIGHT"], "offset": 210}},
              authored="2015-03-25T10:00:00+01:00", validity={"end": "2015-04-05"}),
        order("e13", {"repeat": {"frequency": 1, "period": 1, "periodUnit": "d", "when": ["HS"], "offset": 1170}},
              authored="2015-03-25T10:00:00+01:00", validity={"end": "2015-04-05"}),
        order("e14", {"repeat": {"frequency": 1, "period": 1, "periodUnit": "wk", "count": 3}},
              authored="2015-03-15"),
        order("e15", {"repeat": dict(daily2, boundsDuration=quantity(1, "mo"))}, authored="2015-01-31T09:00:00+01:00"),
        order("e16", {"repeat": dict(daily1930, boundsDuration=quantity(24, "h"))}, authored="2015-03-28T09:00:00+01:00"),
        order("e17", {"repeat": dict(daily1930, boundsDuration=quantity(1, "d"))}, authored="2015-03-28T09:00:00+01:00"),
        order("e18", {"repeat": {"frequency": 2, "period": 2, "periodUnit": "wk", "dayOfWeek": ["tue", "sat"]}},
              authored="2015-02-04T09:00:00+01:00"),
        order("e19", {"event": ["2015-02-01T08:00:00+01:00", "2015-02-01T07:00:00Z", "2015-02-02"],
                      "repeat": {"timeOfDay": ["09:00:00"]}}),
        order("e20", {"repeat": {"frequency": 1, "period": 1, "periodUnit": "d", "count": 3,
                                 "boundsPeriod": {"start": "2015-03-01T12:00:00+01:00"}}}),
        order("e21", {"repeat": {"frequency": 3, "period": 1, "periodUnit": "d", "count": 4,
                                 "boundsDuration": quantity(1, "d")}}, authored="2015-03-01T07:00:00+01:00"),
        order("e22", {"repeat": {"frequency": 1, "period": 0, "periodUnit": "h"}}, authored="2015-03-01T07:00:00+01:00"),
    ]
    odd = {"e01", "e02", "e03", "e04", "e22"}
    return [{"resourceType": "Bundle", "type": "collection", "entry": [{"resource": r} for r in orders
                                                                       if (r["id"] in odd) == wanted]}
            for wanted in (False, True)]


def r5_bundle():
    daily2 = {"repeat": {"frequency": 2, "period": 1, "periodUnit": "d"}}
    orders = [
        order("r5-01", daily2, authored="2016-02-20T09:00:00+01:00", release="r5"),
        order("r5-02", daily2, authored="2016-02-20T09:00:00+01:00", extra={"asNeeded": True}, release="r5"),
        order("r5-03", daily2, authored="2016-02-20T09:00:00+01:00", extra={"asNeeded": False}, release="r5"),
        order("r5-04", daily2, authored="2016-02-20T09:00:00+01:00",
              extra={"asNeededFor": [{"text": "pain"}]}, release="r5"),
        order("r5-05", {"repeat": {"frequency": 1, "period": 1, "periodUnit": "d", "when": ["IMD"]}},
              authored="2016-02-20T09:00:00+01:00", release="r5"),
        order("r5-06", {"repeat": {"frequency": 2, "period": 1, "periodUnit": "d", "when": ["IMD", "MORN"]}},
              authored="2016-02-20T09:00:00+01:00", release="r5"),
        order("r5-07", {"repeat": {"frequency": 3, "period": 1, "periodUnit": "d", "when": ["IC"]}},
              authored="2016-03-20T09:00:00+01:00", release="r5"),
    ]
    orders.append(order("r5-08", daily2, authored="2016-02-20T09:00:00+01:00", release="r5"))
    orders[-1]["effectiveDosePeriod"] = {"start": "2016-03-01", "end": "2016-03-31T12:00:00+02:00"}
    orders.append(order("r5-09", daily2, authored="2016-02-20T09:00:00+01:00", release="r5",
                        validity={"start": "2016-02-25", "end": "2016-02-28"}))
    orders[-1]["effectiveDosePeriod"] = {"start": "2016-04-01", "end": "2016-04-10"}
    orders.append(order("r5-10", daily2, authored="2016-02-20T09:00:00+01:00", release="r5",
                        validity={"start": "2016-02-25", "end": "2016-02-28"}))
    return {"resourceType": "Bundle", "type": "collection", "entry": [{"resource": r} for r in orders]}


# (input, zone, first, last, --start, settings): bare Timings and Dosages
BARE = [
    ({"repeat": {"frequency": 1, "period": 5, "periodUnit": "h"}}, "Europe/Vienna", "2016-03-26", "2016-03-28",
     "2016-03-26T21:00:00+01:00", {}),
    ({"repeat": {"count": 2, "frequency": 1, "period": 1, "periodUnit": "d"}}, "Europe/Vienna", "2016-07-01",
     "2016-07-31", "2016-07-04T16:10:00+02:00", {}),
    ({"repeat": {"frequency": 1, "period": 2, "periodUnit": "d"}}, "America/New_York", "2016-03-01", "2016-03-31",
     None, {}),
    ({"timing": {"repeat": {"frequency": 3, "period": 1, "periodUnit": "d", "when": ["AC"]}}, "text": "with meals"},
     "America/New_York", "2016-11-05", "2016-11-07", None, SETTINGS_B),
    ({"timing": {"repeat": {"frequency": 3, "period": 1, "periodUnit": "d"}}, "asNeededBoolean": True},
     "Europe/Vienna", "2016-08-01", "2016-08-31", None, {}),
    ({"repeat": {"frequency": 1, "period": 1, "periodUnit": "wk", "timeOfDay": ["01:30:00"]}},
     "America/New_York", "2016-10-01", "2016-12-31", "2016-11-06", {}),
]


# Running medbrain -------------------------------------------------------------------------------


class Outcome:
    def __init__(self):
        self.agree = self.expanded = self.refused = self.empty = 0
        self.disagreements = []
        self.dataset = 0

    def differ(self, text):
        self.disagreements.append(text)
        print(text, flush=True)


def local_text(instant, zone):
    return instant.astimezone(zone).isoformat(timespec="seconds")


def describe(doses, zone):
    if not doses:
        return "no doses"
    return f"{len(doses)} doses, {local_text(doses[0], zone)} .. {local_text(doses[-1], zone)}"


SETTING_STYLE = {}


def setting_flags(binary, settings):
    """The patient's day as options: `--wake HH:MM ... --day HH:MM-HH:MM` as the interface was
    given, or `--day wake=HH:MM ... --day day=HH:MM-HH:MM` where `doses --help` says so."""
    if binary not in SETTING_STYLE:
        done = subprocess.run([binary, "doses", "--help"], capture_output=True, text=True, timeout=120)
        SETTING_STYLE[binary] = "pairs" if ("--wake" not in done.stdout and "name=HH:MM" in done.stdout) else "options"
    changed = {k: v for k, v in settings.items() if DEFAULT_SETTINGS.get(k) != v}
    if SETTING_STYLE[binary] == "pairs":
        return [x for key, value in changed.items() for x in ("--day", f"{key}={value}")]
    return [x for key, value in changed.items() for x in (f"--{key}", value)]


def run_doses(binary, payload, zone, first, last, settings=None, start=None):
    """medbrain doses on `payload` (JSON): (parsed output, None) or (None, why it failed)."""
    flags = setting_flags(binary, settings or {})
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(payload, handle)
        path = handle.name
    command = [binary, "doses", path, "--from", str(first), "--to", str(last), "--zone", zone, "--json", *flags]
    if start:
        command += ["--start", start]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        return None, f"{' '.join(command)}: no answer in 300 s"
    finally:
        os.unlink(path)
    if done.returncode != 0:
        return None, f"{' '.join(command)} exited {done.returncode}: {done.stderr.strip()[:2000]}"
    try:
        return json.loads(done.stdout), None
    except ValueError as error:
        return None, f"{' '.join(command)}: output is not JSON ({error}): {done.stdout[:500]}"


def compare(outcome, label, payload, got, zone_name, first, last, settings, start=None, bare=False):
    """Each dosage of `payload` against medbrain's answer `got`."""
    zone = ZoneInfo(zone_name)
    first_day, last_day = dt.date.fromisoformat(str(first)), dt.date.fromisoformat(str(last))
    wanted = list(items(payload))
    changed = {k: v for k, v in (settings or {}).items() if DEFAULT_SETTINGS.get(k) != v}
    context = f"{label}: zone {zone_name}, window {first}..{last}" + (
        f", patient's day {json.dumps(changed)}" if changed else "") + (f", --start {start}" if start else "")
    if not isinstance(got, list):
        outcome.differ(f"DISAGREE {context}: the answer is not a JSON array: {str(got)[:300]}")
        return
    # An order without any dosage (the tutorial's ord-10) may be answered with nothing or with one
    # refusal of its own (dosage null, or 0 as medbrain answers now): the page does not say which.
    empty_orders = {r.get("id") for r in bundle_resources(payload) if not r.get("dosageInstruction")}
    got = [g for g in got if not (isinstance(g, dict) and g.get("order") in empty_orders
                                  and g.get("dosage") in (None, 0) and not g.get("doses") and g.get("reason"))]
    if len(got) != len(wanted):
        outcome.differ(f"DISAGREE {context}: {len(got)} answers for {len(wanted)} dosages: "
                       f"{[(g.get('order'), g.get('dosage')) for g in got if isinstance(g, dict)][:40]}")
        return
    for want, answer in zip(wanted, got):
        if not isinstance(answer, dict):
            outcome.differ(f"DISAGREE {context}, order {want['order']} dosage {want['dosage']}: "
                           f"the answer is not an object: {str(answer)[:300]}")
            continue
        expected, reason = expand(want["timing"], zone, first_day, last_day, settings, want["authored"],
                                  want["validity"], want["as_needed"], start)
        where = f"{context}, order {want['order']} dosage {want['dosage']}"
        problems = []
        if not bare and (answer.get("order") != want["order"] or answer.get("dosage") != want["dosage"]):
            problems.append(f"answer is for order {answer.get('order')!r} dosage {answer.get('dosage')!r}")
        doses_text = answer.get("doses")
        got_reason = answer.get("reason")
        doses = []
        if not isinstance(doses_text, list):
            problems.append(f"doses is {doses_text!r}")
            doses_text = []
        for text in doses_text:
            try:
                value = dt.datetime.fromisoformat(text)
            except (TypeError, ValueError):
                problems.append(f"cannot read the dose {text!r}")
                continue
            if value.tzinfo is None:
                problems.append(f"the dose {text} has no offset")
                continue
            if value.utcoffset() != value.astimezone(zone).utcoffset():
                problems.append(f"the dose {text} is not written with {zone_name}'s offset "
                                f"({local_text(value, zone)})")
            doses.append(value.astimezone(UTC))
        if doses != sorted(doses):
            problems.append("the doses are not sorted")
        if got_reason is not None and doses:
            problems.append(f"a reason ({got_reason!r}) and {len(doses)} doses")
        if reason is not None and got_reason is None:
            problems.append(f"expected refused ({reason}), got {describe(doses, zone)}")
        elif reason is None and got_reason is not None:
            problems.append(f"expected {describe(expected, zone)}, got refused ({got_reason})")
        elif reason is None and doses != expected:
            index = next((i for i, (a, b) in enumerate(zip(expected, doses)) if a != b), min(len(expected), len(doses)))
            want_text = local_text(expected[index], zone) if index < len(expected) else "none"
            got_text = local_text(doses[index], zone) if index < len(doses) else "none"
            missing = sorted(set(expected) - set(doses))
            extra = sorted(set(doses) - set(expected))
            problems.append(f"expected {describe(expected, zone)}, got {describe(doses, zone)}; first difference "
                            f"at dose {index}: expected {want_text}, got {got_text}; {len(missing)} missing "
                            f"{[local_text(x, zone) for x in missing[:4]]}, {len(extra)} extra "
                            f"{[local_text(x, zone) for x in extra[:4]]}")
        if problems:
            facts = {k: want[k] for k in ("authored", "validity", "as_needed") if want[k]}
            outcome.differ(f"DISAGREE {where}\n  timing: {json.dumps(want['timing'])}\n  order: {json.dumps(facts)}\n"
                           + "".join(f"  {p}\n" for p in problems).rstrip())
        else:
            outcome.agree += 1
            if reason is not None:
                outcome.refused += 1
            elif expected:
                outcome.expanded += 1
            else:
                outcome.empty += 1


def bundle_resources(payload):
    if payload.get("resourceType") == "Bundle":
        return [e.get("resource") or {} for e in payload.get("entry") or []]
    return [payload] if payload.get("resourceType") else []


# The tutorial's data from the built-in server ------------------------------------------------------

RELEASE_NAMES = ["dstu2", "stu3", "r4", "r4b", "r5"]


def start_servers(binary):
    servers = {}
    for release in RELEASE_NAMES:
        servers[release] = subprocess.Popen([binary, "serve", "--port", "0", "--fhir-version", release],
                                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return servers


def fetch_orders(process, release):
    line = process.stdout.readline()
    found = re.search(r"http://\S+", line)
    if not found:
        raise RuntimeError(f"the {release} server did not start: {line}")
    kind = "MedicationOrder" if release == "dstu2" else "MedicationRequest"
    request = urllib.request.Request(f"{found.group(0).rstrip('/')}/{kind}?_count=100",
                                     headers={"Accept": "application/json"})
    with urllib.request.urlopen(request, timeout=120) as answer:
        return json.load(answer)


def stop_servers(servers):
    for process in servers.values():
        process.terminate()
    for process in servers.values():
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# Self-check: the expander against examples worked by hand from the page --------------------------

VIE, NYC = "Europe/Vienna", "America/New_York"


def example(name, timing, zone, first, last, want, authored=None, settings=None, validity=None, as_needed=False,
            start=None):
    return dict(name=name, timing=timing, zone=zone, first=first, last=last, want=want, authored=authored,
                settings=settings, validity=validity, as_needed=as_needed, start=start)


def d(n, unit, **more):
    return {"repeat": dict({"frequency": n, "period": 1, "periodUnit": unit}, **more)}


EXAMPLES = [
    example("2/d: 08:00 and 20:00", d(2, "d"), VIE, "2016-08-10", "2016-08-10",
            ["2016-08-10T08:00:00+02:00", "2016-08-10T20:00:00+02:00"]),
    example("3/d: 08:00, 14:00, 20:00", d(3, "d"), VIE, "2016-08-10", "2016-08-10",
            ["2016-08-10T08:00:00+02:00", "2016-08-10T14:00:00+02:00", "2016-08-10T20:00:00+02:00"]),
    example("8/d across 08:00-20:00, seconds dropped", d(8, "d"), VIE, "2016-08-10", "2016-08-10",
            ["2016-08-10T08:00:00+02:00", "2016-08-10T09:42:00+02:00", "2016-08-10T11:25:00+02:00",
             "2016-08-10T13:08:00+02:00", "2016-08-10T14:51:00+02:00", "2016-08-10T16:34:00+02:00",
             "2016-08-10T18:17:00+02:00", "2016-08-10T20:00:00+02:00"]),
    example("ACM with offset 30: 07:30", d(1, "d", when=["ACM"], offset=30), VIE, "2016-08-10", "2016-08-10",
            ["2016-08-10T07:30:00+02:00"]),
    example("ACM without offset: 30 before, 07:30; PCV: 18:30", d(2, "d", when=["ACM", "PCV"]), VIE,
            "2016-08-10", "2016-08-10", ["2016-08-10T07:30:00+02:00", "2016-08-10T18:30:00+02:00"]),
    example("IC: halfway between the meals and dinner to sleep", d(3, "d", when=["IC"]), VIE,
            "2016-08-10", "2016-08-10",
            ["2016-08-10T10:00:00+02:00", "2016-08-10T15:00:00+02:00", "2016-08-10T20:00:00+02:00"]),
    example("NIGHT + 120: 01:00 the next day", d(1, "d", when=["NIGHT"], offset=120), VIE, "2016-08-10",
            "2016-08-10", ["2016-08-10T01:00:00+02:00"]),
    example("C and CM: breakfast named twice is one dose", d(3, "d", when=["C", "CM"]), VIE, "2016-08-10",
            "2016-08-10", ["2016-08-10T08:00:00+02:00", "2016-08-10T12:00:00+02:00", "2016-08-10T18:00:00+02:00"]),
    example("every 8 h keeps to the clock: 00:00, 08:00, 16:00", d(1, "h", period=8), VIE, "2016-08-10",
            "2016-08-10", ["2016-08-10T00:00:00+02:00", "2016-08-10T08:00:00+02:00", "2016-08-10T16:00:00+02:00"]),
    example("02:30 on 27 March 2016 in Vienna is 03:30 summer time", d(1, "d", timeOfDay=["02:30:00"]), VIE,
            "2016-03-26", "2016-03-28", ["2016-03-26T02:30:00+01:00", "2016-03-27T03:30:00+02:00",
                                         "2016-03-28T02:30:00+02:00"]),
    example("02:30 on 30 October 2016 in Vienna is the first, +02:00", d(1, "d", timeOfDay=["02:30:00"]), VIE,
            "2016-10-30", "2016-10-30", ["2016-10-30T02:30:00+02:00"]),
    example("every 5 h elapsed from the start, across the change", d(1, "h", period=5), VIE, "2016-03-26",
            "2016-03-27", ["2016-03-26T21:00:00+01:00", "2016-03-27T02:00:00+01:00", "2016-03-27T08:00:00+02:00",
                           "2016-03-27T13:00:00+02:00", "2016-03-27T18:00:00+02:00", "2016-03-27T23:00:00+02:00"],
            authored="2016-03-26T21:00:00+01:00"),
    example("boundsDuration 7 d, 2/d from 2016-06-01T11:20: 14 doses", d(2, "d", boundsDuration=quantity(7, "d")),
            VIE, "2016-05-01", "2016-06-30",
            [f"2016-06-01T20:00:00+02:00"] + [f"2016-06-0{day}T{h}:00:00+02:00" for day in range(2, 8)
                                              for h in ("08", "20")] + ["2016-06-08T08:00:00+02:00"],
            authored="2016-06-01T11:20:00+02:00"),
    example("count 2 from the start", d(1, "d", count=2, countMax=3), VIE, "2016-07-01", "2016-07-31",
            ["2016-07-05T08:00:00+02:00", "2016-07-06T08:00:00+02:00"], authored="2016-07-04T16:10:00+02:00"),
    example("boundsPeriod of dates: the end date's day is in", d(3, "d", boundsPeriod={"start": "2013-03-26",
                                                                                     "end": "2013-03-30"}),
            VIE, "2013-03-01", "2013-04-30",
            [f"2013-03-{day}T{h}:00:00+01:00" for day in range(26, 31) for h in ("08", "14", "20")],
            authored="2013-03-24T08:20:15+01:00"),
    example("every 2nd day from the start's day", {"repeat": {"frequency": 1, "period": 2, "periodUnit": "d"}},
            VIE, "2016-08-01", "2016-08-06", ["2016-08-03T08:00:00+02:00", "2016-08-05T08:00:00+02:00"],
            authored="2016-08-01T10:00:00+02:00"),
    example("monthly on the 31st: the month's last day when shorter",
            {"repeat": {"frequency": 1, "period": 1, "periodUnit": "mo"}}, VIE, "2016-02-01", "2016-04-30",
            ["2016-02-29T08:00:00+01:00", "2016-03-31T08:00:00+02:00", "2016-04-30T08:00:00+02:00"],
            authored="2016-01-31T07:00:00+01:00"),
    example("yearly on 29 February: 28 February", {"repeat": {"frequency": 1, "period": 1, "periodUnit": "a"}},
            VIE, "2013-01-01", "2013-12-31", ["2013-02-28T08:00:00+01:00"], authored="2012-02-29T07:00:00+01:00"),
    example("2/wk on mon and thu", d(2, "wk", dayOfWeek=["mon", "thu"]), VIE, "2016-08-01", "2016-08-07",
            ["2016-08-01T08:00:00+02:00", "2016-08-04T08:00:00+02:00"]),
    example("2/wk without dayOfWeek is refused", d(2, "wk"), VIE, "2016-08-01", "2016-08-31", None,
            authored="2016-08-01T08:00:00+02:00"),
    example("3/d with two times named is refused", d(3, "d", timeOfDay=["08:00:00", "20:00:00"]), VIE,
            "2016-08-01", "2016-08-31", None),
    example("as needed is refused", d(2, "d"), VIE, "2016-08-01", "2016-08-31", None, as_needed=True),
    example("a code only (BID) is refused", {"code": {"coding": [{"code": "BID"}]}}, VIE, "2016-08-01",
            "2016-08-31", None),
    example("every 2nd day without a start is refused", {"repeat": {"frequency": 1, "period": 2, "periodUnit": "d"}},
            VIE, "2016-08-01", "2016-08-31", None),
    example("a date event at the named times, a date-time event at its instant",
            {"event": ["2016-03-27", "2016-03-28T06:00:00Z"], "repeat": {"timeOfDay": ["02:30:00", "21:00:00"]}},
            VIE, "2016-03-01", "2016-03-31",
            ["2016-03-27T03:30:00+02:00", "2016-03-27T21:00:00+02:00", "2016-03-28T08:00:00+02:00"]),
    example("validity: a date end ends with its day", d(1, "d"), NYC, "2016-03-10", "2016-03-31",
            ["2016-03-12T08:00:00-05:00", "2016-03-13T08:00:00-04:00", "2016-03-14T08:00:00-04:00"],
            authored="2016-03-01T09:00:00-05:00", validity={"start": "2016-03-12", "end": "2016-03-14"}),
    example("--start for a bare Timing", d(1, "d", count=1), NYC, "2016-11-01", "2016-11-30",
            ["2016-11-02T08:00:00-04:00"], start="2016-11-01T09:00:00-04:00"),
    example("1 per 30 min across New York's autumn change (01:00-01:59 once, the first)", d(2, "h"), NYC,
            "2016-11-06", "2016-11-06",
            [f"2016-11-06T{h:02d}:{mi:02d}:00{'-04:00' if h < 2 else '-05:00'}" for h in range(24) for mi in (0, 30)]),
]


def check_examples(quiet=False):
    """The hand-worked examples; the number that failed."""
    failed = 0
    for case in EXAMPLES:
        zone = ZoneInfo(case["zone"])
        doses, reason = expand(case["timing"], zone, dt.date.fromisoformat(case["first"]),
                               dt.date.fromisoformat(case["last"]), case["settings"], case["authored"],
                               case["validity"], case["as_needed"], case["start"])
        got = None if reason else [local_text(x, zone) for x in doses]
        want = case["want"]
        if want is not None:
            want = [local_text(moment(w, zone)[1], zone) for w in want]
        if got == want:
            if not quiet:
                print(f"ok - {case['name']}" + (f" (refused: {reason})" if reason else ""))
        else:
            failed += 1
            print(f"not ok - {case['name']}: expected {want}, got {got if got is not None else 'refused: ' + reason}")
    return failed


def self_check():
    failed = check_examples()
    # The generator: enough Timings, most of them expanding in the window, every part of the grammar.
    total = with_doses = refused = 0
    features = {}
    for run, bundle in generated_bundles():
        for item in items(bundle):
            total += 1
            doses, reason = expand(item["timing"], run.zone, run.first, run.last, run.settings, item["authored"],
                                   item["validity"], item["as_needed"])
            refused += reason is not None
            with_doses += bool(doses)
            for feature in timing_features(item):
                features[feature] = features.get(feature, 0) + 1
    share = with_doses / total
    print(f"# generated: {total} Timings in {len(RUNS)} Bundles, {with_doses} ({share:.0%}) with doses in the "
          f"window, {refused} refused, {total - with_doses - refused} expanded to none in the window")
    print("# coverage: " + ", ".join(f"{k} {v}" for k, v in sorted(features.items())))
    needed = ["unit " + u for u in ("s", "min", "h", "d", "wk", "mo", "a")] + ["when " + c for c in WHEN_CODES] + [
        "offset", "dayOfWeek", "timeOfDay", "frequencyMax", "periodMax", "count", "countMax", "duration",
        "durationMax", "boundsDuration", "boundsRange", "boundsPeriod", "validityPeriod", "asNeededBoolean true",
        "code only", "text only", "no timing", "event date-time", "event date", "period d > 1", "period d < 1",
        "no authoredOn", "authoredOn date", "no period"]
    missing = [n for n in needed if features.get(n, 0) < 2]
    checks = [(total >= 1000, f"at least 1,000 Timings ({total})"), (share > 0.7, f"over 70% with doses ({share:.0%})"),
              (not missing, f"every part of the grammar at least twice (missing: {missing})")]
    for good, what in checks:
        print(("ok - " if good else "not ok - ") + "generator: " + what)
        failed += not good
    print(f"timing self-check: {len(EXAMPLES) + len(checks) - failed} passed, {failed} failed")
    return failed == 0


def timing_features(item):
    timing, out = item["timing"], []
    if item["as_needed"]:
        out.append("asNeededBoolean true")
    if item["validity"]:
        out.append("validityPeriod")
    if not item["authored"]:
        out.append("no authoredOn")
    elif DATE.fullmatch(item["authored"]):
        out.append("authoredOn date")
    if timing is None:
        return out + ["no timing"]
    if not timing.get("repeat") and not timing.get("event"):
        out.append("code only" if timing.get("code", {}).get("coding") else "text only")
    repeat = repeat_of(timing)
    for event in timing.get("event") or []:
        out.append("event date" if DATE.fullmatch(event) else "event date-time")
    unit = period_unit(repeat)
    if unit:
        out.append("unit " + unit)
        if unit == "d" and repeat["period"] > 1:
            out.append("period d > 1")
        if unit == "d" and repeat["period"] < 1:
            out.append("period d < 1")
    elif repeat and not timing.get("event"):
        out.append("no period")
    for code in repeat.get("when") or []:
        out.append("when " + code)
    for key in ("offset", "dayOfWeek", "timeOfDay", "frequencyMax", "periodMax", "count", "countMax", "duration",
                "durationMax", "boundsDuration", "boundsRange", "boundsPeriod"):
        if key in repeat:
            out.append(key)
    return out


# Main -------------------------------------------------------------------------------------------


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("medbrain", nargs="?", help="the medbrain binary")
    parser.add_argument("--self-check", action="store_true", help="check the expander alone, without medbrain")
    arguments = parser.parse_args()
    if arguments.self_check:
        sys.exit(0 if self_check() else 1)
    if not arguments.medbrain:
        parser.error("give the medbrain binary, or --self-check")
    began = time.monotonic()
    if check_examples(quiet=True):
        sys.exit("timing: the expander of this test fails its own examples (--self-check); nothing compared")
    binary = os.path.abspath(arguments.medbrain)
    servers = start_servers(binary)
    outcome = Outcome()
    try:
        # 1. generated Bundles, one run each
        for run, bundle in generated_bundles():
            got, failure = run_doses(binary, bundle, run.zone_name, run.first, run.last, run.settings)
            if failure:
                outcome.differ(f"DISAGREE {run.name}: the whole Bundle failed: {failure}")
                continue
            compare(outcome, run.name, bundle, got, run.zone_name, run.first, run.last, run.settings)
        # 2. edge cases, R5, bare Timings and Dosages
        edge, odd = edge_bundles()
        for run, bundle in ((EDGE_RUN, edge), (ODD_RUN, odd), (R5_RUN, r5_bundle())):
            got, failure = run_doses(binary, bundle, run.zone_name, run.first, run.last, run.settings)
            if failure:
                outcome.differ(f"DISAGREE {run.name}: the whole Bundle failed: {failure}")
                continue
            compare(outcome, run.name, bundle, got, run.zone_name, run.first, run.last, run.settings)
        for number, (payload, zone, first, last, start, settings) in enumerate(BARE):
            got, failure = run_doses(binary, payload, zone, first, last, settings, start)
            if failure:
                outcome.differ(f"DISAGREE bare {number}: {json.dumps(payload)}: {failure}")
                continue
            compare(outcome, f"bare {number}", payload, got, zone, first, last,
                    dict(DEFAULT_SETTINGS, **settings), start, bare=True)
        # 3. the tutorial's orders in each release
        for release in RELEASE_NAMES:
            try:
                bundle = fetch_orders(servers[release], release)
            except Exception as error:  # a server that fails is a disagreement, not a crash of the test
                outcome.differ(f"DISAGREE {release}: could not fetch the orders: {error}")
                continue
            orders = [r for r in bundle_resources(bundle) if r.get("resourceType") in ("MedicationOrder",
                                                                                      "MedicationRequest")]
            outcome.dataset += len(orders)
            for first, last in (("2016-08-01", "2016-08-31"), ("2013-01-01", "2016-12-31")):
                got, failure = run_doses(binary, bundle, VIE, first, last)
                if failure:
                    outcome.differ(f"DISAGREE {release} tutorial {first}..{last}: {failure}")
                    continue
                compare(outcome, f"{release} tutorial", bundle, got, VIE, first, last, DEFAULT_SETTINGS)
    finally:
        stop_servers(servers)
    seconds = time.monotonic() - began
    count = outcome.agree + len(outcome.disagreements)
    summary = (f"{outcome.expanded} expanded, {outcome.refused} refused with a reason, "
               f"{outcome.empty} with no dose in the window")
    if outcome.disagreements:
        print(f"timing: {len(outcome.disagreements)} disagreements, {outcome.agree} timings agree ({summary}), "
              f"{outcome.dataset} dataset orders in {len(RELEASE_NAMES)} releases, {seconds:.0f} s")
        sys.exit(1)
    print(f"timing: {count} timings agree ({summary}), {outcome.dataset} dataset orders in "
          f"{len(RELEASE_NAMES)} releases, {seconds:.0f} s")


if __name__ == "__main__":
    main()
