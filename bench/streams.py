"""The event streams' row of make bench (issue 22): BENCH_STREAMS (default 20000) open pages.

One client process (asyncio, spread over the loopback addresses 127.0.0.1-127.0.0.8 so the
ephemeral ports of one source address are never the limit) opens that many
`GET /api/v1/events` streams as bench.employee, as that many open web pages would; then
bench.admin posts one company notice to everyone, and each stream's arrival time of it is
recorded. Meanwhile `/healthz` and the read rows are measured again with wrk, in rounds as
without the streams (BENCH_ROW_ROUNDS, each row its median round).

Reports the time to open every stream, the server's RSS with them open (and per stream, against
its RSS before), the notice's fan-out (from the moment its POST was answered to its arrival on
each stream: p50 and p100) and the read rows beside the same rows measured without streams
earlier in the run. 0 skips the row.
"""
import asyncio
import os
import resource
import statistics
import threading
import time

SOURCES = [f"127.0.0.{index}" for index in range(1, 9)]


class Streams:
    """N open event streams in a thread of their own (an asyncio loop)."""

    def __init__(self, port, token, count, marker):
        self.port, self.token, self.count, self.marker = port, token, count, marker
        self.opened = threading.Event()
        self.arrivals = []
        self.refused = {}
        self.failures = []
        self.open_seconds = None
        self.loop = asyncio.new_event_loop()
        self.done = None
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self.main(),), daemon=True)
        self.thread.start()

    async def open_one(self, index):
        reader, writer = await asyncio.open_connection(
            "127.0.0.1", self.port, local_addr=(SOURCES[index % len(SOURCES)], 0), limit=1 << 16)
        writer.write(f"GET /api/v1/events HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n"
                     f"Authorization: Bearer {self.token}\r\n\r\n".encode())
        head = await reader.readuntil(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        if status != 200:
            self.refused[status] = self.refused.get(status, 0) + 1
            writer.close()
            return None
        return reader, writer

    async def watch(self, reader):
        """Reads the stream until the notice's marker arrives; records when."""
        seen = b""
        while True:
            chunk = await reader.read(65536)
            if not chunk:
                return
            seen = (seen + chunk)[-4096:]
            if self.marker in seen:
                self.arrivals.append(time.perf_counter())
                return

    async def main(self):
        started = time.perf_counter()
        opened = []
        # In waves, as pages open over a morning: a burst of 20,000 SYNs at once overflows the
        # listen backlog, which is the kernel's limit, not the server's.
        for wave in range(0, self.count, 500):
            results = await asyncio.gather(*(self.open_one(index) for index in range(wave, min(self.count, wave + 500))),
                                           return_exceptions=True)
            for result in results:
                if isinstance(result, Exception):
                    self.failures.append(repr(result)[:120])
                elif result:
                    opened.append(result)
        self.open_seconds = time.perf_counter() - started
        self.writers = [writer for _, writer in opened]
        self.done = asyncio.Event()
        watchers = [asyncio.ensure_future(self.watch(reader)) for reader, _ in opened]
        self.opened.set()
        await self.done.wait()
        for watcher in watchers:
            watcher.cancel()
        for writer in self.writers:
            writer.close()

    def close(self):
        if self.done is not None:
            self.loop.call_soon_threadsafe(self.done.set)
        self.thread.join(timeout=120)


def open_file_limit(pid):
    """The process's soft limit on open files."""
    with open(f"/proc/{pid}/limits") as limits:
        for line in limits:
            if line.startswith("Max open files"):
                return int(line.split()[3])
    return None


def run(tools, port, server_pid, rows_without):
    """The row; `tools` gives run.py's request, login, measure and log."""
    asked = int(os.environ.get("BENCH_STREAMS", "20000"))
    # The server serves what its open-file limit fits (it says so at start); beyond that a
    # stream would be answered 503. Keep room for wrk's connections and the server's margin.
    server_files = open_file_limit(server_pid)
    count = min(asked, server_files - server_files // 50 - 200) if server_files else asked
    if count < asked:
        tools.log(f"  the server may open {server_files} files on this machine (its hard limit): {count} streams")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < count + 1000:
        try:  # the hard limit too, when the harness may (root)
            resource.setrlimit(resource.RLIMIT_NOFILE, (count + 1000, max(hard, count + 1000)))
        except (ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, count + 1000), hard))
    employee = tools.login(port, "bench.employee")
    admin = tools.login(port, "bench.admin")
    before = tools.memory_mb(server_pid, "VmRSS")
    marker = f"Bench notice {time.time_ns()}"
    tools.log(f"Streams: opening {count} event streams ...")
    streams = Streams(port, employee, count, marker.encode())
    try:
        if not streams.opened.wait(timeout=600):
            raise SystemExit("the event streams did not open within 10 minutes")
        opened = len(streams.writers)
        time.sleep(2)  # let the server settle before reading its memory
        with_streams = tools.memory_mb(server_pid, "VmRSS")
        tools.log(f"  {opened} open in {streams.open_seconds:.1f} s; RSS {before:.0f} MB -> {with_streams:.0f} MB"
                  + (f"; refused {streams.refused}" if streams.refused else "")
                  + (f"; failed {len(streams.failures)}: {streams.failures[0]}" if streams.failures else ""))
        # In rounds, as the rows without streams were: one round against a median of three
        # compared the machine's moments more than the streams' cost.
        rows = tools.measure_in_turn(
            port, [(row["endpoint"], row["path"], row.get("token"), row.get("cookie")) for row in rows_without])
        status, answer = tools.request(port, "POST", "/api/v1/board", admin,
                                       {"title": marker, "body": "One notice to everyone.", "audience": "everyone"})
        answered = time.perf_counter()
        if status != 201:
            raise SystemExit(f"the notice answered {status} {answer[:200]!r}")
        deadline = time.time() + 30
        while len(streams.arrivals) < opened and time.time() < deadline:
            time.sleep(0.05)
        fanout = sorted(max(0.0, arrival - answered) * 1000 for arrival in streams.arrivals)
    finally:
        streams.close()
    return {
        "streams": count, "asked": asked, "serverOpenFileLimit": server_files, "opened": opened, "refused": streams.refused, "failures": len(streams.failures),
        "openSeconds": streams.open_seconds, "rssBeforeMB": before, "rssWithStreamsMB": with_streams,
        "reached": len(fanout), "fanoutP50ms": statistics.median(fanout) if fanout else None,
        "fanoutP100ms": fanout[-1] if fanout else None,
        "rowsWithoutStreams": [{key: row[key] for key in ("endpoint", "requestsPerSecond", "p50ms", "p99ms")}
                               for row in rows_without],
        "rowsWithStreams": rows,
    }


def report(result):
    per_stream = (result["rssWithStreamsMB"] - result["rssBeforeMB"]) * 1024 / max(1, result["opened"])
    if result["streams"] < result["asked"]:
        print(f"Streams: {result['asked']} asked, {result['streams']} measured: this machine lets one process open "
              f"{result['serverOpenFileLimit']} files and Atrium may not raise that (no CAP_SYS_RESOURCE)")
    print(f"Streams: {result['opened']} of {result['streams']} event streams open in {result['openSeconds']:.1f} s "
          f"(refused {result['refused'] or 'none'}, failed {result['failures']}); server RSS "
          f"{result['rssBeforeMB']:.0f} MB -> {result['rssWithStreamsMB']:.0f} MB ({per_stream:.1f} KB a stream); "
          f"a notice to everyone reached {result['reached']} streams, p50 {result['fanoutP50ms'] or 0:.0f} ms, "
          f"p100 {result['fanoutP100ms'] or 0:.0f} ms after its POST was answered")
    without = {row["endpoint"]: row for row in result["rowsWithoutStreams"]}
    for row in result["rowsWithStreams"]:
        base = without[row["endpoint"]]
        print(f"  {row['endpoint']:<52} {row['requestsPerSecond']:>10,.0f} req/s with streams "
              f"(p99 {row['p99ms']:.1f} ms), {base['requestsPerSecond']:>10,.0f} without "
              f"({row['requestsPerSecond'] / base['requestsPerSecond']:.0%}; rounds "
              + ", ".join(f"{rate:,.0f}" for rate in row.get("rounds", [])) + ")")
