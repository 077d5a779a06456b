"""Benchmark runs in fresh processes (so that no cache, plan or allocation of one run helps
the next), and their results written as one JSON file."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks.machine import describe_process


def child_result(module: str, *args: str) -> dict[str, Any]:
    """Run `python -m MODULE --child ARGS...`; the JSON of its last line of output.
    RuntimeError with the end of its stderr when it fails."""
    done = subprocess.run(
        [sys.executable, "-m", module, "--child", *args],
        check=False,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise RuntimeError(f"{module} {' '.join(args)} failed:\n{done.stderr[-3000:]}")
    measured: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return measured


def save_runs(out: Path, space: str, runs: list[dict[str, Any]]) -> None:
    """The runs, with the machine and commit, as `out`."""
    report = {"machine": describe_process(), "space": space, "runs": runs}
    out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(f"raw results: {out}")


def run_module(main: Callable[[], None], child: Callable[[list[str]], None]) -> None:
    """A benchmark module's entry point: `child(args)` when run as `--child ARGS...` (by
    child_result), else `main()`."""
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2:])
    else:
        main()
