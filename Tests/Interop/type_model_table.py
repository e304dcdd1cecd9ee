"""Medbrain's vendored type model of a release (Sources/FHIRModel/Bundled/types-<release>.txt)
against the release's own lists of resource types and complex datatypes, as the release's
models in `fhir.resources` have them: the same, no more, no fewer, but for KNOWN."""

import importlib
import inspect
import os
import pkgutil

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def vendored_resources(release):
    """The types of Medbrain's table that are Resource or derive from it."""
    bases = {}
    with open(os.path.join(ROOT, "Sources", "FHIRModel", "Bundled", f"types-{release}.txt"), encoding="utf-8") as file:
        for line in file:
            if line.startswith("#") or line.startswith(" ") or not line.strip():
                continue
            name, _, base = line.partition(":")
            bases[name.strip()] = base.strip()

    def is_resource(name):
        for _ in range(32):
            if name == "Resource":
                return True
            name = bases.get(name, "")
        return False

    return {name for name in bases if "." not in name and is_resource(name)}


def module_classes(package):
    """(module name, class name, class) of every class a fhir.resources package's modules define."""
    root = importlib.import_module(package)
    for module in pkgutil.iter_modules(root.__path__):
        if module.ispkg or module.name.startswith("fhir") or module.name.endswith("tests"):
            continue
        try:
            loaded = importlib.import_module(f"{package}.{module.name}")
        except Exception:  # a helper module that is not a model
            continue
        for name, cls in inspect.getmembers(loaded, inspect.isclass):
            if cls.__module__ == loaded.__name__:
                yield module.name, name, cls


def package_resources(package):
    """Every resource class of a fhir.resources package (`fhir.resources.R4B`), by its type."""
    resource = importlib.import_module(f"{package}.resource").Resource
    return {name for _, name, cls in module_classes(package)
            if issubclass(cls, resource) and name == cls.get_resource_type()}


# Where the two lists differ by design, checked both ways (a difference gone, or a new one, fails):
# fhir.resources 6.4 models R4's MetadataResource, a logical pattern in the specification, as a
# resource; it has no classes for the profiles SimpleQuantity and MoneyQuantity (Medbrain keeps
# them, as the specification's type names), nor for R5's abstract Base; and it models R5's
# primitive integer64 as a class (Medbrain's integer64 is a primitive, lower-case).
KNOWN = {
    # fhir.resources 6.4's DSTU2 package: no StructureDefinition module, ClaimResponse's class
    # says its type is DomainResource, and DataElement's contact and mapping derive from
    # DomainResource, so they read as resources.
    "dstu2": {"resources only Medbrain has": ["ClaimResponse", "StructureDefinition"],
              "resources only fhir.resources has": ["DataElementContact", "DataElementMapping"],
              "datatypes only Medbrain has": ["SimpleQuantity"]},
    "stu3": {"datatypes only Medbrain has": ["SimpleQuantity"]},
    "r4": {"resources only fhir.resources has": ["MetadataResource"],
           "datatypes only Medbrain has": ["MoneyQuantity", "SimpleQuantity"]},
    "r4b": {"datatypes only Medbrain has": ["MoneyQuantity", "SimpleQuantity"]},
    "r5": {"datatypes only Medbrain has": ["Base", "MoneyQuantity", "SimpleQuantity"],
           "datatypes only fhir.resources has": ["Integer64"]},
}


def check(release, package):
    """Raises unless both list the same resources and datatypes, but for KNOWN; prints the counts."""
    resources, datatypes = vendored_resources(release), vendored_datatypes(release)
    their_resources, their_datatypes = package_resources(package), package_datatypes(package)
    found = {
        "resources only Medbrain has": sorted(resources - their_resources),
        "resources only fhir.resources has": sorted(their_resources - resources),
        "datatypes only Medbrain has": sorted(datatypes - their_datatypes),
        "datatypes only fhir.resources has": sorted(their_datatypes - datatypes),
    }
    found = {kind: names for kind, names in found.items() if names}
    print(f"# Medbrain's {release.upper()} type model: {len(resources)} resource types and {len(datatypes)} "
          f"complex datatypes; {package}: {len(their_resources)} and {len(their_datatypes)}; known: {KNOWN[release]}")
    if found != KNOWN[release]:
        raise AssertionError(f"the lists differ otherwise than KNOWN says: {found}")


def vendored_datatypes(release):
    """The complex datatypes of Medbrain's table: named types (not a backbone element's path,
    not a primitive's lower-case name) that are not resources."""
    resources = vendored_resources(release)
    with open(os.path.join(ROOT, "Sources", "FHIRModel", "Bundled", f"types-{release}.txt"), encoding="utf-8") as file:
        names = {line.partition(":")[0].strip() for line in file
                 if line.strip() and not line.startswith(("#", " "))}
    return {name for name in names if "." not in name and name[:1].isupper() and name not in resources}


def package_datatypes(package):
    """Every complex datatype class of a fhir.resources package: the main class of its module
    (`dosage.Dosage`; a resource's backbone elements live in the resource's module), Element's
    kin and not a resource."""
    element = importlib.import_module(f"{package}.element").Element
    resource = importlib.import_module(f"{package}.resource").Resource
    return {name for module, name, cls in module_classes(package)
            if issubclass(cls, element) and not issubclass(cls, resource) and name.lower() == module}
