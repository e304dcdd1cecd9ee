"""Searches of the built-in server checked against an independent implementation: each
parameter's FHIRPath expression evaluated by fhirpathpy (PyPI) on every resource the server
holds of the type, and the search matched here in Python, by the specification's rules for
the parameter's type. For every search, the ids the server answers must be the ids found here.

Used by spec_examples.py, on the specification's examples loaded beside the tutorial's data.
`.where(resolve() is Patient)` is read as `.where(reference.startsWith('Patient/'))`: servers
know a reference's target type by its name, and fhirpathpy has no resolver.
"""

import json
import re
import unicodedata
import urllib.error
import urllib.parse
import urllib.request
from datetime import datetime, timedelta, timezone

# The kinds compared; composite and special are not matched by the built-in server.
KINDS = ("token", "string", "reference", "date", "uri", "number", "quantity")
# fhirpathpy's model for each release (R4B's types are R4's but for a few new ones).
MODELS = {"stu3": "stu3", "r4b": "r4", "r5": "r5"}
# Searches made for each parameter at most, from the values found.
PER_PARAMETER = 3


def table(path):
    """{type: [(code, kind, expression)]} from a search table, the `Resource` ones added to each."""
    types, current, common = {}, None, []
    with open(path, encoding="utf-8") as file:
        for line in file:
            if line.startswith("#") or not line.strip() or line.startswith("    &"):  # a composite's parts
                continue
            if not line.startswith(" "):
                current = line.split(":")[0].strip()
                types.setdefault(current, [])
                continue
            words = line.strip().split(" ", 3)
            if len(words) != 4 or words[0].startswith("~") or words[3] == "-" or words[1] not in KINDS:
                continue
            entry = (words[0], words[1], words[3])
            (common if current == "Resource" else types[current]).append(entry)
    return {name: params + common for name, params in types.items() if name not in ("Resource", "DomainResource")}


def rewrite(expression):
    return re.sub(r"\.where\(resolve\(\) is (\w+)\)", r".where(reference.startsWith('\1/'))", expression)


def fold(text):
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).casefold()


def strings(value):
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [s for item in value for s in strings(item)]
    if isinstance(value, dict):
        return [s for key, item in value.items() if key not in ("use", "period") for s in strings(item)]
    return []


def pairs(value):
    """(system, code) pairs of a code, Coding, CodeableConcept, Identifier or ContactPoint."""
    if isinstance(value, bool):
        return [(None, "true" if value else "false")]
    if isinstance(value, str):
        return [(None, value)]
    if isinstance(value, dict):
        if isinstance(value.get("coding"), list):
            return [p for coding in value["coding"] for p in pairs(coding)]
        code = value.get("code", value.get("value"))
        return [(value.get("system"), code if isinstance(code, str) else None)]
    return []


def span(value):
    """(start, end) of a date, dateTime, instant or Period as UTC datetimes, the end exclusive."""
    if isinstance(value, dict):
        start = span(value["start"])[0] if isinstance(value.get("start"), str) else datetime.min.replace(tzinfo=timezone.utc)
        end = span(value["end"])[1] if isinstance(value.get("end"), str) else datetime.max.replace(tzinfo=timezone.utc)
        return None if "start" not in value and "end" not in value else (start, end)
    if not isinstance(value, str):
        return None
    match = re.fullmatch(r"(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:\d{2})?)?)?)?", value)
    if not match:
        return None
    year, month, day, hour, minute, second, fraction, zone = match.groups()
    if month is None:
        start = datetime(int(year), 1, 1, tzinfo=timezone.utc)
        return start, datetime(int(year) + 1, 1, 1, tzinfo=timezone.utc)
    if day is None:
        start = datetime(int(year), int(month), 1, tzinfo=timezone.utc)
        following = datetime(int(year) + int(month) // 12, int(month) % 12 + 1, 1, tzinfo=timezone.utc)
        return start, following
    if hour is None:
        start = datetime(int(year), int(month), int(day), tzinfo=timezone.utc)
        return start, start + timedelta(days=1)
    offset = timedelta(0)
    if zone and zone != "Z":
        sign = 1 if zone[0] == "+" else -1
        offset = sign * timedelta(hours=int(zone[1:3]), minutes=int(zone[4:6]))
    seconds = float(f"{second or 0}.{fraction or 0}")
    start = datetime(int(year), int(month), int(day), int(hour), int(minute), tzinfo=timezone.utc) - offset
    start += timedelta(seconds=seconds)
    return start, start + timedelta(seconds=1 if second is not None else 60)


def number(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, dict) and isinstance(value.get("value"), (int, float)):
        return float(value["value"])
    return None


def queries(kind, values):
    """Up to PER_PARAMETER search values made from the values found, and the matcher of each."""
    made = []
    for value in values:
        if kind == "token":
            for system, code in pairs(value):
                if code:
                    made.append(code)
                    if system:
                        made.append(f"{system}|{code}")
        elif kind == "string":
            for text in strings(value):
                if len(text.strip()) >= 3 and "," not in text:
                    made.append(text.strip()[:3])
        elif kind == "reference":
            reference = value.get("reference") if isinstance(value, dict) else None
            if isinstance(reference, str) and re.fullmatch(r"[A-Z][A-Za-z]+/[A-Za-z0-9\-.]{1,64}", reference):
                made.append(reference)
        elif kind == "date":
            found = span(value)
            if found and datetime.min.replace(tzinfo=timezone.utc) < found[0]:
                made += [f"ge{found[0]:%Y-%m-%d}", f"lt{found[0]:%Y-%m-%d}"]
        elif kind == "uri":
            if isinstance(value, str) and "," not in value:
                made.append(value)
        elif kind in ("number", "quantity"):
            found = number(value)
            if found is not None:
                made += [f"ge{found:g}", f"lt{found:g}"]
    unique = list(dict.fromkeys(made))
    return unique[:PER_PARAMETER]


def matches(kind, query, value):
    if kind == "token":
        system, _, code = query.rpartition("|") if "|" in query else (None, None, query)
        return any((system is None or found_system == system) and found_code == code for found_system, found_code in pairs(value))
    if kind == "string":
        return any(fold(text).startswith(fold(query)) for text in strings(value))
    if kind == "reference":
        return isinstance(value, dict) and value.get("reference") == query
    if kind == "date":
        found, wanted = span(value), span(query[2:])
        if not found:
            return False
        return found[1] > wanted[0] if query.startswith("ge") else found[0] < wanted[0]
    if kind == "uri":
        return value == query
    found = number(value)
    if found is None:
        return False
    wanted = float(query[2:])
    return found >= wanted if query.startswith("ge") else found < wanted


def get(url):
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as error:
        raise AssertionError(f"{url}: {error.code} {error.read()[:300]!r}") from None


def compare(base, release, table_path):
    """(searches made, types searched, [disagreements], [parameters fhirpathpy cannot evaluate])."""
    from fhirpathpy import evaluate
    from fhirpathpy.models import models

    model = models[MODELS[release]]
    made, types, disagreements, unevaluated = 0, set(), [], []
    served = {resource["type"] for resource in get(f"{base}/metadata")["rest"][0]["resource"]}
    for type_name, parameters in sorted(table(table_path).items()):
        if type_name not in served:  # the abstract ones, MetadataResource and the like
            continue
        bundle = get(f"{base}/{type_name}?_count=1000")
        held = [entry["resource"] for entry in bundle.get("entry", [])]
        if not held:
            continue
        for code, kind, expression in parameters:
            try:
                found = {r["id"]: evaluate(r, rewrite(expression), model=model) for r in held}
            except Exception as error:  # fhirpathpy's own limits, listed
                unevaluated.append(f"{type_name}.{code}: {type(error).__name__}")
                continue
            for query in queries(kind, [v for values in found.values() for v in values]):
                expected = sorted(i for i, values in found.items() if any(matches(kind, query, v) for v in values))
                url = f"{base}/{type_name}?{urllib.parse.urlencode({code: query, '_count': 1000})}"
                answer = get(url)
                ids = sorted(entry["resource"]["id"] for entry in answer.get("entry", []))
                made += 1
                types.add(type_name)
                if ids != expected:
                    disagreements.append(f"{type_name}?{code}={query}: server {ids[:5]}, fhirpathpy {expected[:5]}")
    return made, types, disagreements, unevaluated


def every_parameter_answers(base):
    """(parameters tried, [those that did not answer 200]): each parameter the statement lists,
    searched with `:missing=false`, which evaluates it on every resource of its type."""
    tried, failed = 0, []
    for resource in get(f"{base}/metadata")["rest"][0]["resource"]:
        for parameter in resource.get("searchParam", []):
            url = f"{base}/{resource['type']}?{urllib.parse.urlencode({parameter['name'] + ':missing': 'false'})}&_count=0"
            tried += 1
            try:
                get(url)
            except AssertionError as error:
                failed.append(str(error)[:200])
    return tried, failed
