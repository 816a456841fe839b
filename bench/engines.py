"""What make bench runs Atrium on: the SQLite folder, or a PostgreSQL cluster the harness
starts (BENCH_DATABASE=postgres), with one instance or two behind nginx (BENCH_INSTANCES=2).

The cluster keeps PostgreSQL's durable defaults (fsync and synchronous_commit on), so its
creates are as durable as SQLite's `--durability full`. Everything listens on 127.0.0.1 and
is stopped by its process id.
"""
import glob
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import threading
import time
import http.client


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def as_postgres(command):
    """PostgreSQL refuses to run as root: run its programs as the postgres user then."""
    return ["runuser", "-u", "postgres", "--"] + command if os.geteuid() == 0 else command


class PostgresCluster:
    def __init__(self, folder):
        versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/postgres"), key=lambda p: int(p.split("/")[4]))
        if not versions:
            raise SystemExit("BENCH_DATABASE=postgres needs Debian's postgresql package")
        self.bin = os.path.dirname(versions[-1])
        self.folder = os.path.join(folder, "postgres")
        os.makedirs(self.folder)
        if os.geteuid() == 0:
            os.chmod(folder, 0o755)
            shutil.chown(self.folder, "postgres", "postgres")
        self.data = os.path.join(self.folder, "data")
        subprocess.run(as_postgres([os.path.join(self.bin, "initdb"), "-D", self.data, "-U", "postgres",
                                    "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-instructions"]),
                       check=True, capture_output=True)
        self.port = free_port()
        self.process = subprocess.Popen(
            as_postgres([os.path.join(self.bin, "postgres"), "-D", self.data, "-p", str(self.port),
                         "-h", "127.0.0.1", "-k", self.folder, "-c", "max_connections=300",
                         "-c", "shared_buffers=512MB"]),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 30
        while time.time() < deadline:
            if subprocess.run(as_postgres([os.path.join(self.bin, "pg_isready"), "-h", "127.0.0.1",
                                           "-p", str(self.port)]), capture_output=True).returncode == 0:
                break
            time.sleep(0.1)
        subprocess.run(self.psql("postgres") + ["-c", "CREATE DATABASE atrium"], check=True, capture_output=True)
        self.url = f"postgres://postgres@127.0.0.1:{self.port}/atrium"

    def psql(self, database="atrium"):
        return ["psql", "-X", "-At", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "-d", database]

    def query(self, sql, *parameters):
        """One row of a query whose parameters are plain names (quoted here)."""
        for value in parameters:
            sql = sql.replace("?", "'" + value.replace("'", "''") + "'", 1)
        output = subprocess.run(self.psql() + ["-c", sql], check=True, capture_output=True, text=True).stdout
        return tuple(int(field) for field in output.strip().split("|"))

    def database_bytes(self):
        """The atrium database's size on disk."""
        return int(self.query("SELECT pg_database_size('atrium')").strip())

    def stop(self):
        if self.process.poll() is not None:
            return
        pid_file = os.path.join(self.data, "postmaster.pid")
        try:
            with open(pid_file) as file:
                os.kill(int(file.readline()), signal.SIGINT)  # a fast, clean shutdown
        except (OSError, ValueError):
            self.process.terminate()
        self.process.wait(timeout=60)


class Nginx:
    """nginx round-robin in front of the instances, with the README's configuration."""

    def __init__(self, folder, upstreams):
        self.folder = os.path.join(folder, "nginx")
        os.makedirs(os.path.join(self.folder, "tmp"))
        os.chmod(os.path.join(self.folder, "tmp"), 0o777)
        self.port = free_port()
        servers = "\n".join(f"    server 127.0.0.1:{port} max_fails=1 fail_timeout=10s;" for port in upstreams)
        temp = os.path.join(self.folder, "tmp")
        config = f"""daemon off;
worker_processes auto;
pid {self.folder}/nginx.pid;
error_log {self.folder}/error.log warn;
events {{ worker_connections 4096; }}
http {{
  access_log off;
  client_body_temp_path {temp}/body; proxy_temp_path {temp}/proxy; fastcgi_temp_path {temp}/fastcgi;
  uwsgi_temp_path {temp}/uwsgi; scgi_temp_path {temp}/scgi;
  upstream atrium {{
{servers}
    keepalive 64;
  }}
  server {{
    listen 127.0.0.1:{self.port};
    location / {{
      proxy_pass http://atrium;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_buffering off;
      proxy_read_timeout 1h;
    }}
  }}
}}
"""
        path = os.path.join(self.folder, "nginx.conf")
        with open(path, "w") as file:
            file.write(config)
        self.process = subprocess.Popen(["/usr/sbin/nginx", "-p", self.folder, "-c", path, "-e",
                                         os.path.join(self.folder, "error.log")],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 15
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise SystemExit("nginx did not start")

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)


def start_server(binary, data, database_url, extra=()):
    """atrium serve on a free port; returns the process and its port."""
    command = [binary, "serve", "--data", data, "--host", "127.0.0.1", "--port", "0", *extra]
    if database_url:
        command += ["--database", database_url]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    for line in server.stdout:
        match = re.search(r"running at http://127\.0\.0\.1:(\d+)", line)
        if match:
            # Keep reading so the server never blocks on a full pipe.
            threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()
            return server, int(match.group(1))
    raise SystemExit("the server did not start")


def event_latency(post, stream_port, manager_token, create, rounds=20, key="requestId"):
    """Milliseconds from the instant `create` returns (when its answer came, or when it was
    sent) to its event (naming the created thing by `key`) on a stream held by the other
    instance, or by the same: the promise that live events arrive within a second."""
    connection = http.client.HTTPConnection("127.0.0.1", stream_port, timeout=30)
    connection.request("GET", "/api/v1/events", headers={"Authorization": "Bearer " + manager_token,
                                                         "Accept": "text/event-stream"})
    response = connection.getresponse()
    seen = {}
    lock = threading.Lock()

    def read():
        buffer = ""
        while True:
            try:
                chunk = response.fp.readline()
            except (AttributeError, OSError, ValueError):
                return  # the stream was closed after the last round
            if not chunk:
                return
            buffer = chunk.decode()
            match = re.search(r'"' + key + r'":"([0-9a-f-]+)"', buffer)
            if match:
                with lock:
                    seen.setdefault(match.group(1), time.perf_counter())

    threading.Thread(target=read, daemon=True).start()
    time.sleep(0.5)
    latencies = []
    for index in range(rounds):
        identifier, answered = create(index)
        deadline = time.time() + 10
        while time.time() < deadline:
            with lock:
                arrived = seen.get(identifier)
            if arrived:
                latencies.append((arrived - answered) * 1000)
                break
            time.sleep(0.001)
        else:
            latencies.append(float("inf"))
    connection.close()
    return sorted(latencies)
