"""What the classroom checks share: a class server started from a roster, a student's SMART login
done by hand (PKCE, as any app does), and a student's REPL driven command by command.

Facts from the SMART App Launch and OAuth specifications; nothing here calls Medbrain's code
but over HTTP and its command line.
"""
import base64
import hashlib
import json
import os
import re
import secrets
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

import sign_in

WAIT = 120


class ClassServer:
    """`medbrain serve --class NAME --roster FILE` on a free port, with the students' passwords."""

    def __init__(self, medbrain, students, name="lab", version="r4", port=0, public_url=None):
        self.folder = tempfile.mkdtemp(prefix="medbrain-class-")
        self.roster = os.path.join(self.folder, "roster.txt")
        with open(self.roster, "w") as file:
            file.write("".join(f"{username}, {full}\n" for username, full in students))
        self.log = open(os.path.join(self.folder, "serve.out"), "w+")
        self.process = subprocess.Popen(
            [medbrain, "serve", "--class", name, "--roster", self.roster, "--port", str(port),
             "--fhir-version", version] + (["--public-url", public_url] if public_url else []), stdout=self.log, stderr=subprocess.STDOUT, text=True)
        deadline = time.time() + WAIT
        while time.time() < deadline:
            self.log.seek(0)
            text = self.log.read()
            if "instructor's page" in text:
                break
            if self.process.poll() is not None:
                raise SystemExit("class: the server stopped:\n" + text)
            time.sleep(0.1)
        self.base = re.search(r"listening on (http://\S+/fhir)", text).group(1)
        self.origin = self.base[: -len("/fhir")]
        self.instructor_url = re.search(r"instructor's page \(keep it to yourself\): (\S+)", text).group(1)
        self.key = self.instructor_url.split("key=", 1)[1]
        self.passwords = {}
        with open(self.roster + ".passwords") as file:
            for line in file:
                if "," in line and not line.startswith("#"):
                    username, password = line.strip().split(",", 1)
                    self.passwords[username] = password

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()

    def instructor(self, path):
        """GET `path` with the instructor's key."""
        return request("GET", self.origin + path, headers={"Authorization": "Bearer " + self.key})


def request(method, url, body=None, headers=None, form=None):
    """(status, headers, text) of a request, whatever its status."""
    data = None
    headers = dict(headers or {})
    if form is not None:
        data = urllib.parse.urlencode(form).encode()
        headers.setdefault("Content-Type", "application/x-www-form-urlencoded")
    elif body is not None:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        headers.setdefault("Content-Type", "application/json")
    opener = urllib.request.build_opener(sign_in.NoRedirect)
    try:
        with opener.open(urllib.request.Request(url, data=data, method=method, headers=headers), timeout=WAIT) as answer:
            return answer.status, dict(answer.headers), answer.read().decode(errors="replace")
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode(errors="replace")


def smart_token(server, username, scope="launch/patient openid fhirUser patient/*.cruds"):
    """An access token for `username`: authorization code with PKCE, as an app gets one."""
    verifier = base64.urlsafe_b64encode(secrets.token_bytes(32)).rstrip(b"=").decode()
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    redirect = "http://127.0.0.1:5999/callback"
    query = urllib.parse.urlencode({
        "response_type": "code", "client_id": "medbrain", "redirect_uri": redirect, "scope": scope,
        "state": "s", "aud": server.base, "code_challenge": challenge, "code_challenge_method": "S256"})
    location = sign_in.approve(server.origin + "/auth/authorize?" + query, username, server.passwords[username])
    code = urllib.parse.parse_qs(urllib.parse.urlsplit(location).query)["code"][0]
    status, _, text = request("POST", server.origin + "/auth/token", form={
        "grant_type": "authorization_code", "code": code, "redirect_uri": redirect, "client_id": "medbrain",
        "code_verifier": verifier})
    if status != 200:
        raise SystemExit(f"class: no token for {username}: {status} {text[:300]}")
    return json.loads(text)["access_token"]


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Proxy:
    """A TCP relay in front of the class server that can go away (refuse and drop connections)
    and come back: a student's network lost for a while."""

    def __init__(self, target_port=None):
        self.target = target_port
        self.port = free_port()
        self.up = True
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", self.port))
        self.listener.listen(64)
        self.open = []
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            client, _ = self.listener.accept()
            if not self.up:
                client.close()
                continue
            try:
                upstream = socket.create_connection(("127.0.0.1", self.target))
            except OSError:
                client.close()
                continue
            self.open += [client, upstream]
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self.pipe, args=(source, sink), daemon=True).start()

    def pipe(self, source, sink):
        try:
            while self.up:
                data = source.recv(65536)
                if not data:
                    break
                sink.sendall(data)
        except OSError:
            pass
        for end in (source, sink):
            try:
                end.close()
            except OSError:
                pass

    def down(self):
        self.up = False
        for end in self.open:
            try:
                end.shutdown(socket.SHUT_RDWR)
                end.close()
            except OSError:
                pass
        self.open = []

    def back(self):
        self.up = True


class Student:
    """A student's REPL (its own HOME, so its own progress file), driven command by command: each
    command is followed by `lesson --seed`, whose answer marks where the command's output ends."""

    MARK = re.compile(r"^(Your doses come from seed|No seed:)")

    def __init__(self, medbrain, username, password, here):
        self.username = username
        self.home = tempfile.mkdtemp(prefix=f"medbrain-{username}-")
        env = {**os.environ, "HOME": self.home, "COLUMNS": "100", "MEDBRAIN_STUDENT": username,
               "MEDBRAIN_PASSWORD": password, "BROWSER": f"python3 {os.path.join(here, 'sign_in.py')}"}
        env.pop("MEDBRAIN_SEED", None)
        self.process = subprocess.Popen(
            [medbrain], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env=env, bufsize=1)
        self.transcript = []

    def run(self, command):
        """The lines `command` printed."""
        self.process.stdin.write(command + "\nlesson --seed\n")
        self.process.stdin.flush()
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"{self.username}'s REPL ended after {command!r}:\n" + "".join(lines[-20:]))
            if self.MARK.match(line):
                break
            lines.append(line)
        self.transcript.append((command, lines))
        return "".join(lines)

    def progress(self):
        path = os.path.join(self.home, ".local", "state", "medbrain", "progress.json")
        with open(path) as file:
            return json.load(file)

    def quit(self):
        try:
            self.process.stdin.write("quit\n")
            self.process.stdin.close()
            self.process.wait(timeout=WAIT)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()


def lesson_commands(root, number):
    """The commands of lesson `number`'s solution, as its transcript types them."""
    folder = os.path.join(root, "transcripts", "lessons")
    name = next(n for n in sorted(os.listdir(folder)) if n.startswith(f"{number:02d}-"))
    with open(os.path.join(folder, name)) as file:
        return [line[len("medbrain> "):].rstrip("\n") for line in file if line.startswith("medbrain> ")]


def work_through(student, root, number, rng, pace=0.0):
    """A lesson as a student might: now and then a hint or a wrong try first; an answer the
    transcript gives for the data as written, and their own data differs on, is followed by the
    solution's answer (the transcript's is then a wrong try, as a neighbour's would be). With
    `pace`, a pause of about that many seconds before each command, as a (very quick) student
    reads and types: a class of scripts with none is a load test, not a class."""
    for command in lesson_commands(root, number):
        time.sleep(rng.uniform(0.5 * pace, 1.5 * pace))
        if command.startswith("lesson "):
            student.run(command)
            continue
        if rng.random() < 0.15:
            student.run("hint")
        if rng.random() < 0.1 and command.startswith("answer "):
            student.run("answer 999999")
        said = student.run(command)
        if command.startswith("answer ") and "Not quite" in said:
            shown = student.run("solution")
            answer = [line.strip() for line in shown.splitlines() if line.strip().startswith("answer ")]
            if answer:
                student.run(answer[-1])
