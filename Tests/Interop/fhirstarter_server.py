#!/usr/bin/env python3
"""A FHIRStarter server (PyPI `fhirstarter`, an ASGI FHIR framework on FastAPI
and fhir.resources) that serves the tutorial's dataset in STU3, R4B or R5 from
memory: read, create and search for Patient, Medication, MedicationRequest and
MedicationAdministration, with the search parameters Medbrain's REPL sends.

FHIRStarter routes each interaction to a handler written here; what a search
means (matching, paging, `_include`, `_summary=count`) is the handler's job, so
this file does it, and FHIRStarter validates what comes in and goes out with
the release's fhir.resources models. The dataset is converted from R4 by
fhir_releases.py and validated with the same models on loading; the server
prints one line saying so, then serves until stopped.

    python fhirstarter_server.py --release r5 --port 8080 --dataset dataset-r4.json
"""

import argparse
import importlib
import importlib.metadata
import io
import json
import os
import uuid
import warnings
from inspect import Parameter, Signature

import fhir_releases

TYPES = ("Patient", "Medication", "MedicationRequest", "MedicationAdministration")
PAGE_SIZE = 20  # at most this many matches a page, whatever _count says: the REPL must follow `next`
SEQUENCE = {"stu3": "STU3", "r4b": "R4B", "r5": "R5"}
MODELS = {"stu3": "fhir.resources.STU3", "r4b": "fhir.resources.R4B", "r5": "fhir.resources"}


def reference_is(reference, kind, value):
    """Whether a Reference names `kind/value` (the value may carry the type itself)."""
    target = (reference or {}).get("reference")
    return target is not None and target in (value, f"{kind}/{value}")


def date_matches(time, value):
    """A date search on a dateTime, for date values (2016, 2016-08, 2016-08-01) with an
    optional prefix: the resource's time is cut to the value's length and compared as
    text, so it is read at its own offset. Enough for a test server."""
    prefix, date = (value[:2], value[2:]) if value[:2].isalpha() else ("eq", value)
    if time is None or len(date) > 10:
        return False
    time = time[: len(date)]
    return {"eq": time == date, "ne": time != date, "gt": time > date, "lt": time < date,
            "ge": time >= date, "le": time <= date}.get(prefix, False)


def matchers(release):
    """The search parameters of each type, by their name in `release`, with how a
    resource matches a value."""
    by_id = {"_id": lambda resource, value: resource.get("id") == value}
    by_patient = {"patient": lambda resource, value: reference_is(resource.get("subject"), "Patient", value)}
    return {
        "Patient": by_id,
        "Medication": by_id,
        "MedicationRequest": {**by_id, **by_patient},
        "MedicationAdministration": {
            **by_id,
            **by_patient,
            fhir_releases.ORDER_PARAMETER[release]: lambda resource, value: reference_is(
                resource.get("request") or resource.get("prescription"), "MedicationRequest", value),
            fhir_releases.DATE_PARAMETER[release]: lambda resource, value: date_matches(
                fhir_releases.effective_time(resource), value),
        },
    }


def python_name(query_name):
    """The handler's argument for a query parameter, as FHIRStarter maps them: dashes become
    underscores, and a trailing underscore keeps `request` clear of FastAPI's own argument."""
    name = query_name.replace("-", "_")
    return name + "_" if name in ("request", "response") else name


# `_offset` is no FHIR parameter: FHIRStarter takes a custom one from its configuration.
CONFIG = "".join(
    f'[search-parameters.{kind}._offset]\ntype = "number"\ndescription = "Where a page starts"\n'
    f'uri = "urn:medbrain-interop:offset"\ninclude-in-capability-statement = false\n'
    for kind in TYPES
)


def make_app(release, dataset):
    # FHIRStarter picks its release from FHIR_SEQUENCE when it is first imported. Its
    # routes use FastAPI and Starlette names those now call deprecated: not ours to fix.
    os.environ["FHIR_SEQUENCE"] = SEQUENCE[release]
    warnings.filterwarnings("ignore", module=r"fhirstarter\.")
    from fhirstarter import FHIRProvider, FHIRStarter, InteractionContext
    from fhirstarter.exceptions import FHIRBadRequestError, FHIRResourceNotFoundError

    models = importlib.import_module(MODELS[release])
    model = models.get_fhir_model_class
    store = {kind: {} for kind in TYPES}
    for entry in dataset["entry"]:
        resource = fhir_releases.convert(entry["resource"], release)
        model(resource["resourceType"]).model_validate(resource)  # raises on the first invalid one
        store[resource["resourceType"]][resource["id"]] = resource
    count = sum(len(resources) for resources in store.values())
    version = importlib.metadata.version("fhir.resources")
    print(f"validated {count} resources with the fhir.resources {version} models of FHIR {models.__fhir_version__}",
          flush=True)

    app = FHIRStarter(config_file=io.BytesIO(CONFIG.encode()))
    provider = FHIRProvider()
    searches = matchers(release)

    def read_handler(kind):
        def read(context: InteractionContext, id_: str):
            if id_ not in store[kind]:
                raise FHIRResourceNotFoundError
            return model(kind).model_validate(store[kind][id_])
        return read

    def create_handler(kind):
        def create(context: InteractionContext, resource):
            resource.id = str(uuid.uuid4())
            store[kind][resource.id] = json.loads(resource.model_dump_json())
            # The id alone: FHIRStarter then answers 201 with a Location and no body (a
            # resource returned here would go out as 200 without the Location).
            return resource.id
        return create

    def number(arguments, name, default):
        try:
            return int(arguments.get(name) or default)
        except ValueError:
            raise FHIRBadRequestError(code="invalid", details_text=f"{name} must be a number") from None

    def included(page, base):
        """FHIRStarter leaves _include to the handler: the page's medications, once each."""
        references = dict.fromkeys(filter(None, map(fhir_releases.medication_reference, page)))
        return [{"fullUrl": f"{base}/{reference}", "resource": store["Medication"][reference.split("/")[-1]],
                 "search": {"mode": "include"}}
                for reference in references if reference.split("/")[-1] in store["Medication"]]

    def search_handler(kind):
        names = {python_name(name): name for name in searches[kind]}

        def search(context, **arguments):
            filters = {names[key]: value for key, value in arguments.items() if key in names and value is not None}
            found = [resource for resource in store[kind].values()
                     if all(searches[kind][name](resource, value) for name, value in filters.items())]
            summary, include = arguments.get("_summary"), arguments.get("_include")
            if summary not in (None, "count"):
                raise FHIRBadRequestError(code="not-supported", details_text=f"_summary={summary} is not supported")
            if include not in (None, f"{kind}:medication"):
                raise FHIRBadRequestError(code="not-supported", details_text=f"_include={include} is not supported")
            url, base = context.request.url, str(context.request.base_url).rstrip("/")
            offset = number(arguments, "_offset", 0)
            size = 0 if summary == "count" else min(number(arguments, "_count", PAGE_SIZE), PAGE_SIZE)
            page = found[offset: offset + size]
            entries = [{"fullUrl": f"{base}/{kind}/{r['id']}", "resource": r, "search": {"mode": "match"}}
                       for r in page] + (included(page, base) if include else [])
            links = [{"relation": "self", "url": str(url)}]
            if size and offset + size < len(found):
                links.append({"relation": "next", "url": str(url.include_query_params(_offset=offset + size))})
            bundle = {"resourceType": "Bundle", "type": "searchset", "total": len(found), "link": links}
            if entries:
                bundle["entry"] = entries
            return model("Bundle").model_validate(bundle)

        # FHIRStarter reads a handler's signature to learn which parameters it takes.
        extra = ["_count", "_offset", "_summary"] + (["_include"] if kind.startswith("Medication") else [])
        search.__signature__ = Signature(
            [Parameter("context", Parameter.POSITIONAL_OR_KEYWORD, annotation=InteractionContext)]
            + [Parameter(name, Parameter.KEYWORD_ONLY, default=None, annotation=str | None)
               for name in list(names) + extra])
        return search

    for kind in TYPES:
        provider.read(model(kind))(read_handler(kind))
        provider.create(model(kind))(create_handler(kind))
        provider.search_type(model(kind))(search_handler(kind))
    app.add_providers(provider)

    def name_the_software(statement, request, response):
        statement["software"] = {"name": "FHIRStarter", "version": importlib.metadata.version("fhirstarter")}
        return statement

    app.set_capability_statement_modifier(name_the_software)
    return app


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--release", choices=fhir_releases.RELEASES, required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--dataset", required=True, help="the tutorial's R4 Bundle")
    arguments = parser.parse_args()
    with open(arguments.dataset) as file:
        app = make_app(arguments.release, json.load(file))
    import uvicorn

    uvicorn.run(app, host="127.0.0.1", port=arguments.port, log_level="warning")


if __name__ == "__main__":
    main()
