#!/usr/bin/env python3
"""SQLite against PostgreSQL on one machine, measured so that the machine's drift cancels out.

On a shared 2-core machine one row moves by more than the gap between the engines from one
minute to the next (/healthz alone has read 8,000 to 53,000 req/s), so make bench's single
runs cannot say whether PostgreSQL is within 2x of SQLite. This seeds the same company into
an SQLite folder and a PostgreSQL cluster (the harness's), then measures the read rows on each
engine in turn, alternating which goes first, for BENCH_ROUNDS rounds, and prints every run,
the median of each engine and their ratio.

  BENCH_EMPLOYEES=50000 BENCH_ROUNDS=3 python3 bench/compare.py

Loopback only; the cluster and every server are stopped by their process ids.
"""
import os
import signal
import statistics
import subprocess
import sys
import tempfile

import run
from engines import PostgresCluster, start_server

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
ROWS = [
    ("GET /healthz", "/healthz", None),
    ("GET /api/v1/me/leave", "/api/v1/me/leave", "bench.employee"),
    ("GET /api/v1/approvals (first page, 100)", "/api/v1/approvals?status=pending", "bench.manager"),
    ("GET /api/v1/approvals (all)", "/api/v1/approvals?status=pending&limit=1000", "bench.manager"),
    ("GET /api/v1/people?query=gar (first page)", "/api/v1/people?query=gar", "bench.employee"),
    ("GET /time-off (HTML page)", "/time-off", "web"),
]


def seed(data, database_url=None):
    command = [run.BINARY, "seed", "--data", data, "--employees", str(run.EMPLOYEES), "--seed", "1"]
    output = subprocess.run(command + (["--database", database_url] if database_url else []),
                            capture_output=True, text=True, check=True).stdout
    run.log("  " + output.strip().splitlines()[0])


def measure_all(data, database_url):
    server, port = start_server(run.BINARY, data, database_url, ["--durability", run.DURABILITY])
    try:
        tokens = {}
        rates = []
        for name, path, who in ROWS:
            token = cookie = None
            if who == "web":
                cookie = run.web_session(port, "bench.employee")
            elif who:
                token = tokens.setdefault(who, run.login(port, who))
            rates.append(run.measure(port, name, path, token, cookie)["requestsPerSecond"])
        return rates
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)


def main():
    if not os.path.exists(run.BINARY):
        raise SystemExit(f"{run.BINARY} is missing: build it with swift build -c release --product atrium")
    folder = tempfile.mkdtemp(prefix="atrium-compare-")
    cluster = PostgresCluster(folder)
    try:
        engines = {"sqlite": (os.path.join(folder, "sqlite"), None),
                   "postgres": (os.path.join(folder, "postgres-files"), cluster.url)}
        run.log(f"Seeding {run.EMPLOYEES} employees in both engines ...")
        for data, url in engines.values():
            seed(data, url)
        runs = {engine: [] for engine in engines}
        for round_number in range(ROUNDS):
            order = list(engines) if round_number % 2 == 0 else list(reversed(engines))
            for engine in order:
                run.log(f"Round {round_number + 1}, {engine}:")
                runs[engine].append(measure_all(*engines[engine]))
    finally:
        cluster.stop()
        subprocess.run(["rm", "-rf", folder], check=False)

    print(f"\nSQLite vs PostgreSQL, {run.EMPLOYEES} employees, {ROUNDS} alternating rounds, "
          f"wrk -t2 -c{run.CONNECTIONS} -d{run.DURATION}s, req/s")
    print(f"{'endpoint':<44} {'SQLite runs':>24} {'PostgreSQL runs':>24} {'medians':>16} {'ratio':>6}")
    for index, (name, _, _) in enumerate(ROWS):
        sqlite = [rates[index] for rates in runs["sqlite"]]
        postgres = [rates[index] for rates in runs["postgres"]]
        median_sqlite, median_postgres = statistics.median(sqlite), statistics.median(postgres)
        print(f"{name:<44} {' '.join(f'{r:,.0f}' for r in sqlite):>24} {' '.join(f'{r:,.0f}' for r in postgres):>24}"
              f" {median_sqlite:>7,.0f} {median_postgres:>7,.0f} {median_sqlite / median_postgres:>5.2f}x")


if __name__ == "__main__":
    sys.exit(main())
