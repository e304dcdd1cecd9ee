#!/usr/bin/env python3
"""Gets an access token from Medbrain's built-in server started with `--auth smart`, by the
standalone launch a user would make (PKCE S256, the authorization page approved for PATIENT,
signed in with the SECRET the server printed), and writes it to FILE, for wrk's Authorization
header. Standard library only.

    python3 bench/smart_token.py BASE PATIENT FILE SECRET
"""

import base64
import hashlib
import http.client
import json
import re
import secrets
import sys
import urllib.parse


def request(method, url, body=None):
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    target = parts.path + (f"?{parts.query}" if parts.query else "")
    headers = {"Content-Type": "application/x-www-form-urlencoded"} if body else {}
    connection.request(method, target, body=body, headers=headers)
    answer = connection.getresponse()
    return answer.status, answer.getheader("Location"), answer.read().decode()


def main():
    base, patient, output, secret = sys.argv[1:5]
    origin = base.rsplit("/fhir", 1)[0]
    redirect = "http://127.0.0.1/callback"
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    query = urllib.parse.urlencode({
        "response_type": "code", "client_id": "medbrain", "redirect_uri": redirect,
        "scope": "launch/patient patient/*.rs", "state": secrets.token_urlsafe(16), "aud": base,
        "code_challenge": challenge, "code_challenge_method": "S256"})
    status, _, page = request("GET", f"{origin}/auth/authorize?{query}")
    pending = re.search(r'name="request" value="([^"]+)"', page)
    if status != 200 or not pending:
        sys.exit(f"smart_token: the authorization page answered {status}: {page[:200]}")
    form = urllib.parse.urlencode(
        {"request": pending.group(1), "decision": "approve", "patient": patient, "secret": secret})
    status, location, _ = request("POST", f"{origin}/auth/authorize", form)
    code = urllib.parse.parse_qs(urllib.parse.urlsplit(location or "").query).get("code", [None])[0]
    if status != 302 or not code:
        sys.exit(f"smart_token: the approval answered {status}, {location}")
    form = urllib.parse.urlencode({
        "grant_type": "authorization_code", "code": code, "redirect_uri": redirect, "client_id": "medbrain",
        "code_verifier": verifier})
    status, _, body = request("POST", f"{origin}/auth/token", form)
    if status != 200:
        sys.exit(f"smart_token: the token endpoint answered {status}: {body[:200]}")
    with open(output, "w") as file:
        file.write(json.loads(body)["access_token"])


if __name__ == "__main__":
    main()
