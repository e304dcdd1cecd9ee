"""Load and crash test of `medbrain serve --data FILE` (issue 8): 50 clients creating 100
administrations each at once, then the same again with `kill -9` in the middle and a restart.

    python3 Tests/Load/load.py MEDBRAIN [CLIENTS] [CREATES]

Prints one line per figure and exits 1 when a create was lost or stored twice, or the data
file could not be read after the crash. Every create carries a marker (`note[0].text`), so
each can be found after the fact.
"""

import http.client
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse


def administration(marker):
    return json.dumps({
        "resourceType": "MedicationAdministration",
        "status": "completed",
        "subject": {"reference": "Patient/f001"},
        "request": {"reference": "MedicationRequest/ord-01"},
        "effectiveDateTime": "2016-08-16T08:00:00+02:00",
        "medicationCodeableConcept": {"text": "Novalgin"},
        "note": [{"text": marker}],
    })


class Server:
    def __init__(self, binary, data_path):
        self.process = subprocess.Popen(
            [binary, "serve", "--port", "0", "--fhir-version", "r4", "--data", data_path],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        found = re.search(r"http://\S+", line)
        if not found:
            raise SystemExit("load: the server did not start: " + line + self.process.stderr.read())
        self.base = urllib.parse.urlsplit(found.group(0))

    def connection(self):
        return http.client.HTTPConnection(self.base.hostname, self.base.port, timeout=60)

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=30)


def create_all(server, clients, creates, acknowledged, stop_after=None):
    """Each client creates its administrations on its own connection; returns the seconds taken."""
    lock = threading.Lock()

    def client(number):
        connection = server.connection()
        for index in range(creates):
            marker = "load c%d n%d" % (number, index)
            try:
                connection.request("POST", server.base.path + "/MedicationAdministration", administration(marker),
                                   {"Content-Type": "application/fhir+json"})
                response = connection.getresponse()
                body = response.read()
            except (OSError, http.client.HTTPException):
                return  # the server was killed: this create was never acknowledged
            if response.status != 201:
                print("load: create answered %d: %s" % (response.status, body[:200]), file=sys.stderr)
                return
            with lock:
                acknowledged[marker] = json.loads(body)["id"]

    threads = [threading.Thread(target=client, args=(number,)) for number in range(clients)]
    start = time.monotonic()
    for thread in threads:
        thread.start()
    if stop_after is not None:
        while len(acknowledged) < stop_after and any(thread.is_alive() for thread in threads):
            time.sleep(0.005)
        server.kill()
    for thread in threads:
        thread.join()
    return time.monotonic() - start


def stored_markers(server):
    """Every administration's marker, following the server's next links."""
    connection = server.connection()
    markers = {}
    path = server.base.path + "/MedicationAdministration?_count=1000"
    while path:
        connection.request("GET", path, headers={"Accept": "application/fhir+json"})
        bundle = json.loads(connection.getresponse().read())
        for entry in bundle.get("entry", []):
            resource = entry["resource"]
            for note in resource.get("note", []):
                markers.setdefault(note.get("text", ""), []).append(resource["id"])
        path = next((urllib.parse.urlsplit(link["url"]) for link in bundle.get("link", [])
                     if link["relation"] == "next"), None)
        path = path and path.path + "?" + path.query
    return markers


def check(acknowledged, markers):
    """The number of acknowledged creates missing, and of markers stored more than once."""
    lost = [marker for marker, id in acknowledged.items() if id not in markers.get(marker, [])]
    twice = [marker for marker, ids in markers.items() if marker.startswith("load ") and len(ids) > 1]
    return lost, twice


def main():
    binary = sys.argv[1]
    clients = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    creates = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    failed = False
    with tempfile.TemporaryDirectory(prefix="medbrain-load.") as folder:
        data = os.path.join(folder, "all.json")
        server = Server(binary, data)
        acknowledged = {}
        seconds = create_all(server, clients, creates, acknowledged)
        lost, twice = check(acknowledged, stored_markers(server))
        server.stop()
        total = clients * creates
        print("load: %d clients x %d creates: %d acknowledged in %.2f s (%.0f creates/s), %d lost, %d stored twice"
              % (clients, creates, len(acknowledged), seconds, len(acknowledged) / seconds, len(lost), len(twice)))
        failed |= len(acknowledged) != total or bool(lost) or bool(twice)

        data = os.path.join(folder, "killed.json")
        server = Server(binary, data)
        acknowledged = {}
        create_all(server, clients, creates, acknowledged, stop_after=total // 2)
        try:
            with open(data, "rb") as snapshot:
                json.load(snapshot)
            readable = True
        except ValueError:
            readable = False
        server = Server(binary, data)
        lost, twice = check(acknowledged, stored_markers(server))
        server.stop()
        print("crash: kill -9 after %d acknowledged creates; data file readable: %s; after restart %d lost, "
              "%d stored twice" % (len(acknowledged), "yes" if readable else "NO", len(lost), len(twice)))
        failed |= not readable or bool(lost) or bool(twice)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
