"""How long one `elfgraph` command takes, start to exit, as an agent that shells out pays it.

    python -m benchmarks.cli_startup                 # 10 runs of each command
    python -m benchmarks.cli_startup --runs 20 --json

Each command runs in a fresh process (the installed console script next to this Python),
on a space of its own that is dropped afterwards; medians and p95 in milliseconds. The
machine is shared and noisy: compare commands measured in one run, not across days.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path

ELFGRAPH = Path(sys.executable).with_name("elfgraph")


def commands(space: str) -> dict[str, list[str]]:
    """Label → arguments. Commands that need no database come first."""
    return {
        "--help": ["--help"],
        "--version": ["--version"],
        "guide": ["guide"],
        "guide recall": ["guide", "recall"],
        "status": ["status", "--space", space, "--json"],
        "remember": ["remember", "benchmark fact", "--space", space, "--json"],
        "recall (embeds)": ["recall", "benchmark", "--space", space, "--json"],
        "spaces": ["spaces", "--json"],
    }


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def time_command(arguments: list[str], runs: int) -> dict[str, float | int | bool]:
    seconds: list[float] = []
    ok = True
    for _ in range(runs):
        started = time.perf_counter()
        done = subprocess.run(
            [str(ELFGRAPH), *arguments], capture_output=True, env=os.environ.copy(), check=False
        )
        seconds.append(time.perf_counter() - started)
        ok = ok and done.returncode == 0
    return {
        "runs": runs,
        "median_ms": round(1000 * statistics.median(seconds), 1),
        "p95_ms": round(1000 * percentile(seconds, 0.95), 1),
        "ok": ok,
    }


def drop(space: str) -> None:
    code = (
        "import anyio\n"
        "from elfgraph.schema.migrations import open_database\n"
        "from elfgraph.spaces.registry import drop_space\n"
        "async def main():\n"
        "    async with await open_database() as db:\n"
        f"        await drop_space(db, {space!r})\n"
        "anyio.run(main)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=False)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.cli_startup")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    space = f"bench-cli-{uuid.uuid4().hex[:8]}"
    # The space exists before the read-only commands are timed.
    subprocess.run(
        [str(ELFGRAPH), "remember", "warm-up fact", "--space", space],
        check=True,
        capture_output=True,
    )
    try:
        results = {
            label: time_command(arguments, args.runs)
            for label, arguments in commands(space).items()
        }
    finally:
        drop(space)
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for label, result in results.items():
        mark = "" if result["ok"] else "  (exit ≠ 0)"
        median, p95 = result["median_ms"], result["p95_ms"]
        print(f"{label:<18} median {median:>7.1f} ms  p95 {p95:>7.1f} ms{mark}")


if __name__ == "__main__":
    main()
