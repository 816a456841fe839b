#!/usr/bin/env python3
"""Fails when a row's instructions per request grew by more than 10% against the figure
recorded in bench/cost-recorded.json for the same company size.

    python3 bench/cost_check.py            # measures now (bench/cost.py), then compares
    python3 bench/cost_check.py --latest   # compares bench/cost-latest.json, already measured

Not a test and not run by CI: callgrind makes the server about fifty times slower, so the run
takes minutes; run it before and after a change that may cost (bench/README.md).
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LATEST = os.path.join(HERE, "cost-latest.json")
RECORDED = os.path.join(HERE, "cost-recorded.json")
TOLERANCE = 0.10


def main():
    if "--latest" not in sys.argv[1:]:
        subprocess.run([sys.executable, os.path.join(HERE, "cost.py")], check=True)
    with open(LATEST) as file:
        latest = json.load(file)
    with open(RECORDED) as file:
        recorded = json.load(file).get(str(latest["employees"]))
    if not recorded:
        raise SystemExit(f"no figures recorded for {latest['employees']} employees: run bench/cost.py --record")
    before = {row["row"]: row["instructions"] for row in recorded["rows"]}
    grown = []
    print(f"Against the figures recorded on {recorded['date']} (commit {recorded['commit']}), "
          f"{latest['employees']} employees:")
    for row in latest["rows"]:
        name, now = row["row"], row["instructions"]
        if name not in before:
            print(f"  {name:<54} {now:>14,.0f}  (nothing recorded)")
            continue
        change = now / before[name] - 1
        print(f"  {name:<54} {now:>14,.0f}  {change:+7.1%}")
        if change > TOLERANCE:
            grown.append(f"{name}: {before[name]:,.0f} -> {now:,.0f} instructions per request ({change:+.1%})")
    if grown:
        raise SystemExit("Grew by more than 10%:\n  " + "\n  ".join(grown))
    print("No row grew by more than 10%.")


if __name__ == "__main__":
    main()
