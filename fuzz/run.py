#!/usr/bin/env python3
"""Contract fuzzing of Atrium's JSON API with schemathesis (make fuzz).

For each role (anonymous, employee, manager, admin) it starts the debug server with the demo
company on a throwaway data directory and a free loopback port, signs in with a fresh token,
and runs schemathesis against openapi.yaml with all its checks, bounded by examples per
operation and a fixed seed so a run can be repeated. The server is stopped by its process id.
Prints a line per role and the totals; exits 1 on any failure. Reports go to test-output/fuzz.
"""
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from mosquitto_broker import Mosquitto, available  # noqa: E402
BINARY = os.path.join(ROOT, ".build", "debug", "atrium")
SCHEMATHESIS = os.path.join(ROOT, ".venv", "bin", "st")
SPEC = os.path.join(ROOT, "Sources", "AtriumServer", "Resources", "openapi.yaml")
REPORTS = os.path.join(ROOT, "test-output", "fuzz")
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "25"))
SEED = os.environ.get("FUZZ_SEED", "20261129")
PASSWORD = "atrium-demo"
ROLES = [("anonymous", None), ("employee", "eva"), ("manager", "mario"), ("admin", "ana")]
# Operations that end the caller's own session: fuzzed last, so the rest runs signed in.
SESSION_ENDING = ["POST /api/v1/auth/logout", "POST /api/v1/me/password", "POST /api/v1/me/deletion"]


def log(message):
    print(message, file=sys.stderr, flush=True)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_up(port, process, deadline=60):
    end = time.time() + deadline
    while time.time() < end:
        if process.poll() is not None:
            raise SystemExit(f"the server exited with {process.returncode} before answering")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("the server did not answer /healthz in time")


def login(port, username):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    body = json.dumps({"username": username, "password": PASSWORD})
    connection.request("POST", "/api/v1/auth/login", body=body, headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    data = response.read()
    if response.status != 200:
        raise SystemExit(f"cannot sign in as {username}: {response.status} {data[:200]!r}")
    return json.loads(data)["accessToken"]


def fuzz(role, username):
    data = tempfile.mkdtemp(prefix="atrium-fuzz-")
    port = free_port()
    server_log = open(os.path.join(REPORTS, f"{role}-server.log"), "w")
    # The sensors' broker, so registering, deleting and new passwords are fuzzed for real (without
    # one they answer 503, which the fuzz counts as a failure).
    broker = Mosquitto(data) if available() else None
    server = subprocess.Popen(
        [BINARY, "serve", "--demo", "--data", os.path.join(data, "data"), "--port", str(port), "--host", "127.0.0.1"]
        + (broker.server_arguments if broker else []),
        stdout=server_log, stderr=subprocess.STDOUT)
    try:
        wait_until_up(port, server)
        # The token goes through the config's auth section (not a plain header), so checks
        # that leave it out, such as missing_required_header, really send no token.
        config = os.path.join(data, "schemathesis.toml")
        with open(os.path.join(ROOT, "fuzz", "schemathesis.toml")) as base, open(config, "w") as merged:
            merged.write(base.read())
            if username:
                merged.write(f'\n[auth.openapi.bearer]\nbearer = "{login(port, username)}"\n')
        summary = {"operations": 0, "cases": 0, "failures": 0, "exit": 0}
        outputs = []
        started = time.time()
        for part, selection in [
            ("main", [flag for name in SESSION_ENDING for flag in ("--exclude-name", name)]),
            ("session", [flag for name in SESSION_ENDING for flag in ("--include-name", name)]),
        ]:
            command = [
                SCHEMATHESIS, "--config-file", config, "run", SPEC, "--url", f"http://127.0.0.1:{port}", *selection,
                "--checks", "all", "--max-examples", str(EXAMPLES), "--seed", SEED, "--workers", "1",
                "--no-color", "--report", "junit",
                "--report-junit-path", os.path.join(REPORTS, f"{role}-{part}.xml"),
                "--generation-database", "none", "--request-timeout", "30",
            ]
            # The config names the hooks module, imported from the working directory.
            result = subprocess.run(command, cwd=os.path.join(ROOT, "fuzz"), capture_output=True, text=True)
            outputs.append(result.stdout + result.stderr)
            figures = summarize(result.stdout)
            for key in ("operations", "cases", "failures"):
                summary[key] += figures[key]
            summary["exit"] = summary["exit"] or result.returncode
        with open(os.path.join(REPORTS, f"{role}.txt"), "w") as output:
            output.write("\n".join(outputs))
        summary.update(role=role, seconds=round(time.time() - started))
        if server.poll() is not None:
            summary["exit"] = summary["exit"] or 1
            summary["crashed"] = True
        result_text = "\n".join(outputs)
        return summary, result_text
    finally:
        if server.poll() is None:
            server.send_signal(signal.SIGKILL)
        server.wait()
        if broker:
            broker.stop()
        server_log.close()
        shutil.rmtree(data, ignore_errors=True)


def summarize(text):
    """The figures from schemathesis's summary: operations tested, test cases, failures."""
    tested = re.search(r"Tested:\s+(\d+)", text)
    cases = re.search(r"(\d+) generated, (\d+) found (\d+) unique failures?", text) or re.search(
        r"(\d+) generated", text)
    return {
        "operations": int(tested.group(1)) if tested else 0,
        "cases": int(cases.group(1)) if cases else 0,
        "failures": int(cases.group(3)) if cases and cases.lastindex and cases.lastindex >= 3 else 0,
    }


def main():
    if not os.path.exists(SCHEMATHESIS):
        raise SystemExit("schemathesis is missing: run scripts/python-tools.sh")
    if not os.path.exists(BINARY):
        raise SystemExit("build first: swift build --product atrium")
    os.makedirs(REPORTS, exist_ok=True)
    failed = False
    totals = {"operations": 0, "cases": 0, "failures": 0}
    for role, username in ROLES:
        summary, output = fuzz(role, username)
        print(
            f"fuzz {role:9} operations {summary['operations']:3}  test cases {summary['cases']:5}  "
            f"failures {summary['failures']:3}  {summary['seconds']} s" + ("  SERVER EXITED" if summary.get("crashed") else ""),
            flush=True)
        for key in totals:
            totals[key] += summary[key]
        if summary["exit"] != 0:
            failed = True
            tail = output[output.find("FAILURES"):] if "FAILURES" in output else output[-6000:]
            print(tail[:20000], flush=True)
    print(f"fuzz total: {totals['operations']} operation runs, {totals['cases']} test cases, "
          f"{totals['failures']} failures (seed {SEED}, {EXAMPLES} examples per operation)", flush=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
