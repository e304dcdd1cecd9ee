#!/usr/bin/env python3
"""Interoperability test: a SMART App Launch by `fhirclient` (PyPI, 4.4.0) against Medbrain's
built-in server started with `--auth smart`.

    python smart_launch.py --medbrain BIN

The script registers an app in a `--clients` file, starts `medbrain serve --fhir-version r4
--auth smart`, and lets fhirclient do what a SMART app does: read the authorization endpoints
from the CapabilityStatement, build the authorization URL (PKCE S256, state, aud), handle the
callback (state checked, code exchanged), read the patient's orders with the token, and refresh
it. The script plays the user: it opens the authorization page, picks the patient and approves.
An EHR launch too: the server opens the app's launch URL with `iss` and `launch`, and
fhirclient's authorization carries the launch back, so the token is for the EHR's patient.
It also checks what the server refuses: no token, another patient, a wrong state; and the
`id_token` of `openid fhirUser` with joserfc against the key the server's `jwks_uri` publishes.
The user signs in first, as a user of a `--users` file whose password hashes Python's hashlib
made (scrypt and PBKDF2-HMAC-SHA-256), an implementation independent of Medbrain's; the browser
keeps the sign-in cookie and posts the page's csrf value, as a browser does.

Backend services are done by Authlib (PyPI, with its JOSE library joserfc), an OAuth 2.0 library independent of Medbrain: it
signs a client assertion (`private_key_jwt`, RS384 with an RSA key and ES384 with a P-384 key it
made, whose public halves the clients file registers as a JWKS) and asks the token endpoint for
`client_credentials` with system scopes. The checks read every patient with that token, and see
the server refuse an assertion good for Authlib's default hour and one signed by another key.

Each check prints `ok - NAME` or `not ok - NAME: reason`; the last line is
`SMART R4: N passed, M failed`.
"""

import argparse
import base64
import hashlib
import html.parser
import json
import logging
import os
import subprocess
import tempfile
import time
import urllib.parse

import requests
from authlib.integrations.requests_client import OAuth2Session
from authlib.oauth2.rfc7523 import PrivateKeyJWT
from fhirclient import client as fc_client
from fhirclient.models.medicationrequest import MedicationRequest
from fhirclient.models.patient import Patient
from fhirclient.server import FHIRNotFoundException
from joserfc import jwt
from joserfc.jwk import ECKey, KeySet, RSAKey

from checks import Checks, expect, REQUEST_TIMEOUT

NOW = "2016-08-16T10:00:00Z"
APP = "interop-app"
REDIRECT = "http://127.0.0.1:8765/callback"
LAUNCH = "http://127.0.0.1:8765/launch"
SCOPE = "launch/patient openid fhirUser patient/*.rs offline_access"
TIMEOUT = REQUEST_TIMEOUT
BACKEND_SCOPE = "system/*.rs"


USER, PASSWORD = "tutor", "a tutor's own password"


class FormReader(html.parser.HTMLParser):
    """The authorization page's form: its hidden request id and csrf, and the patients offered."""

    def __init__(self):
        super().__init__()
        self.request = None
        self.csrf = None
        self.patients = []

    def handle_starttag(self, tag, attributes):
        found = dict(attributes)
        if tag == "input" and found.get("name") in ("request", "csrf"):
            setattr(self, found["name"], found.get("value"))
        if tag == "input" and found.get("name") == "patient":
            self.patients.append(found.get("value"))


def password_hashes(password):
    """The password hashed by hashlib as a users file keeps it: scrypt, and PBKDF2-HMAC-SHA-256."""
    encode = lambda data: base64.urlsafe_b64encode(data).decode().rstrip("=")
    salt = os.urandom(16)
    scrypt = hashlib.scrypt(password.encode(), salt=salt, n=16384, r=8, p=1, dklen=32)
    pbkdf2 = hashlib.pbkdf2_hmac("sha256", password.encode(), salt, 100_000, 32)
    return (f"scrypt$16384$8$1${encode(salt)}${encode(scrypt)}",
            f"pbkdf2-sha256$100000${encode(salt)}${encode(pbkdf2)}")


def start(medbrain, clients, users):
    server = subprocess.Popen(
        [medbrain, "serve", "--port", "0", "--fhir-version", "r4", "--now", NOW, "--auth", "smart",
         "--clients", clients, "--users", users],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = server.stdout.readline()
    expect("listening on " in line, f"no URL on the server's first line: {line!r}")
    return server, line.split("listening on ")[1].strip()


def approve(authorize_url, patient):
    """What the user does on the authorization page: the redirect it answers with. In an EHR
    launch (`patient` None) the page offers no patient to pick."""
    browser = requests.Session()
    page = browser.get(authorize_url, timeout=TIMEOUT)
    expect(page.status_code == 200, f"the page answered {page.status_code}: {page.text[:300]}")
    form = FormReader()
    form.feed(page.text)
    expect(form.patients == [], f"patients offered before signing in: {form.patients}")
    origin = "{0.scheme}://{0.netloc}".format(urllib.parse.urlsplit(authorize_url))
    signed_in = browser.post(
        origin + "/auth/authorize",
        data={"request": form.request, "csrf": form.csrf, "username": USER, "password": PASSWORD},
        headers={"Origin": origin}, timeout=TIMEOUT)
    expect(signed_in.status_code == 200, f"the sign-in answered {signed_in.status_code}: {signed_in.text[:300]}")
    form = FormReader()
    form.feed(signed_in.text)
    if patient is None:
        expect(form.patients == [], f"an EHR launch offers patients: {form.patients}")
    else:
        expect(patient in form.patients, f"{patient} is not offered: {form.patients}")
    answer = browser.post(
        origin + "/auth/authorize",
        data={"request": form.request, "csrf": form.csrf, "patient": patient, "decision": "approve"},
        headers={"Origin": origin}, allow_redirects=False, timeout=TIMEOUT)
    expect(answer.status_code == 302, f"the approval answered {answer.status_code}: {answer.text[:300]}")
    return answer.headers["Location"]


def backend_key(kind):
    """A new private key and its public JWK (with a kid) for a backend client."""
    key = RSAKey.generate_key(2048, private=True) if kind == "RSA" else ECKey.generate_key("P-384", private=True)
    public = key.as_dict(private=False)
    public["kid"] = "interop-" + kind.lower()
    return key, public


def backend_token(base, client_id, key, alg, kid, lifetime=240):
    """Authlib's client_credentials request with a private_key_jwt assertion: the token, or the
    OAuth error it raised."""
    token_url = base.rsplit("/fhir", 1)[0] + "/auth/token"
    claims = {"exp": int(time.time()) + lifetime} if lifetime else None
    session = OAuth2Session(
        client_id, key, token_endpoint_auth_method=PrivateKeyJWT(token_url, claims=claims, headers={"kid": kid}, alg=alg),
        scope=BACKEND_SCOPE, timeout=TIMEOUT)
    return session.fetch_token(token_url, grant_type="client_credentials")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--medbrain", required=True)
    arguments = parser.parse_args()
    checks = Checks("SMART R4")
    # fhirclient says it ignores the id_token; this suite checks it itself.
    logging.getLogger("fhirclient").setLevel(logging.ERROR)
    folder = tempfile.mkdtemp(prefix="medbrain-smart-")
    clients = os.path.join(folder, "clients.json")
    rsa, rsa_public = backend_key("RSA")
    ec, ec_public = backend_key("EC")
    with open(clients, "w") as file:
        json.dump([
            {"client_id": APP, "redirect_uris": ["http://127.0.0.1/callback"], "scope": "launch " + SCOPE,
             "launch_uri": LAUNCH},
            {"client_id": "interop-service", "jwks": {"keys": [rsa_public, ec_public]}, "scope": BACKEND_SCOPE},
        ], file)
    users = os.path.join(folder, "users.json")
    scrypt, pbkdf2 = password_hashes(PASSWORD)
    with open(users, "w") as file:
        json.dump([
            {"username": USER, "password": scrypt, "patients": ["*"]},
            {"username": "f001", "password": pbkdf2, "patients": ["f001"]},
        ], file)
    server, base = start(arguments.medbrain, clients, users)
    state = {}
    try:
        def discovery():
            metadata = requests.get(base + "/metadata", timeout=TIMEOUT).json()
            security = json.dumps(metadata["rest"][0]["security"])
            expect("oauth-uris" in security and "SMART-on-FHIR" in security, security)
            configuration = requests.get(base + "/.well-known/smart-configuration", timeout=TIMEOUT).json()
            expect(configuration["code_challenge_methods_supported"] == ["S256"], configuration)

        def no_token():
            answer = requests.get(base + "/Patient/f001", timeout=TIMEOUT)
            expect(answer.status_code == 401, answer.status_code)
            expect(answer.headers.get("WWW-Authenticate", "").startswith("Bearer"), answer.headers)

        def authorize_url():
            smart = fc_client.FHIRClient(
                settings={"app_id": APP, "api_base": base, "redirect_uri": REDIRECT, "scope": SCOPE})
            url = smart.authorize_url
            query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query))
            expect(query["code_challenge_method"] == "S256" and query["aud"] == base, query)
            state["smart"], state["url"] = smart, url

        def callback():
            location = approve(state["url"], "f001")
            expect(location.startswith(REDIRECT + "?"), location)
            state["smart"].handle_callback(location)
            expect(state["smart"].patient_id == "f001", state["smart"].patient_id)
            expect(state["smart"].ready, "not ready")

        def id_token():
            configuration = requests.get(base + "/.well-known/smart-configuration", timeout=TIMEOUT).json()
            keys = KeySet.import_key_set(requests.get(configuration["jwks_uri"], timeout=TIMEOUT).json())
            token = jwt.decode(state["smart"].launch_context["id_token"], keys, algorithms=["RS256"])
            claims = token.claims
            expect(claims["iss"] == configuration["issuer"] == base and claims["aud"] == APP, claims)
            expect(claims["fhirUser"] == base + "/Patient/f001" and claims["sub"] == "f001", claims)

        def orders():
            found = MedicationRequest.where({"patient": "f001"}).perform_resources(state["smart"].server)
            expect(len(found) >= 8, f"{len(found)} orders")
            expect(all(order.subject.reference == "Patient/f001" for order in found), "another patient's order")
            patient = Patient.read("f001", state["smart"].server)
            expect(patient.id == "f001", patient.id)

        def another_patient():
            try:
                Patient.read("f002", state["smart"].server)
            except FHIRNotFoundException as error:
                # Answered as an id that does not exist: a 403 would tell that it does.
                answer = error.args[0]
                expect(answer.status_code == 404 and "not known" in answer.text, answer.text[:300])
                return
            raise AssertionError("another patient was read")

        def refresh():
            before = state["smart"].server.auth.access_token
            state["smart"].server.reauthorize()
            expect(state["smart"].server.auth.access_token not in (None, before), "no new access token")
            expect(Patient.read("f001", state["smart"].server).id == "f001", "the new token does not read")

        def signed_in_only():
            """No approval without signing in; a user with a PBKDF2 hash approves for their own patient only."""
            smart = fc_client.FHIRClient(
                settings={"app_id": APP, "api_base": base, "redirect_uri": REDIRECT, "scope": SCOPE})
            asked = requests.get(smart.authorize_url, headers={"Accept": "application/json"}, timeout=TIMEOUT).json()
            expect("patients" not in asked, f"patients named before signing in: {asked}")
            url, request = asked["answer"]["url"], asked["request"]
            post = lambda **fields: requests.post(
                url, data=dict(request=request, decision="approve", **fields), allow_redirects=False, timeout=TIMEOUT)
            anonymous = post(patient="f001")
            expect(anonymous.status_code == 401, f"{anonymous.status_code}: {anonymous.text[:200]}")
            wrong = post(patient="f001", username="f001", password=PASSWORD + "!")
            expect(wrong.status_code == 401, f"{wrong.status_code}: {wrong.text[:200]}")
            other = post(patient="f002", username="f001", password=PASSWORD)
            expect(other.status_code == 400, f"{other.status_code}: {other.text[:200]}")
            own = post(patient="f001", username="f001", password=PASSWORD)
            expect(own.status_code == 302 and "code=" in own.headers["Location"], f"{own.status_code}: {own.text[:200]}")

        def wrong_state():
            smart = fc_client.FHIRClient(
                settings={"app_id": APP, "api_base": base, "redirect_uri": REDIRECT, "scope": SCOPE})
            location = approve(smart.authorize_url, "f001")
            forged = location.replace("state=", "state=x")
            try:
                smart.handle_callback(forged)
            except Exception as error:  # fhirclient raises a plain Exception
                expect("Invalid state" in str(error), str(error))
                return
            raise AssertionError("a wrong state was accepted")

        def backend(key, alg, kid):
            def check():
                token = backend_token(base, "interop-service", key, alg, kid)
                expect(token["scope"] == BACKEND_SCOPE and "refresh_token" not in token and "patient" not in token, token)
                headers = {"Authorization": "Bearer " + token["access_token"]}
                for patient in ("f001", "f002"):
                    answer = requests.get(f"{base}/Patient/{patient}", headers=headers, timeout=TIMEOUT)
                    expect(answer.status_code == 200, f"{patient}: {answer.status_code} {answer.text[:200]}")
                written = requests.post(base + "/Patient", json={"resourceType": "Patient"}, headers=headers, timeout=TIMEOUT)
                expect(written.status_code == 403, f"a read-only token wrote: {written.status_code}")
            return check

        def refused(key, alg, kid, lifetime, reason):
            def check():
                try:
                    backend_token(base, "interop-service", key, alg, kid, lifetime)
                except Exception as error:  # Authlib raises OAuthError with the server's description
                    expect(reason in str(error), str(error))
                    return
                raise AssertionError("the assertion was accepted")
            return check

        other, _ = backend_key("RSA")
        checks.run("discovery: the CapabilityStatement's oauth-uris and .well-known/smart-configuration", discovery)
        checks.run("without a token: 401 with a Bearer challenge", no_token)
        checks.run("fhirclient builds the authorization URL (PKCE S256, aud)", authorize_url)
        checks.run("the user approves for f001; fhirclient exchanges the code", callback)
        checks.run("the id_token verifies (joserfc, the server's jwks_uri) and names f001 as fhirUser", id_token)
        checks.run("fhirclient reads f001's orders with the token", orders)
        checks.run("another patient's record is 404, as an id that does not exist", another_patient)
        checks.run("fhirclient refreshes the token (offline_access)", refresh)
        def ehr_launch():
            origin = base.rsplit("/fhir", 1)[0]
            opened = requests.get(origin + "/auth/launch", params={"client_id": APP, "patient": "f002"},
                                  allow_redirects=False, timeout=TIMEOUT)
            expect(opened.status_code == 302, f"{opened.status_code} {opened.text[:200]}")
            query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(opened.headers["Location"]).query))
            expect(opened.headers["Location"].startswith(LAUNCH + "?") and query["iss"] == base, query)
            smart = fc_client.FHIRClient(settings={
                "app_id": APP, "api_base": query["iss"], "redirect_uri": REDIRECT,
                "scope": "openid fhirUser patient/*.rs", "launch_token": query["launch"]})
            asked = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(smart.authorize_url).query))
            expect(asked["launch"] == query["launch"] and "launch" in asked["scope"].split(), asked)
            smart.handle_callback(approve(smart.authorize_url, None))
            expect(smart.patient_id == "f002", smart.patient_id)
            expect(Patient.read("f002", smart.server).id == "f002", "the launch's patient is not read")

        checks.run("fhirclient refuses a callback with a wrong state", wrong_state)
        checks.run("no approval without signing in; a user approves for their own patient only", signed_in_only)
        checks.run("EHR launch: the server opens the app with iss and launch; fhirclient's token is for f002",
                   ehr_launch)
        checks.run("Authlib: backend services with an RS384 assertion reach every patient, read only",
                   backend(rsa, "RS384", "interop-rsa"))
        checks.run("Authlib: backend services with an ES384 assertion", backend(ec, "ES384", "interop-ec"))
        checks.run("Authlib's default assertion, good for an hour, is refused (at most 5 minutes)",
                   refused(rsa, "RS384", "interop-rsa", None, "exp may be at most 300 s ahead"))
        checks.run("an assertion signed by a key not registered is refused",
                   refused(other, "RS384", "interop-rsa", 240, "the signature does not verify"))
    finally:
        server.terminate()
        server.wait(timeout=10)
    checks.finish()


if __name__ == "__main__":
    main()
