"""Writes FHIR R4 (4.0.1)'s type model as a plain-text data file for the FHIRPath engine.

Run through scripts/fhir-types, which picks the Python of the virtualenv that
scripts/interop makes (.build/interop-venv-resources-r4, with fhir.resources 6.4.0 and
pydantic 1). Usage: fhir-types.py OUTPUT

The facts come from fhir.resources' pydantic models: for each model class, its
`elements_sequence()` (the element names in the specification's order), its fields
(`alias` is the JSON name, `type_` the type, `shape` says whether it is a list,
`field_info.extra` carries `element_property` and, for choice elements, `one_of_many`)
and its Python base class (the FHIR base type). fhir.resources names the class of a
backbone element by joining its path in CamelCase (Bundle.entry.request is
BundleEntryRequest); elements that reuse one elsewhere (contentReference, such as
Questionnaire.item.item) are typed with the class of the element they refer to. The
generator finds each class's path by looking for the element whose parent's class name
plus the element's name spelled CamelCase gives the class's name.

What the package cannot tell, added by hand below (see HAND_WRITTEN):
  * the primitive types are Python types, not model classes, so their blocks and bases
    (code : string, url : uri, positiveInt : integer, ...) come from the specification;
  * MoneyQuantity and SimpleQuantity, R4's two profiles of Quantity, have no classes
    (elements constrained to them are typed Quantity, as in R4's own definitions);
  * fhir.resources has a MetadataResource class, which is not an R4 type (R4's canonical
    resources derive from DomainResource, as the package's classes do), so it is left out.

Output: one block per type. A header line `Name : Base` (Base empty for Resource and
Element), then one line per element the type defines itself (not inherited ones):
two spaces, the JSON name (`value[x]` for a choice), a space, the type(s) joined by `|`,
and ` *` when the element repeats. Backbone elements are named by their path
(`Patient.contact`) and are listed after the type that holds them.
"""

import sys

try:
    import fhir.resources
    from fhir.resources import fhirtypes
    from fhir.resources.fhirtypesvalidators import MODEL_CLASSES, get_fhir_model_class
    from pydantic.fields import SHAPE_LIST, SHAPE_SINGLETON
except ImportError as error:
    sys.exit(f"fhir-types: cannot import fhir.resources ({error}); run scripts/interop r4 first")

EXPECTED_VERSION = "6.4.0"
EXPECTED_FHIR = "4.0.1"

# Model classes that are not FHIR R4 types.
SKIPPED = {
    "FHIRPrimitiveExtension",  # the package's carrier for `_name` primitive extensions
    "MetadataResource",  # an R5 idea; no R4 resource derives from it
}

# The primitive types, in the order the specification lists them, with their bases.
PRIMITIVES = [
    ("base64Binary", "Element"),
    ("boolean", "Element"),
    ("canonical", "uri"),
    ("code", "string"),
    ("date", "Element"),
    ("dateTime", "Element"),
    ("decimal", "Element"),
    ("id", "string"),
    ("instant", "Element"),
    ("integer", "Element"),
    ("markdown", "string"),
    ("oid", "uri"),
    ("positiveInt", "integer"),
    ("string", "Element"),
    ("time", "Element"),
    ("unsignedInt", "integer"),
    ("uri", "Element"),
    ("url", "uri"),
    ("uuid", "uri"),
    ("xhtml", "Element"),
]

# Complex types with no model class: R4 defines them as profiles on Quantity.
HAND_WRITTEN = {
    "MoneyQuantity": "Quantity",
    "SimpleQuantity": "Quantity",
}

RESOURCE_ROOTS = ("Resource", "DomainResource")
ELEMENT_ROOTS = ("Element", "BackboneElement")


def fail(message):
    sys.exit(f"fhir-types: {message}")


def upper_first(name):
    return name[:1].upper() + name[1:]


def model_name(cls):
    """The package's name of a model class (its `resource_type`)."""
    return cls.__fields__["resource_type"].default


def is_main(name, cls):
    """Whether a model is a type of its own (its module is named after it), not a backbone element."""
    return cls.__module__.rsplit(".", 1)[-1] == name.lower()


def fhir_type_of(field, where):
    """The FHIR type name of a field as the package spells it (a model name or a primitive)."""
    t = field.type_
    if getattr(t, "__module__", None) == "typing":  # Optional[String] in lists of primitives
        args = [a for a in t.__args__ if a is not type(None)]
        if len(args) != 1:
            fail(f"{where}: unexpected type {t!r}")
        t = args[0]
    if t is bool:
        return "boolean"
    if isinstance(t, type) and issubclass(t, fhirtypes.Primitive):
        return t.fhir_type_name()
    if isinstance(t, type) and issubclass(t, (fhirtypes.AbstractType, fhirtypes.AbstractBaseType)):
        return t.fhir_type_name()
    fail(f"{where}: unexpected type {t!r}")


def elements_of(name, cls):
    """[(json name, choice base or None, type name, repeats)] in the specification's order."""
    by_alias = {}
    for field in cls.__fields__.values():
        if field.field_info.extra.get("element_property"):
            by_alias[field.alias] = field
    sequence = cls.elements_sequence()
    if set(sequence) != set(by_alias):
        fail(f"{name}: elements_sequence and fields differ: {sorted(set(sequence) ^ set(by_alias))}")
    result = []
    for alias in sequence:
        field = by_alias[alias]
        if alias.startswith("_"):
            fail(f"{name}.{alias}: an element named with `_`")
        where = f"{name}.{alias}"
        if field.shape not in (SHAPE_LIST, SHAPE_SINGLETON):
            fail(f"{where}: unexpected shape {field.shape}")
        type_name = fhir_type_of(field, where)
        choice = field.field_info.extra.get("one_of_many")
        if choice and alias != choice + upper_first(type_name):
            fail(f"{where}: choice of {choice}[x] does not end in its type {type_name}")
        result.append((alias, choice, type_name, field.shape == SHAPE_LIST))
    return result


def own_elements(name, cls, elements):
    """The elements a class adds to those of its base class."""
    base = cls.__bases__[0]
    inherited = set(base.elements_sequence()) if hasattr(base, "elements_sequence") else set()
    return [e for e in elements if e[0] not in inherited]


def main():
    if len(sys.argv) != 2:
        fail("usage: fhir-types.py OUTPUT")
    output = sys.argv[1]
    if fhir.resources.__version__ != EXPECTED_VERSION or fhir.resources.__fhir_version__ != EXPECTED_FHIR:
        fail(f"expected fhir.resources {EXPECTED_VERSION} (FHIR {EXPECTED_FHIR}), "
             f"found {fhir.resources.__version__} (FHIR {fhir.resources.__fhir_version__})")

    classes = {}
    for name in MODEL_CLASSES:
        if name in SKIPPED:
            continue
        cls = get_fhir_model_class(name)
        if model_name(cls) != name:
            fail(f"{name}: class has resource_type {model_name(cls)}")
        classes[name] = cls
    resource_class = classes["Resource"]
    element_class = classes["Element"]

    elements = {name: elements_of(name, cls) for name, cls in classes.items()}
    main_types = {name for name, cls in classes.items() if is_main(name, cls)}
    nested = set(classes) - main_types
    for name in nested:
        if not issubclass(classes[name], element_class):
            fail(f"{name}: a nested class that is not an element")

    # Each backbone class's defining element: the one whose parent's name plus the
    # element's name is the class's name. Others that use the class refer to it.
    edges = {}  # nested class -> [(parent class, element)]
    for parent, elems in elements.items():
        for alias, _, type_name, _ in elems:
            if type_name in nested:
                edges.setdefault(type_name, []).append((parent, alias))
    parent_of = {}
    for name in sorted(nested):
        uses = edges.get(name, [])
        defining = [(p, a) for p, a in uses if p + upper_first(a) == name]
        if len(defining) != 1:
            fail(f"{name}: cannot tell which element defines it (used by {uses})")
        parent_of[name] = defining[0]

    paths = {}

    def path_of(name):
        if name in main_types:
            return name
        if name not in paths:
            parent, alias = parent_of[name]
            paths[name] = path_of(parent) + "." + alias
        return paths[name]

    for name in nested:
        path_of(name)
        if classes[name].__module__ != classes[path_of(name).split(".")[0]].__module__:
            fail(f"{name}: defined in another module than {path_of(name)}")

    def base_of(name):
        base = classes[name].__bases__[0]
        if base is element_class.__bases__[0] or base is resource_class.__bases__[0]:
            return ""
        base_name = model_name(base)
        if base_name not in classes:
            fail(f"{name}: base {base_name} is not an R4 type")
        return path_of(base_name)

    def type_text(type_name):
        return path_of(type_name) if type_name in classes else type_name

    primitive_names = {p for p, _ in PRIMITIVES}
    if primitive_names != set(fhirtypes.FHIR_PRIMITIVES):
        fail(f"primitive types differ from the package's: {sorted(primitive_names ^ set(fhirtypes.FHIR_PRIMITIVES))}")

    def block(name):
        lines = [f"{path_of(name)} : {base_of(name)}".rstrip()]
        own = own_elements(name, classes[name], elements[name])
        choices = {}
        for alias, choice, type_name, repeats in own:
            if choice:
                if choice in choices:
                    entry = choices[choice]
                    if entry[2] != repeats:
                        fail(f"{name}.{choice}[x]: choices differ in cardinality")
                    entry[1].append(type_text(type_name))
                    continue
                entry = [f"{choice}[x]", [type_text(type_name)], repeats]
                choices[choice] = entry
            else:
                entry = [alias, [type_text(type_name)], repeats]
            lines.append(entry)
        text = [lines[0]]
        for json_name, types, repeats in lines[1:]:
            text.append(f"  {json_name} {'|'.join(types)}{' *' if repeats else ''}")
        return text

    def with_backbones(name):
        """A type's block followed by those of its backbone elements, depth first in the specification's order."""
        out = block(name)
        for alias, _, type_name, _ in elements[name]:
            if type_name in nested and parent_of[type_name] == (name, alias):
                out += with_backbones(type_name)
        return out

    # Everything that is used must be defined.
    known = set(classes) | primitive_names | set(HAND_WRITTEN)
    for name, elems in elements.items():
        for alias, _, type_name, _ in elems:
            if type_name not in known:
                fail(f"{name}.{alias}: type {type_name} is not defined")

    resources = sorted(n for n in main_types if issubclass(classes[n], resource_class) and n not in RESOURCE_ROOTS)
    datatypes = sorted(
        [n for n in main_types if not issubclass(classes[n], resource_class) and n not in ELEMENT_ROOTS]
        + list(HAND_WRITTEN)
    )

    out = [
        f"# FHIR R4 {EXPECTED_FHIR} element types, generated by scripts/fhir-types from "
        f"fhir.resources {EXPECTED_VERSION}. Do not edit by hand."
    ]
    out += with_backbones("Element") + with_backbones("BackboneElement")
    for primitive, base in PRIMITIVES:
        out.append(f"{primitive} : {base}")
    for name in datatypes:
        if name in HAND_WRITTEN:
            out.append(f"{name} : {HAND_WRITTEN[name]}")
        else:
            out += with_backbones(name)
    out += with_backbones("Resource") + with_backbones("DomainResource")
    for name in resources:
        out += with_backbones(name)

    headers = [line for line in out if not line.startswith(("  ", "#"))]
    if len(headers) != len(set(headers)):
        fail("a type is defined twice")
    with open(output, "w", encoding="utf-8") as file:
        file.write("\n".join(out) + "\n")
    print(f"fhir-types: wrote {output}: {len(resources)} resources, {len(datatypes)} complex datatypes, "
          f"{len(PRIMITIVES)} primitives, {len(nested)} backbone elements, {len(headers)} blocks",
          file=sys.stderr)


if __name__ == "__main__":
    main()
