"""What every benchmark result records: the machine, the software, the commit."""

from __future__ import annotations

import os
import platform
import subprocess
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from elfgraph.config.threads import BLAS_SPIN, BLAS_THREADS
from elfgraph.store.database import Database

ROOT = Path(__file__).resolve().parents[1]


def _commit() -> str:
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def _memory_gib() -> float | None:
    try:
        pages = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError):
        return None
    return round(pages / 2**30, 1)


def describe_process() -> dict[str, Any]:
    """The machine and code, for a benchmark that runs without Neo4j."""
    return {
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "commit": _commit(),
        "cpu": platform.processor() or platform.machine(),
        "cores": os.cpu_count(),
        "memory_gib": _memory_gib(),
        "python": platform.python_version(),
        # numpy's BLAS threads as set (benchmarks/__init__.py): {} is OpenBLAS's defaults
        "openblas": {
            name: os.environ[name] for name in (BLAS_THREADS, BLAS_SPIN) if name in os.environ
        },
    }


async def describe(database: Database) -> dict[str, Any]:
    server = await database.server_info()
    return {**describe_process(), "neo4j": server["agent"]}


def machine_line(machine: dict[str, Any]) -> str:
    """The one-line description every results table starts with."""
    return (
        f"{machine['cores']} cores, {machine['memory_gib']} GiB, Python {machine['python']}, "
        f"{machine.get('neo4j', 'no Neo4j')}, commit {machine['commit']}, {machine['when']}"
        f"{_openblas(machine)}"
    )


def _openblas(machine: dict[str, Any]) -> str:
    """The OpenBLAS variables a run set; nothing for results from before they were recorded
    (those ran on its defaults)."""
    chosen = machine.get("openblas")
    if chosen is None:
        return ""
    return ", OpenBLAS " + (" ".join(f"{k}={v}" for k, v in chosen.items()) or "defaults")
