"""Experiment (issue 64): how much of a fresh server's slow first space is its new JVM?

    python -m benchmarks.fresh_jvm_experiment --size 10000 --warmup 2000

Three servers' worth of the fresh-server workload (benchmarks/fresh_server.py), each phase
with the server's JIT compile seconds and GC seconds (HotSpot's perf counters via jcmd):
  cold:    a new server, space A on its empty database, then space B beside it (warm JVM)
  restart: the same server restarted (its database holds A and B), space C, then space D
  warmup:  a new server, a --warmup-block workload in a scratch space, dropped, then E, F
"""

from __future__ import annotations

import argparse
import functools
import json
import re
import shutil
import subprocess
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import anyio

from benchmarks import fresh_server
from benchmarks.scale_log import process_cpu_seconds
from elfgraph.config.connection import Settings
from elfgraph.neo4j_server import server as neo4j_server
from elfgraph.neo4j_server.server import LocalNeo4j
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import drop_space

_COUNTER = re.compile(r"^(?P<name>[\w.]+)=(?P<value>-?\d+)$", re.M)


def jvm_counters(pid: int) -> dict[str, float]:
    out = subprocess.run(
        ["jcmd", str(pid), "PerfCounter.print"], capture_output=True, text=True, check=True
    ).stdout
    raw = {m["name"]: int(m["value"]) for m in _COUNTER.finditer(out)}
    hz = raw["sun.os.hrt.frequency"]
    gc = sum(v for k, v in raw.items() if re.fullmatch(r"sun\.gc\.collector\.\d+\.time", k))
    return {
        "jit_s": raw["java.ci.totalTime"] / hz,
        "compiles": raw["sun.ci.totalCompiles"],
        "classes": raw["java.cls.loadedClasses"],
        "class_load_s": raw["sun.cls.time"] / hz,
        "gc_s": gc / hz,
        "cpu_s": process_cpu_seconds(pid),
    }


class JvmPhases(fresh_server.Phases):
    """fresh_server's phases, each also with the JVM's JIT, class-load and GC seconds."""

    async def timed(self, name, work):  # type: ignore[no-untyped-def]
        before = jvm_counters(self.server_pid)
        await super().timed(name, work)
        self._delta(name, before)

    async def reads(self, name, calls):  # type: ignore[no-untyped-def]
        before = jvm_counters(self.server_pid)
        await super().reads(name, calls)
        self._delta(name, before)

    def _delta(self, name: str, before: dict[str, float]) -> None:
        after = jvm_counters(self.server_pid)
        for key in ("jit_s", "compiles", "classes", "class_load_s", "gc_s"):
            self.figures[f"{name}_{key}"] = round(after[key] - before[key], 3)


fresh_server.Phases = JvmPhases  # type: ignore[misc]


async def connect(server: LocalNeo4j):  # type: ignore[no-untyped-def]
    state = server.state()
    assert state is not None
    assert state.bolt_port
    return await open_database(
        Settings(
            neo4j_uri=f"bolt://127.0.0.1:{state.bolt_port}",
            neo4j_username=state.username,
            neo4j_password=state.password,
        )
    )


async def two_spaces(
    server: LocalNeo4j, label: str, args: argparse.Namespace
) -> list[dict[str, Any]]:
    pid = int(server.state().pid)  # type: ignore[union-attr,arg-type]
    database = await connect(server)
    runs = []
    try:
        for which in ("first", "second"):
            space = f"{label}-{which}-{uuid.uuid4().hex[:6]}"
            started = time.perf_counter()
            figures = await fresh_server.workload(database, space, args.size, args, pid)
            figures["label"], figures["total_s"] = f"{label} {which}", time.perf_counter() - started
            print(json.dumps(figures), flush=True)
            runs.append(figures)
    finally:
        await database.close()
    return runs


async def warm_up(server: LocalNeo4j, args: argparse.Namespace) -> dict[str, Any]:
    pid = int(server.state().pid)  # type: ignore[union-attr,arg-type]
    database = await connect(server)
    try:
        small = argparse.Namespace(**{**vars(args), "queries": 50, "frames": 20, "queryless": 5})
        started = time.perf_counter()
        figures = await fresh_server.workload(database, "warmup-scratch", args.warmup, small, pid)
        await drop_space(database, "warmup-scratch")
        figures["label"], figures["total_s"] = "warm-up", time.perf_counter() - started
        print(json.dumps(figures), flush=True)
        return figures
    finally:
        await database.close()


async def main_async(args: argparse.Namespace) -> list[dict[str, Any]]:
    runs: list[dict[str, Any]] = []
    for variant in args.variants:
        home = Path(tempfile.mkdtemp(prefix=f"elfgraph-jvm-{variant}-"))
        server = LocalNeo4j(home)
        start = functools.partial(server.start, heap=args.heap, page_cache=args.page_cache)
        try:
            await anyio.to_thread.run_sync(start)
            if variant == "cold":
                runs += await two_spaces(server, "cold", args)
            elif variant == "restart":
                await two_spaces(server, "before-restart", args)
                await anyio.to_thread.run_sync(server.stop)
                await anyio.to_thread.run_sync(start)
                runs += await two_spaces(server, "restart", args)
            elif variant == "warmup":
                runs.append(await warm_up(server, args))
                runs += await two_spaces(server, f"warmup{args.warmup}", args)
        finally:
            await anyio.to_thread.run_sync(server.stop)
            shutil.rmtree(home, ignore_errors=True)
    return runs


KEYS = ("learn", "learn_many", "dream", "recall", "frame")


def summary(runs: list[dict[str, Any]]) -> str:
    lines = ["| run | " + " | ".join(KEYS) + " |", "|---|" + "---:|" * len(KEYS)]
    for run in runs:
        cells = []
        for key in KEYS:
            wall = run.get(f"{key}_s", run.get(f"{key}_p50_ms"))
            cells.append(
                f"{wall} (cpu {run.get(f'{key}_server_cpu_s', run.get(f'{key}_server_cpu_ms'))}, "
                f"jit {run.get(f'{key}_jit_s')}, gc {run.get(f'{key}_gc_s')}, "
                f"cls {run.get(f'{key}_classes')})"
            )
        lines.append(f"| {run['label']} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--warmup", type=int, default=2_000)
    parser.add_argument("--variants", nargs="+", default=["cold", "restart", "warmup"])
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--frames", type=int, default=50)
    parser.add_argument("--queryless", type=int, default=20)
    parser.add_argument("--heap", default="1g")
    parser.add_argument("--page-cache", default="512m")
    parser.add_argument("--jvm", nargs="*", default=[], help="more JVM flags for the servers")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    neo4j_server._JVM_FLAGS = (*neo4j_server._JVM_FLAGS, *args.jvm)
    runs = anyio.run(main_async, args)
    print(summary(runs))
    if args.out:
        args.out.write_text(json.dumps(runs, indent=1))


if __name__ == "__main__":
    main()
