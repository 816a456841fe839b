#!/usr/bin/env python3
"""Instructions per request, row by row (make bench-cost).

Seeds the benchmark company (BENCH_EMPLOYEES, default 1000) with the release binary, starts
`atrium serve` under `valgrind --tool=callgrind` (with SWIFT_DETERMINISTIC_HASHING=1, so that
dictionaries hash the same way in every run) on a free loopback port, and for each row sends
a few warm-up requests, zeroes callgrind's counters, sends a fixed number of requests on one
kept-alive connection, and dumps the counters: the dump's total divided by the requests is the
row's instructions per request, the server's whole process (every thread) included. Counted
instructions depend little on what else the machine is doing, so two runs of one build agree to
within about 1%, where req/s move by 10-20%; but work the server does on its own (timers, the
outbox) falls into a slow row's window more often when the machine is busy (one row counted 8%
more beside a whole test run), so record on an otherwise quiet machine.

Prints the table and writes bench/cost-latest.json; `--record` also writes the figures into
bench/cost-recorded.json (per company size), which bench/cost_check.py compares against;
`--keep` keeps callgrind's dumps (one per row) for `callgrind_annotate`.
The engine alone (`atrium-http-hello`, AtriumHTTP with a trivial responder) is measured first,
the same way, when it is built.
"""
import datetime
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

import run as bench
from engines import free_port

ROOT = bench.ROOT
BINARY = bench.BINARY
ENGINE = os.path.join(os.path.dirname(BINARY), "atrium-http-hello")
EMPLOYEES = bench.EMPLOYEES
LATEST = os.path.join(ROOT, "bench", "cost-latest.json")
RECORDED = os.path.join(ROOT, "bench", "cost-recorded.json")
WARMUP_REQUESTS = 10


class Callgrind:
    """A program under callgrind, whose counters are zeroed and dumped between rows."""

    def __init__(self, folder, name, command):
        self.folder = folder
        self.name = name
        environment = {**os.environ, "SWIFT_DETERMINISTIC_HASHING": "1"}
        self.process = subprocess.Popen(
            ["valgrind", "--tool=callgrind", "--dump-instr=no",
             f"--callgrind-out-file={folder}/{name}.callgrind.%p", *command],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=environment)
        for line in self.process.stdout:
            match = re.search(r"(?:running at|listening on) http://127\.0\.0\.1:(\d+)", line)
            if match:
                self.port = int(match.group(1))
                # Keep reading so the program never blocks on a full pipe.
                threading.Thread(target=lambda: [None for _ in self.process.stdout], daemon=True).start()
                return
        raise SystemExit(f"{name} did not start under callgrind")

    def control(self, *arguments):
        subprocess.run(["callgrind_control", *arguments, str(self.process.pid)], check=True, capture_output=True)

    def count(self, label, send, requests):
        """Instructions per request of `requests` calls of `send`, after a warm-up."""
        for _ in range(WARMUP_REQUESTS):
            send()
        self.control("--zero")
        for _ in range(requests):
            send()
        self.control(f"--dump={label}")
        for path in os.listdir(self.folder):
            if not path.startswith(f"{self.name}.callgrind.{self.process.pid}."):
                continue
            with open(os.path.join(self.folder, path)) as file:
                text = file.read()
            if f"Trigger: dump {label}\n" in text:
                return int(re.search(r"^summary: (\d+)$", text, re.M).group(1)) / requests
        raise SystemExit(f"callgrind wrote no dump for {label}")

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=120)
            except subprocess.TimeoutExpired:
                self.process.kill()


class Client:
    """One kept-alive connection; every answer must have the expected status."""

    def __init__(self, port):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300)

    def sender(self, method, path, token=None, cookie=None, body=None, status=200):
        headers = {}
        if token:
            headers["Authorization"] = "Bearer " + token
        if cookie:
            headers["Cookie"] = cookie
        if body is not None:
            headers["Content-Type"] = "application/json"

        def send():
            payload = body() if callable(body) else body
            self.connection.request(method, path, body=json.dumps(payload) if payload is not None else None,
                                    headers=headers)
            response = self.connection.getresponse()
            response.read()
            if response.status != status:
                raise SystemExit(f"{method} {path} answered {response.status}, not {status}")
        return send


def weekday_dates():
    """Distinct weekdays from Monday 2300-01-02 on: creates that never overlap."""
    day = datetime.date(2300, 1, 2)
    while True:
        if day.weekday() < 5:
            yield day.isoformat()
        day += datetime.timedelta(days=1)


def measure_engine(folder):
    if not os.path.exists(ENGINE):
        bench.log(f"  {ENGINE} is not built: the engine's row is left out")
        return []
    engine = Callgrind(folder, "engine", [ENGINE, "--port", "0"])
    try:
        send = Client(engine.port).sender("GET", "/hello")
        cost = engine.count("engine", send, 200)
        bench.log(f"  engine alone: {cost:,.0f} instructions per request")
        return [{"row": "engine alone (atrium-http-hello)", "requests": 200, "instructions": cost}]
    finally:
        engine.stop()


def rows_for(port):
    """(name, method, path, token, cookie, body, status, requests) for each row."""
    employee = bench.login(port, "bench.employee")
    manager = bench.login(port, "bench.manager")
    head = bench.login(port, "bench.head")
    creator = bench.login(port, "report.2")
    cookie = bench.web_session(port, "bench.employee")
    manager_cookie = bench.web_session(port, "bench.manager")
    dates = weekday_dates()

    def one_day():
        date = next(dates)
        return {"start": date, "end": date, "typeId": bench.TRAINING_TYPE}

    return [
        ("GET /healthz", "GET", "/healthz", None, None, None, 200, 200),
        ("GET /api/v1/me/leave", "GET", "/api/v1/me/leave", employee, None, None, 200, 100),
        ("GET /api/v1/approvals (first page, 100)", "GET", "/api/v1/approvals?status=pending", manager, None,
         None, 200, 40),
        ("GET /api/v1/approvals (all pending)", "GET", "/api/v1/approvals?status=pending&limit=1000", manager,
         None, None, 200, 10),
        ("GET /api/v1/approvals (head of the chain, first page)", "GET", "/api/v1/approvals?status=pending", head,
         None, None, 200, 40),
        ("GET /api/v1/people?query=gar (first page)", "GET", "/api/v1/people?query=gar", employee, None, None,
         200, 40),
        ("GET /time-off (HTML page)", "GET", "/time-off", None, cookie, None, 200, 40),
        ("GET /api/v1/calendar (120-person team, month)", "GET", "/api/v1/calendar", manager, None, None, 200, 20),
        ("GET /calendar (120-person team, HTML page)", "GET", "/calendar", None, manager_cookie, None, 200, 20),
        ("GET /board (200 notices, HTML page)", "GET", "/board", None, cookie, None, 200, 20),
        ("POST /api/v1/me/leave (sequential)", "POST", "/api/v1/me/leave", creator, None, one_day, 201, 100),
    ]


def main():
    record = "--record" in sys.argv[1:]
    keep = "--keep" in sys.argv[1:]
    if not os.path.exists(BINARY):
        raise SystemExit(f"{BINARY} is missing: run make bench-cost (it builds the release binaries)")
    folder = tempfile.mkdtemp(prefix="atrium-cost-")
    data = os.path.join(folder, "data")
    bench.log(f"Seeding {EMPLOYEES} employees ...")
    subprocess.run([BINARY, "seed", "--data", data, "--employees", str(EMPLOYEES), "--seed", "1"],
                   capture_output=True, text=True, check=True)
    started = time.time()
    results = measure_engine(folder)
    server = Callgrind(folder, "atrium", [BINARY, "serve", "--data", data, "--host", "127.0.0.1", "--port", "0"])
    try:
        client = Client(server.port)
        for name, method, path, token, cookie, body, status, requests in rows_for(server.port):
            cost = server.count(f"row{len(results)}", client.sender(method, path, token, cookie, body, status),
                                requests)
            bench.log(f"  {name}: {cost:,.0f} instructions per request")
            results.append({"row": name, "requests": requests, "instructions": cost})
    finally:
        server.stop()
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    run = {"employees": EMPLOYEES, "date": datetime.date.today().isoformat(), "commit": commit,
           "minutes": round((time.time() - started) / 60, 1), "rows": results}
    with open(LATEST, "w") as file:
        json.dump(run, file, indent=2)
    if record:
        recorded = json.load(open(RECORDED)) if os.path.exists(RECORDED) else {}
        recorded[str(EMPLOYEES)] = run
        with open(RECORDED, "w") as file:
            json.dump(recorded, file, indent=2)
            file.write("\n")
    print()
    print(f"Atrium cost per request: {EMPLOYEES} employees, callgrind, commit {commit}")
    print(f"{'row':<54} {'requests':>8} {'instructions':>14}")
    for row in results:
        print(f"{row['row']:<54} {row['requests']:>8} {row['instructions']:>14,.0f}")
    if keep:
        print(f"The dumps are kept in {folder}: callgrind_annotate --inclusive=yes FILE shows where a row's "
              "instructions go")
    else:
        subprocess.run(["rm", "-rf", folder], check=False)


if __name__ == "__main__":
    main()
