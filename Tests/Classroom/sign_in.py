"""A student signing in on the class server's authorization page, as BROWSER runs it.

The REPL's `login --smart` opens the authorization URL with $BROWSER; this plays the student:
signs in with MEDBRAIN_STUDENT and MEDBRAIN_PASSWORD, approves for the one patient offered
(their own), and follows the redirect to the REPL's loopback listener.

    BROWSER="python3 sign_in.py" medbrain ...      # with MEDBRAIN_STUDENT, MEDBRAIN_PASSWORD set
"""
import html
import http.cookiejar
import os
import re
import sys
import urllib.error
import urllib.parse
import urllib.request


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def hidden(page, name):
    match = re.search(r'name="%s" value="([^"]*)"' % name, page)
    return html.unescape(match.group(1)) if match else None


def approve(url, username, password):
    """The redirect the approval answers with, after signing in as `username`."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect)
    origin = "{0.scheme}://{0.netloc}".format(urllib.parse.urlsplit(url))
    # A browser says where a form comes from; the server refuses a signed-in form that does not.
    opener.addheaders = [("Origin", origin)]
    page = opener.open(url, timeout=60).read().decode()
    form = {"request": hidden(page, "request"), "username": username, "password": password}
    page = opener.open(origin + "/auth/authorize", urllib.parse.urlencode(form).encode(), timeout=60).read().decode()
    patient = re.search(r'name="patient" value="([^"]*)"', page)
    form = {"request": hidden(page, "request"), "csrf": hidden(page, "csrf"), "decision": "approve"}
    if patient:
        form["patient"] = html.unescape(patient.group(1))
    try:
        opener.open(origin + "/auth/authorize", urllib.parse.urlencode(form).encode(), timeout=60)
        raise SystemExit("sign_in: the approval was not answered with a redirect")
    except urllib.error.HTTPError as error:
        location = error.headers.get("Location")
        if error.code not in (302, 303) or not location:
            raise SystemExit(f"sign_in: {error.code} {error.read()[:300]!r}")
    return location


def main(url):
    location = approve(url, os.environ["MEDBRAIN_STUDENT"], os.environ["MEDBRAIN_PASSWORD"])
    urllib.request.urlopen(location, timeout=60).read()


if __name__ == "__main__":
    main(sys.argv[1])
