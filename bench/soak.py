"""The soak row of make bench (issue 22): BENCH_SOAK seconds (0, the default, skips it) of the
read rows mixed, under wrk's 50 connections, while the server's RSS is sampled every 5 s.

Memory that grows with the requests served, not with what is stored, shows here as a rising
RSS: the row reports the requests, any answer that was not 2xx, and the RSS after the first
30 s (once caches and pools are warm), at the end and at its highest, with the change from
the first to the last.
"""
import os
import re
import subprocess
import threading
import time

SAMPLE_SECONDS = 5
WARM_SECONDS = 30


def run(bench, port, pid, reads, seconds):
    """`reads`: (name, path, token, cookie) of the read rows; `pid`: the server's process."""
    lines = []
    for _, path, token, cookie in reads:
        header = f"Authorization: Bearer {token}" if token else f"Cookie: {cookie}" if cookie else ""
        lines.append(f"{path}\t{header}")
    samples = []
    stop = threading.Event()

    def sample():
        started = time.monotonic()
        while not stop.wait(SAMPLE_SECONDS):
            samples.append((time.monotonic() - started, bench.memory_mb(pid, "VmRSS")))

    sampler = threading.Thread(target=sample, daemon=True)
    bench.log(f"Soak: {seconds} s of the {len(reads)} read rows mixed ...")
    sampler.start()
    try:
        output = bench.wrk(port, "/", script=os.path.join(bench.ROOT, "bench", "soak.lua"),
                           env={"ATRIUM_SOAK": "\n".join(lines)}, seconds=seconds)
    finally:
        stop.set()
        sampler.join()
    rate, p50, p99, errors = bench.parse_wrk(output)
    total = int(re.search(r"(\d+) requests in", output).group(1))
    warm = [rss for at, rss in samples if at >= WARM_SECONDS] or [rss for _, rss in samples]
    result = {"seconds": seconds, "requests": total, "requestsPerSecond": rate, "p50ms": p50, "p99ms": p99,
              "non2xx": errors, "rssAfterWarmUpMB": warm[0], "rssEndMB": warm[-1], "rssHighestMB": max(warm),
              "samples": len(samples)}
    bench.log(f"  {total:,} requests, RSS {warm[0]:.1f} MB after {WARM_SECONDS} s, {warm[-1]:.1f} MB at the end")
    return result


def report(result):
    change = result["rssEndMB"] - result["rssAfterWarmUpMB"]
    print(f"Soak: {result['requests']:,} mixed reads in {result['seconds']} s ({result['requestsPerSecond']:,.0f} req/s, "
          f"p50 {result['p50ms']:.2f} ms, p99 {result['p99ms']:.2f} ms, {result['non2xx']} not 2xx); RSS "
          f"{result['rssAfterWarmUpMB']:.1f} MB after {WARM_SECONDS} s, {result['rssEndMB']:.1f} MB at the end "
          f"({change:+.1f} MB), highest {result['rssHighestMB']:.1f} MB ({result['samples']} samples)")
