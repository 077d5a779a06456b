"""numpy's idle BLAS threads and elfgraph's speed (issue 18; elfgraph/config/threads.py).

    python -m benchmarks.blas_threads --space SPACE [--settings default,one-thread,no-spin]
        [--rounds 2] [--processes 2] [--tasks 2] [--recalls 150] [--dream 100000] [--out PATH]

OpenBLAS runs a product on every core, then keeps its threads spinning for a while. Each
setting (SETTINGS: OpenBLAS's defaults, one thread, or a thread per core asleep as soon as its
product is done, what elfgraph's own processes use) is measured in child processes started
with it, the settings in turn within each round (so that a slower hour of the server falls on
all of them):
- recall: `--processes` processes at once, each opening the kept space `SPACE` (one the
  process's caches serve, e.g. 100,000 blocks kept by `benchmarks scale --keep-space`),
  loading its caches and warming up, then, once all are ready, `--tasks` concurrent recall
  loops of `--recalls` each (the scale benchmark's questions): recalls a second over all of
  them, p50 / p95, and each process's CPU a recall (OpenBLAS's spinning threads included);
- dream (`--dream N`, 0 to skip): one process learns N facts into a fresh space in one session
  and dreams them (the scale benchmark's build, mock embedder), then drops the space:
  dream blocks/s and the process's CPU.
Results: benchmarks/results/blas_threads.json and a table on stdout.
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
from typing import Any

import anyio

from benchmarks.children import run_module, save_runs
from benchmarks.read_path import questions
from benchmarks.scale import QUERIES, build
from benchmarks.write_path import RESULTS, percentile
from elfgraph.config.threads import BLAS_SPIN, BLAS_THREADS, NO_SPIN
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import drop_space

OUT = RESULTS / "blas_threads.json"
WARM_UP = 100  # recalls per process before the timed ones
READY, GO = "ready", "go"
OPENBLAS_SPIN = "28"  # OpenBLAS's own THREAD_TIMEOUT: 2^28 cycles
# The OpenBLAS variables each setting starts its children with (the others unset). A child
# imports benchmarks, which would make an unset spin elfgraph's: OpenBLAS's default is named.
SETTINGS: dict[str, dict[str, str]] = {
    "default": {BLAS_SPIN: OPENBLAS_SPIN},  # a thread per core, spinning ~0.1 s after each
    "one-thread": {BLAS_THREADS: "1"},
    "no-spin": {BLAS_SPIN: NO_SPIN},  # a thread per core, asleep at once
}


async def recalls(space: str, tasks: int, count: int, offset: int) -> dict[str, Any]:
    """One child's recall loops, started when the parent says so (all children at once)."""
    database = await open_database()
    memory = await MemorySystem.open(
        space, database=database, embedding_service=MockEmbeddingService(record=False)
    )
    try:
        await memory._retriever.loaded()
        asked = questions(QUERIES)
        for question in asked[:WARM_UP]:
            await memory.recall(question)
        print(READY, flush=True)
        sys.stdin.readline()  # the parent's GO: every child is warm
        latencies: list[float] = []

        async def loop(task: int) -> None:
            for n in range(count):
                question = asked[(offset + 37 * task + n) % len(asked)]
                started = time.perf_counter()
                await memory.recall(question)
                latencies.append(1000 * (time.perf_counter() - started))

        cpu, wall = time.process_time(), time.perf_counter()
        async with anyio.create_task_group() as group:
            for task in range(tasks):
                group.start_soon(loop, task)
        return {
            "seconds": time.perf_counter() - wall,
            "cpu_ms_per_recall": 1000 * (time.process_time() - cpu) / len(latencies),
            "latencies_ms": latencies,
        }
    finally:
        await memory.close()
        await database.close()


async def dream(size: int) -> dict[str, Any]:
    """Learn and dream `size` facts into a space of their own, in one session; drop it."""
    database = await open_database()
    space = f"bench-blas-{uuid.uuid4().hex[:8]}"
    memory = await MemorySystem.open(
        space, database=database, embedding_service=MockEmbeddingService(record=False)
    )
    try:
        cpu = time.process_time()
        built = await build(memory, size, session=True)
        return {
            "dream_blocks_per_s": built["dream_blocks_per_s"],
            "learn_blocks_per_s": built["learn_blocks_per_s"],
            "process_cpu_s": time.process_time() - cpu,
        }
    finally:
        await memory.close()
        await drop_space(database, space)
        await database.close()


def child(args: list[str]) -> None:
    if args[0] == "recall":
        result = anyio.run(recalls, args[1], int(args[2]), int(args[3]), int(args[4]))
    else:
        result = anyio.run(dream, int(args[1]))
    print(json.dumps(result), flush=True)


def _env(setting: str) -> dict[str, str]:
    unset = {k: v for k, v in os.environ.items() if k not in (BLAS_THREADS, BLAS_SPIN)}
    return {**unset, **SETTINGS[setting]}


def _started(setting: str, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "benchmarks.blas_threads", "--child", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=_env(setting),
    )


def _answer(process: subprocess.Popen[str]) -> dict[str, Any]:
    assert process.stdout is not None
    out, _ = process.communicate()
    if process.returncode != 0:
        raise RuntimeError(f"a child failed (exit {process.returncode})")
    answer: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return answer


def recall_run(setting: str, space: str, processes: int, tasks: int, count: int) -> dict[str, Any]:
    children = [
        _started(setting, "recall", space, str(tasks), str(count), str(11 * n))
        for n in range(processes)
    ]
    for process in children:  # each is warm, then all start together
        assert process.stdout is not None
        if process.stdout.readline().strip() != READY:
            raise RuntimeError("a child did not get ready")
    for process in children:
        assert process.stdin is not None
        process.stdin.write(GO + "\n")
        process.stdin.flush()
    answers = [_answer(process) for process in children]
    latencies = [ms for answer in answers for ms in answer["latencies_ms"]]
    return {
        "setting": setting,
        "recalls_per_s": len(latencies) / max(answer["seconds"] for answer in answers),
        "p50_ms": statistics.median(latencies),
        "p95_ms": percentile(latencies, 0.95),
        "cpu_ms_per_recall": [answer["cpu_ms_per_recall"] for answer in answers],
    }


def dream_run(setting: str, size: int) -> dict[str, Any]:
    return {"setting": setting, **_answer(_started(setting, "dream", str(size)))}


def markdown(runs: list[dict[str, Any]]) -> str:
    lines = [
        "| round | OpenBLAS | recalls/s | recall p50 / p95 ms | CPU ms a recall | "
        "dream blocks/s | dream CPU s |",
        "|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for run in runs:
        recall, dreamt = run.get("recall"), run.get("dream")
        cells = ["–"] * 5
        if recall:
            cpu = " / ".join(f"{c:.1f}" for c in recall["cpu_ms_per_recall"])
            cells[:3] = [
                f"{recall['recalls_per_s']:.0f}",
                f"{recall['p50_ms']:.1f} / {recall['p95_ms']:.1f}",
                cpu,
            ]
        if dreamt:
            cells[3:] = [f"{dreamt['dream_blocks_per_s']:,.0f}", f"{dreamt['process_cpu_s']:.1f}"]
        lines.append(f"| {run['round']} | {run['setting']} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.blas_threads", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--space", help="a kept space the caches serve (none: no recalls)")
    parser.add_argument("--settings", default=",".join(SETTINGS), help="SETTINGS, in turn")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--tasks", type=int, default=2, help="concurrent recalls a process")
    parser.add_argument("--recalls", type=int, default=150, help="recalls a task")
    parser.add_argument("--dream", type=int, default=100_000, help="blocks; 0: no dream")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    runs: list[dict[str, Any]] = []
    for round_ in range(1, args.rounds + 1):
        for setting in args.settings.split(","):
            if setting not in SETTINGS:
                raise SystemExit(f"unknown setting {setting!r}: one of {', '.join(SETTINGS)}")
            run: dict[str, Any] = {"round": round_, "setting": setting}
            if args.space:
                run["recall"] = recall_run(
                    setting, args.space, args.processes, args.tasks, args.recalls
                )
            if args.dream:
                run["dream"] = dream_run(setting, args.dream)
            runs.append(run)
            print(json.dumps(run)[:300], flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    save_runs(args.out, args.space or "", runs)
    print(markdown(runs))


if __name__ == "__main__":
    run_module(main, child)
