"""The sensors' row of make bench (issue 21): BENCH_SENSORS (default 500) simulated sensors, each
its own connection with its own credentials, publishing one reading a second through a real
mosquitto for BENCH_SENSOR_SECONDS (default 90: the time the read rows below need beside
them), while the API serves its usual reads.

Reports the ingestion lag (from a probe sensor's publish to its value in GET /api/v1/sensors/{id},
p50 and p99), the server's CPU while only the sensors load it (as a share of one core), the
database's growth extrapolated to a day, and the read rows with the sensors' load beside the
same rows measured without it earlier in the run. Skipped (and said so) without Debian's
mosquitto. Every process it starts is stopped by its pid.
"""
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "scripts"))
from mosquitto_broker import Mosquitto, available  # noqa: E402,F401  (run.py starts the broker)


def cpu_seconds(pid):
    """The process's user and system CPU time, in seconds."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def database_bytes(data, cluster):
    if cluster:
        return cluster.database_bytes()
    connection = sqlite3.connect(f"file:{os.path.join(data, 'atrium.sqlite')}?mode=ro", uri=True)
    try:
        pages, size, free = (connection.execute(f"PRAGMA {name}").fetchone()[0]
                             for name in ("page_count", "page_size", "freelist_count"))
        return (pages - free) * size
    finally:
        connection.close()


def run(tools, port, server_pid, binary, folder, broker, data, cluster, rows_without):
    """The row; `tools` gives run.py's request, login, measure and log."""
    count = int(os.environ.get("BENCH_SENSORS", "500"))
    seconds = int(os.environ.get("BENCH_SENSOR_SECONDS", "90"))
    admin = tools.login(port, "bench.admin")
    tools.log(f"Sensors: registering {count} sensors and a probe ...")
    credentials = []
    for index in range(count + 1):
        status, answer = tools.request(port, "POST", "/api/v1/sensors", admin, {
            "name": f"Bench sensor {index}", "room": f"Bench room {index // 4}",
            "kinds": ["co2", "temperature", "humidity", "noise"] if index < count else ["noise"], "intervalSec": 1})
        if status != 201:
            raise SystemExit(f"registering sensor {index} answered {status} {answer[:200]!r}")
        credentials.append(json.loads(answer))
    probe = credentials.pop()
    # One simulator per 200 sensors: each sensor is a connection of its own, with a few file
    # descriptors, and a process keeps under its 1,024.
    files = []
    for start in range(0, len(credentials), 200):
        files.append(os.path.join(folder, f"bench-sensors-{start}.json"))
        with open(files[-1], "w") as out:
            json.dump([sensor["mqtt"] for sensor in credentials[start:start + 200]], out)
    list_row = tools.measure(port, f"GET /api/v1/sensors ({count} sensors, idle)", "/api/v1/sensors", admin)

    # Each simulator signs in with a session (and a cache) of its own.
    environments = []
    for index in range(len(files)):
        environments.append({**os.environ, "XDG_CONFIG_HOME": os.path.join(folder, f"cli{index}")})
        subprocess.run([binary, "login", "--server", f"http://127.0.0.1:{port}", "--username", "bench.admin",
                        "--password-stdin"], input="atrium-bench\n", text=True, env=environments[-1], check=True,
                       capture_output=True)
    before_bytes = database_bytes(data, cluster)
    simulators = [subprocess.Popen(
        [binary, "sensors", "simulate", "--credentials", file, "--interval", "1", "--for", str(seconds)],
        env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        for file, environment in zip(files, environments)]
    started = time.time()
    lags = []
    stop = threading.Event()

    def probe_loop():
        """One reading of the probe sensor a second: from the publish to its value in the API."""
        mqtt = probe["mqtt"]
        publisher = subprocess.Popen(
            ["mosquitto_pub", "-h", "127.0.0.1", "-p", str(broker.port), "-u", mqtt["username"], "-P",
             mqtt["password"], "-q", "1", "-t", mqtt["topic"], "-l"], stdin=subprocess.PIPE, text=True)
        value = 30.0
        try:
            while not stop.is_set():
                value = 30.0 + (value - 29.0) % 90  # a new value each time
                sent = time.perf_counter()
                publisher.stdin.write(json.dumps({"kind": "noise", "value": value}) + "\n")
                publisher.stdin.flush()
                while time.perf_counter() - sent < 10:
                    status, answer = tools.request(port, "GET", f"/api/v1/sensors/{probe['id']}", admin)
                    last = json.loads(answer).get("last", {}).get("noise", {}).get("value") if status == 200 else None
                    if last == value:
                        lags.append((time.perf_counter() - sent) * 1000)
                        break
                    time.sleep(0.005)
                stop.wait(1)
        finally:
            publisher.stdin.close()
            publisher.wait(timeout=10)

    prober = threading.Thread(target=probe_loop, daemon=True)
    # The sensors connect (a few seconds for 500), then only the sensors load the server.
    time.sleep(5)
    prober.start()
    # The load's own side (the simulators and the broker) shares the same two cores: measured
    # beside the server's, so the read rows below can be read against it.
    generators = [simulator.pid for simulator in simulators] + [broker.process.pid]
    cpu_start, load_start, wall_start = cpu_seconds(server_pid), sum(map(cpu_seconds, generators)), time.perf_counter()
    time.sleep(15)
    wall = time.perf_counter() - wall_start
    cpu_share = (cpu_seconds(server_pid) - cpu_start) / wall
    load_share = (sum(map(cpu_seconds, generators)) - load_start) / wall
    tools.log(f"  the server's CPU with only the sensors' load: {cpu_share:.1%} of one core "
              f"(the simulators and the broker: {load_share:.1%})")

    with_load = []
    for row in rows_without:
        if time.time() - started > seconds - 12:
            break
        with_load.append(tools.measure(port, row["endpoint"] + " (with sensors)", row["path"], row.get("token"),
                                       row.get("cookie")))
    if time.time() - started < seconds - 12:
        with_load.append(tools.measure(port, f"GET /api/v1/sensors ({count} sensors, with sensors)",
                                       "/api/v1/sensors", admin))
    for simulator in simulators:
        simulator.wait(timeout=seconds + 60)
    stop.set()
    prober.join(timeout=20)
    elapsed = time.time() - started
    after_bytes = database_bytes(data, cluster)
    errors = [line for simulator in simulators for line in simulator.stderr.read().strip().splitlines()
              if "without credentials" not in line]
    if any(simulator.returncode != 0 for simulator in simulators):
        raise SystemExit("a simulator failed: " + " | ".join(errors[:5]))
    lags.sort()
    if not lags:
        raise SystemExit("the probe's readings never reached the API")
    result = {
        "sensors": count, "seconds": round(elapsed, 1), "readingsPerSecond": count,
        "lagMs": {"p50": statistics.median(lags), "p99": lags[max(0, int(len(lags) * 0.99) - 1)],
                  "max": lags[-1], "samples": len(lags)},
        "cpuShareOfOneCore": cpu_share,
        "loadGeneratorsCpuShareOfOneCore": load_share,
        "databaseGrowthBytesPerDay": (after_bytes - before_bytes) / elapsed * 86400,
        "rowsWithoutSensors": [{k: v for k, v in row.items() if k in ("endpoint", "requestsPerSecond")}
                               for row in rows_without] + [list_row],
        "rowsWithSensors": with_load,
        "simulatorErrors": errors[:5],
    }
    return result


def report(result):
    lag = result["lagMs"]
    print(f"Sensors: {result['sensors']} sensors at one reading a second each through mosquitto for "
          f"{result['seconds']:.0f} s: a reading reached the API in {lag['p50']:.0f} ms (p50) / {lag['p99']:.0f} ms "
          f"(p99 of {lag['samples']}); the server used {result['cpuShareOfOneCore']:.0%} of one core for them alone "
          f"(the simulators and the broker, on the same two cores, {result['loadGeneratorsCpuShareOfOneCore']:.0%}); "
          f"the database grew {result['databaseGrowthBytesPerDay'] / 1e6:,.0f} MB a day at that rate "
          f"(raw readings, kept 48 h, are most of it)")
    without = {row["endpoint"]: row["requestsPerSecond"] for row in result["rowsWithoutSensors"]}
    for row in result["rowsWithSensors"]:
        name = row["endpoint"].replace(" (with sensors)", "")
        base = without.get(name) or without.get(name.replace("with sensors", "idle"))
        if base is None and "GET /api/v1/sensors" in name:
            base = next(rate for endpoint, rate in without.items() if endpoint.startswith("GET /api/v1/sensors"))
        print(f"  {name:<52} {row['requestsPerSecond']:>10,.0f} req/s with sensors, "
              f"{base:>10,.0f} without ({row['requestsPerSecond'] / base:.0%})")
    if result["simulatorErrors"]:
        print("  the simulator said: " + " | ".join(result["simulatorErrors"]))
