#!/usr/bin/env python3
"""Medbrain's `login --smart` and `login --backend` against a SMART server that is not
Medbrain's: an OAuth 2.0 authorization server built on Authlib's server components (PyPI,
Authlib 1.9 with Flask), in front of SEKMET (PyPI, an independent FHIR R4 server).

    python authlib_smart.py --medbrain BIN

The script starts SEKMET, loads the tutorial's dataset into it, and starts, on another loopback
port, a Flask app that is the SMART server: `.well-known/smart-configuration`, an authorization
endpoint (Authlib's authorization-code grant with PKCE required), a token endpoint (that grant,
refresh tokens, and client credentials with Authlib's `private_key_jwt` client authentication,
RS384 and ES384), and the FHIR API, which it hands on to SEKMET once Authlib's resource
protector has accepted the bearer token (a patient token reaches only its patient's Patient
resource, enough to see a 403).

Medbrain's REPL then runs with `BROWSER` set to this script in `--browse` mode, which plays the
user: it opens the authorization page, approves for f001, and follows the redirect to the
REPL's loopback listener. The checks read what the REPL printed and what the server saw.

    python authlib_smart.py --browse URL      # the user, as BROWSER runs it
"""

import argparse
import json
import logging
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import warnings

import requests
from authlib.integrations.flask_oauth2 import AuthorizationServer, ResourceProtector
from authlib.oauth2.rfc6749 import AuthorizationCodeMixin, ClientMixin, InvalidClientError, TokenMixin, grants
from authlib.oauth2.rfc6750 import BearerTokenValidator
from authlib.oauth2.rfc7523 import JWTBearerClientAssertion
from authlib.oauth2.rfc7636 import CodeChallenge
from flask import Flask, Response, request
from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import ECKey, RSAKey
from werkzeug.serving import make_server

from checks import Checks, expect, REQUEST_TIMEOUT
from sekmet_repl import as_transaction, free_port, http, read_dataset, start_sekmet

APP = "medbrain-app"
APP_SCOPE = "launch/patient openid fhirUser offline_access patient/*.rs"
SERVICE = "reporting"
TIMEOUT = REQUEST_TIMEOUT


class Client(ClientMixin):
    """A registered app: a public one on a loopback redirect, or a service with a key."""

    def __init__(self, client_id, scope, grant_types, jwks=None):
        self.client_id, self.scope, self.grant_types, self.jwks = client_id, scope.split(), grant_types, jwks

    def get_client_id(self):
        return self.client_id

    def get_default_redirect_uri(self):
        return None

    def get_allowed_scope(self, scope):
        return " ".join(word for word in scope.split() if word in self.scope)

    def check_redirect_uri(self, redirect_uri):
        # RFC 8252 §7.3: a native app's loopback redirect, on any port.
        parts = urllib.parse.urlsplit(redirect_uri)
        return self.jwks is None and parts.scheme == "http" and parts.hostname == "127.0.0.1" \
            and parts.path == "/callback"

    def check_client_secret(self, client_secret):
        return False

    def check_endpoint_auth_method(self, method, endpoint):
        return method == ("none" if self.jwks is None else JWTBearerClientAssertion.CLIENT_AUTH_METHOD)

    def check_response_type(self, response_type):
        return response_type == "code" and self.jwks is None

    def check_grant_type(self, grant_type):
        return grant_type in self.grant_types


class Code(AuthorizationCodeMixin):
    def __init__(self, code, client_id, redirect_uri, scope, user, challenge, method):
        self.code, self.client_id, self.redirect_uri, self.scope, self.user = code, client_id, redirect_uri, scope, user
        self.code_challenge, self.code_challenge_method = challenge, method
        self.issued = time.time()

    def get_redirect_uri(self):
        return self.redirect_uri

    def get_scope(self):
        return self.scope


class Token(TokenMixin):
    def __init__(self, fields, client_id, patient):
        self.fields, self.client_id, self.patient = fields, client_id, patient
        self.issued, self.revoked = time.time(), False

    def check_client(self, client):
        return client.client_id == self.client_id

    def get_scope(self):
        return self.fields.get("scope", "")

    def get_expires_in(self):
        return self.fields.get("expires_in", 3600)

    def is_expired(self):
        return time.time() > self.issued + self.get_expires_in()

    def is_revoked(self):
        return self.revoked


class User:
    def __init__(self, patient):
        self.patient = patient

    def get_user_id(self):
        return self.patient


class SMARTServer:
    """The Flask app and what it keeps: clients, codes, tokens, and what it saw."""

    def __init__(self, fhir, services):
        self.fhir, self.codes, self.tokens, self.seen_jti = fhir, {}, {}, set()
        self.seen = {"challenge_methods": [], "assertion_algs": []}
        self.clients = {APP: Client(APP, APP_SCOPE, ["authorization_code", "refresh_token"])}
        for client_id, jwks in services.items():
            self.clients[client_id] = Client(client_id, "system/*.rs", ["client_credentials"], jwks)
        self.port = free_port()
        self.origin = f"http://127.0.0.1:{self.port}"
        self.base = self.origin + "/fhir"
        self.app = Flask("authlib-smart")
        self.app.config["OAUTH2_REFRESH_TOKEN_GENERATOR"] = True
        self.authorization = AuthorizationServer(self.app, query_client=self.clients.get, save_token=self.save_token)
        self.register_grants()
        self.protector = ResourceProtector()
        server = self

        class Validator(BearerTokenValidator):
            def authenticate_token(self, token_string):
                return server.tokens.get(token_string)

        self.protector.register_token_validator(Validator())
        self.routes()

    def register_grants(self):
        server = self

        class CodeGrant(grants.AuthorizationCodeGrant):
            TOKEN_ENDPOINT_AUTH_METHODS = ["none"]

            def save_authorization_code(self, code, req):
                data = req.payload.data
                server.seen["challenge_methods"].append(data.get("code_challenge_method"))
                server.codes[code] = Code(
                    code, req.client.client_id, req.payload.redirect_uri,
                    req.client.get_allowed_scope(req.payload.scope), req.user, data.get("code_challenge"),
                    data.get("code_challenge_method"))

            def query_authorization_code(self, code, client):
                found = server.codes.get(code)
                if found and found.client_id == client.client_id and time.time() - found.issued < 60:
                    return found
                return None

            def delete_authorization_code(self, authorization_code):
                server.codes.pop(authorization_code.code, None)

            def authenticate_user(self, authorization_code):
                return authorization_code.user

        class RefreshGrant(grants.RefreshTokenGrant):
            TOKEN_ENDPOINT_AUTH_METHODS = ["none"]
            INCLUDE_NEW_REFRESH_TOKEN = True

            def authenticate_refresh_token(self, refresh_token):
                for token in server.tokens.values():
                    if token.fields.get("refresh_token") == refresh_token and not token.revoked:
                        return token
                return None

            def authenticate_user(self, credential):
                return User(credential.patient)

            def revoke_old_credential(self, credential):
                credential.revoked = True

        class ServiceGrant(grants.ClientCredentialsGrant):
            TOKEN_ENDPOINT_AUTH_METHODS = [JWTBearerClientAssertion.CLIENT_AUTH_METHOD]

        class Assertion(JWTBearerClientAssertion):
            def get_audiences(self):
                return [server.origin + "/auth/token"]

            def resolve_client_public_key(self, client):
                return client.jwks

            def validate_jti(self, claims, jti):
                if jti in server.seen_jti:
                    return False
                server.seen_jti.add(jti)
                return True

            def process_assertion_claims(self, assertion, resolve_key):
                # SMART signs with RS384 or ES384, which joserfc checks only when they are named.
                try:
                    token = jwt.decode(assertion, resolve_key, algorithms=["RS384", "ES384"])
                except JoseError as error:
                    raise InvalidClientError(description=error.description) from error
                self.verify_claims(token.claims)
                server.seen["assertion_algs"].append(token.header["alg"])
                return token.claims

        self.authorization.register_grant(CodeGrant, [CodeChallenge(required=True)])
        self.authorization.register_grant(RefreshGrant)
        self.authorization.register_grant(ServiceGrant)
        self.authorization.register_client_auth_method(JWTBearerClientAssertion.CLIENT_AUTH_METHOD, Assertion())

    def save_token(self, token, req):
        patient = getattr(req.user, "patient", None)
        if patient:
            token["patient"] = patient
        self.tokens[token["access_token"]] = Token(dict(token), req.client.client_id, patient)

    def routes(self):
        app, server = self.app, self

        @app.get("/fhir/.well-known/smart-configuration")
        def configuration():
            return {
                "authorization_endpoint": server.origin + "/auth/authorize",
                "token_endpoint": server.origin + "/auth/token",
                "code_challenge_methods_supported": ["S256"],
                "grant_types_supported": ["authorization_code", "refresh_token", "client_credentials"],
                "token_endpoint_auth_methods_supported": ["none", "private_key_jwt"],
                "token_endpoint_auth_signing_alg_values_supported": ["RS384", "ES384"],
                "capabilities": ["launch-standalone", "client-public", "client-confidential-asymmetric"],
            }

        @app.route("/auth/authorize", methods=["GET", "POST"])
        def authorize():
            if request.method == "GET":
                grant = server.authorization.get_consent_grant(end_user=None)
                return (f'<form method="post" action="/auth/authorize?{request.query_string.decode()}">'
                        f'<p>{grant.client.client_id} asks for {grant.request.payload.scope}</p>'
                        '<input name="patient" value="f001"><button name="decision" value="approve">Approve</button>'
                        '</form>')
            user = User(request.form["patient"]) if request.form.get("decision") == "approve" else None
            grant = server.authorization.get_consent_grant(end_user=user)
            return server.authorization.create_authorization_response(grant_user=user, grant=grant)

        @app.post("/auth/token")
        def token():
            return server.authorization.create_token_response()

        @app.route("/fhir/metadata")
        def metadata():
            return server.forward("metadata")

        @app.route("/fhir/<path:rest>", methods=["GET", "POST", "PUT", "DELETE"])
        @app.route("/fhir", methods=["GET", "POST"], defaults={"rest": ""})
        @self.protector()
        def fhir(rest):
            from authlib.integrations.flask_oauth2 import current_token
            parts = rest.split("/")
            if current_token.patient and parts[0] == "Patient" and len(parts) > 1 and parts[1] != current_token.patient:
                return Response(json.dumps({"resourceType": "OperationOutcome", "issue": [{
                    "severity": "error", "code": "forbidden",
                    "diagnostics": "outside the patient's compartment"}]}), 403,
                    content_type="application/fhir+json")
            return server.forward(rest)

    def forward(self, rest):
        """The request handed on to SEKMET, its base written as this server's in the answer."""
        url = self.fhir + ("/" + rest if rest else "")
        headers = {name: value for name, value in request.headers.items()
                   if name.lower() in ("accept", "content-type", "prefer", "if-match")}
        answer = requests.request(request.method, url, params=request.args, data=request.get_data(),
                                  headers=headers, timeout=TIMEOUT)
        body = answer.content.replace(self.fhir.encode(), self.base.encode())
        response = Response(body, answer.status_code, content_type=answer.headers.get("Content-Type"))
        if "Location" in answer.headers:
            response.headers["Location"] = answer.headers["Location"].replace(self.fhir, self.base)
        return response

    def start(self):
        logging.getLogger("werkzeug").setLevel(logging.ERROR)
        # Authlib warns of its own coming changes (a key resolved per client); not a failure.
        warnings.filterwarnings("ignore", module="authlib")
        self.http = make_server("127.0.0.1", self.port, self.app, threaded=True)
        threading.Thread(target=self.http.serve_forever, daemon=True).start()


def browse(url):
    """The user: opens the page, approves for f001, and follows the redirect to the app."""
    session = requests.Session()
    page = session.get(url, timeout=TIMEOUT)
    action = re.search(r'action="([^"]+)"', page.text).group(1).replace("&amp;", "&")
    origin = "{0.scheme}://{0.netloc}".format(urllib.parse.urlsplit(url))
    answer = session.post(origin + action, data={"patient": "f001", "decision": "approve"}, allow_redirects=False,
                          timeout=TIMEOUT)
    session.get(answer.headers["Location"], timeout=TIMEOUT)


def key_pair(kind, kid, folder):
    """A new private key written as PEM for the REPL, and its public JWK for the server."""
    key = RSAKey.generate_key(2048, private=True) if kind == "RSA" else ECKey.generate_key("P-384", private=True)
    path = os.path.join(folder, f"{kid}.pem")
    with open(path, "wb") as file:
        file.write(key.as_pem(private=True))
    public = key.as_dict(private=False)
    public["kid"] = kid
    return path, public


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--medbrain")
    parser.add_argument("--browse")
    arguments = parser.parse_args()
    if arguments.browse:
        return browse(arguments.browse)
    medbrain = os.path.abspath(arguments.medbrain)
    checks = Checks("Authlib SMART R4")
    folder = tempfile.mkdtemp(prefix="medbrain-authlib-")
    rsa_path, rsa_public = key_pair("RSA", "reporting-rs", folder)
    ec_path, ec_public = key_pair("EC", "reporting-es", folder)
    sekmet, state = None, {}
    try:
        def start():
            nonlocal sekmet
            sekmet, fhir = start_sekmet(folder)
            status, answer = http("POST", fhir, as_transaction(read_dataset(), fhir))
            expect(status == 200, f"the dataset did not load: {status}")
            # One service with both keys: the kid says which signed.
            state["server"] = SMARTServer(fhir, {SERVICE: {"keys": [rsa_public, ec_public]}})
            state["server"].start()

        def no_token():
            answer = requests.get(state["server"].base + "/Patient/f001", timeout=TIMEOUT)
            expect(answer.status_code == 401, f"{answer.status_code} {answer.text[:200]}")

        def session():
            commands = [
                f"login --smart --client {APP}", "whoami", "orders", "read Patient f002", "logout",
                "read Patient f001",
                f"login --backend --client {SERVICE} --key {rsa_path} --kid reporting-rs", "search Patient _count=50",
                f"login --backend --client {SERVICE} --key {ec_path} --kid reporting-es", "count MedicationRequest",
            ]
            browser = f"{sys.executable} {os.path.abspath(__file__)} --browse"
            run = subprocess.run(
                [medbrain, "--server", state["server"].base], input="\n".join(commands) + "\n", capture_output=True,
                text=True, timeout=180, cwd=os.path.dirname(os.path.abspath(__file__)),
                env={**os.environ, "COLUMNS": "100", "HOME": folder, "BROWSER": browser})
            state["out"], state["err"] = run.stdout, run.stderr
            for line in run.stderr.splitlines():
                print(f"#   stderr: {line}")
            if os.environ.get("MEDBRAIN_INTEROP_VERBOSE"):
                for line in run.stdout.splitlines():
                    print(f"#   stdout: {line}")

        def printed(*patterns, stream="out"):
            def check():
                for pattern in patterns:
                    expect(re.search(pattern, state.get(stream, "")), f"no line matches {pattern!r}")
            return check

        def pkce():
            expect(state["server"].seen["challenge_methods"] == ["S256"], state["server"].seen)

        def assertions():
            expect(state["server"].seen["assertion_algs"] == ["RS384", "ES384"], state["server"].seen)

        checks.run("SEKMET starts with the dataset; the Authlib SMART server starts in front of it", start)
        checks.run("the Authlib server answers 401 without a token", no_token)
        checks.run("the REPL session runs", session)
        checks.run("login --smart: the user approves in the browser, f001 is logged in",
                   printed(r"logged in as .*\(Patient/f001\)", r"logged in with SMART as medbrain-app"))
        checks.run("the authorization request carried PKCE S256", pkce)
        checks.run("whoami shows the SMART login; orders are read with the token",
                   printed(r"SMART +medbrain-app", r"Novalgin 500 mg/ml drops +20 drops by mouth twice a day"))
        checks.run("another patient is refused (403), and after logout the server wants a token (401)",
                   printed(r"\(403\)", r"\(401\)", stream="err"))
        checks.run("login --backend: Authlib verified the REPL's RS384 and ES384 assertions", assertions)
        checks.run("the service's token reads every patient",
                   printed(r"logged in with SMART as reporting \(a backend service\); scopes: system/\*\.rs",
                           r"f001", r"f002"))
    finally:
        if "server" in state:
            state["server"].http.shutdown()
        if sekmet is not None:
            sekmet.terminate()
            sekmet.wait(timeout=10)
    checks.finish()


if __name__ == "__main__":
    main()
