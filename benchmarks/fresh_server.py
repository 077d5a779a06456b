"""Fresh server: a new user's first big space on a new, empty database, against the same
space on the same server once it is warm (issue 64).

    python -m benchmarks fresh                       # 10k
    python -m benchmarks fresh --sizes 10k,100k      # 100k too (~10 min here)
    python -m benchmarks fresh --sizes 2k --no-background-sampling

For each size this starts two local Neo4j servers of its own, each under a temporary
ELFGRAPH_NEO4J_HOME (a new JVM and an empty database; whatever NEO4J_URI says is not used).
On the first, not warmed up, one workload runs twice, each in a space of its own, one
session each: first on the fresh, empty database (the *not warmed up* column), then at once
in a second space beside the first (the *warmed* column: the same JVM, its compiled code,
query caches and index statistics made by the first space, which stays). The second server
is warmed up as `elfgraph neo4j start` warms a server it starts (elfgraph/warm_up/), then the
workload runs once on its empty database (the *after its warm-up* column).
The workload is what a new user does with real data on the first day:
learn `size` short ops facts (benchmarks/corpus.py), the first 1,000 (a tenth below 10k) by
learn(), the rest by learn_many in batches of 1,000, then one consolidate(skip_llm=True)
with the mock embedder, then --queries recalls (top_k 5), --frames attention frames and
--queryless queryless recalls, all inside the session. Each phase records its seconds and
the server's CPU seconds (its JVM, read from /proc), each read its p50 and p95. The server
is stopped and its folder removed at the end (--keep-home keeps it).

`--no-background-sampling` starts the server with Neo4j's background index sampling off
(db.index_sampling.background_enabled=false): the worst case of a fresh database, where
no index statistics are taken but those the library asks for, so every plan made from the
statistics of an empty index shows. Results: benchmarks/results/fresh.json and its section
of docs/BENCHMARKS.md (`--out` writes only that file), and a table on stdout, the three
columns side by side with the ratios to the warmed one.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio

from benchmarks.corpus import facts
from benchmarks.figures import percentile
from benchmarks.machine import describe
from benchmarks.publish import header, publish
from benchmarks.read_path import questions
from benchmarks.scale_log import process_cpu_seconds
from elfgraph.config.connection import Settings
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.neo4j_server.server import LocalNeo4j
from elfgraph.schema.migrations import open_database
from elfgraph.store.database import Database
from elfgraph.warm_up import warm_local_server

LEARN_ONE_BY_ONE = 1_000
LEARN_BATCH = 1_000
NO_BACKGROUND_SAMPLING = {"db.index_sampling.background_enabled": "false"}


def size_arg(text: str) -> list[int]:
    sizes = []
    for part in text.split(","):
        part = part.strip().lower()
        scale = 1_000_000 if part.endswith("m") else 1_000 if part.endswith("k") else 1
        sizes.append(int(float(part.rstrip("km")) * scale))
    if not sizes or min(sizes) < 100:
        raise argparse.ArgumentTypeError("sizes are at least 100 blocks, e.g. 10k,100k")
    return sizes


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks fresh",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--sizes", type=size_arg, default=[10_000], help="e.g. 10k,100k")
    parser.add_argument("--queries", type=int, default=200, help="recalls with a query")
    parser.add_argument("--frames", type=int, default=50, help="attention frames")
    parser.add_argument("--queryless", type=int, default=20, help="recalls without a query")
    parser.add_argument("--heap", default="1g", help="the server's heap (elfgraph's default)")
    parser.add_argument("--page-cache", default="512m", help="its page cache (the default)")
    parser.add_argument("--no-background-sampling", action="store_true")
    parser.add_argument("--keep-home", action="store_true", help="leave the server's folder")
    parser.add_argument("--out", type=Path, help="write only this file (not the kept result)")
    parser.add_argument("--no-doc", action="store_true", help="leave docs/BENCHMARKS.md alone")
    args = parser.parse_args(argv)
    if min(args.queries, args.frames, args.queryless) < 1:
        parser.error("--queries, --frames and --queryless are at least 1")
    return args


class Phases:
    """Seconds and server CPU seconds of each phase of one workload."""

    def __init__(self, server_pid: int) -> None:
        self.server_pid = server_pid
        self.figures: dict[str, float] = {}

    async def timed(self, name: str, work: Callable[[], Awaitable[object]]) -> None:
        cpu, started = process_cpu_seconds(self.server_pid), time.perf_counter()
        await work()
        self.figures[f"{name}_s"] = round(time.perf_counter() - started, 3)
        self.figures[f"{name}_server_cpu_s"] = round(process_cpu_seconds(self.server_pid) - cpu, 3)

    async def reads(self, name: str, calls: list[Callable[[], Awaitable[object]]]) -> None:
        cpu, latencies = process_cpu_seconds(self.server_pid), []
        for call in calls:
            started = time.perf_counter()
            await call()
            latencies.append(1000 * (time.perf_counter() - started))
        self.figures[f"{name}_p50_ms"] = round(statistics.median(latencies), 2)
        self.figures[f"{name}_p95_ms"] = round(percentile(latencies, 0.95), 2)
        used = process_cpu_seconds(self.server_pid) - cpu
        self.figures[f"{name}_server_cpu_ms"] = round(1000 * used / len(calls), 2)


async def workload(
    database: Database, space: str, size: int, args: argparse.Namespace, server_pid: int
) -> dict[str, Any]:
    """The first day of a new user's space (module docstring); its figures."""
    texts = facts(size, seed=size, duplicate_share=0.0, unique=True)
    one_by_one = min(LEARN_ONE_BY_ONE, size // 10)
    asked = questions(args.queries + args.frames, seed=size)
    phases = Phases(server_pid)
    started = time.perf_counter()
    memory = await MemorySystem.open(
        space, database=database, embedding_service=MockEmbeddingService()
    )
    phases.figures["open_s"] = round(time.perf_counter() - started, 3)
    try:
        await memory.begin_session("fresh-server")

        async def learn() -> None:
            for text in texts[:one_by_one]:
                await memory.learn(text)

        async def learn_many() -> None:
            for start in range(one_by_one, size, LEARN_BATCH):
                await memory.learn_many(texts[start : start + LEARN_BATCH])

        promoted: list[int] = []

        async def dream() -> None:
            promoted.append((await memory.consolidate(skip_llm=True)).promoted)

        await phases.timed("learn", learn)
        await phases.timed("learn_many", learn_many)
        await phases.timed("dream", dream)
        await phases.reads("recall", [_recall(memory, q) for q in asked[: args.queries]])
        # Each frame asks something new, so the frame cache never answers.
        await phases.reads(
            "frame",
            [_frame(memory, f"{q} ({i})") for i, q in enumerate(asked[args.queries :])],
        )
        await phases.reads("queryless", [_recall(memory, None)] * args.queryless)
        await memory.end_session()
    finally:
        await memory.close()
    return {
        "space": space,
        "blocks": size,
        "learned_one_by_one": one_by_one,
        "promoted": promoted[0] if promoted else None,
        **phases.figures,
    }


def _recall(memory: MemorySystem, query: str | None) -> Callable[[], Awaitable[object]]:
    return lambda: memory.recall(query, top_k=5)


def _frame(memory: MemorySystem, query: str) -> Callable[[], Awaitable[object]]:
    return lambda: memory.frame("attention", query)


async def one_size(size: int, args: argparse.Namespace) -> dict[str, Any]:
    """Two new servers for `size`. On the first, not warmed up: the workload on its empty
    database, then beside it (warmed). On the second, warmed up as `elfgraph neo4j start`
    warms a server it started (elfgraph/warm_up/): the workload on its empty database."""
    tag = uuid.uuid4().hex[:6]
    print(f"{size:,} blocks on a fresh server, not warmed up …", flush=True)
    fresh, warmed, machine = await _on_new_server(size, args, tag, warm_up=False)
    print(f"{size:,} blocks on a fresh server after its warm-up …", flush=True)
    after_warm_up, _, _ = await _on_new_server(size, args, tag, warm_up=True)
    return {
        "blocks": size,
        "background_sampling": not args.no_background_sampling,
        "server": {"heap": args.heap, "page_cache": args.page_cache},
        "machine": machine,
        "fresh": fresh,
        "after_warm_up": after_warm_up,
        "warmed": warmed,
    }


async def _on_new_server(
    size: int, args: argparse.Namespace, tag: str, *, warm_up: bool
) -> tuple[dict[str, Any], dict[str, Any] | None, dict[str, Any]]:
    """The workload on a new server's empty database; with `warm_up` False, then again in a
    second space beside the first (the warmed figures)."""
    home = Path(tempfile.mkdtemp(prefix="elfgraph-fresh-server-"))
    server = LocalNeo4j(home)
    settings = NO_BACKGROUND_SAMPLING if args.no_background_sampling else {}
    print(f"  a new server (home {home})", flush=True)
    try:
        status = await anyio.to_thread.run_sync(
            lambda: server.start(heap=args.heap, page_cache=args.page_cache, settings=settings)
        )
        state = server.state()
        assert status.pid is not None
        assert status.bolt_uri is not None
        assert state is not None
        warm_up_figures: dict[str, float] = {}
        if warm_up:
            cpu = process_cpu_seconds(status.pid)
            report = await warm_local_server(server)
            assert report is not None
            warm_up_figures = {
                "warm_up_s": report.seconds,
                "warm_up_server_cpu_s": round(process_cpu_seconds(status.pid) - cpu, 3),
            }
        database = await open_database(
            Settings(
                neo4j_uri=status.bolt_uri,
                neo4j_username=state.username,
                neo4j_password=state.password,
            )
        )
        try:
            machine = await describe(database)
            prefix = "after-warm-up" if warm_up else "fresh"
            first = await workload(database, f"{prefix}-{tag}", size, args, status.pid)
            first |= warm_up_figures
            print(json.dumps(first), flush=True)
            second = None
            if not warm_up:
                print(f"{size:,} blocks on the same server, warmed by the first …", flush=True)
                second = await workload(database, f"warmed-{tag}", size, args, status.pid)
                print(json.dumps(second), flush=True)
        finally:
            await database.close()
    finally:
        await anyio.to_thread.run_sync(server.stop)
        if not args.keep_home:
            shutil.rmtree(home, ignore_errors=True)
    return first, second, machine


ROWS = [
    ("learn() (one by one)", "learn_s", "s"),
    ("  server CPU", "learn_server_cpu_s", "s"),
    ("learn_many", "learn_many_s", "s"),
    ("  server CPU", "learn_many_server_cpu_s", "s"),
    ("dream", "dream_s", "s"),
    ("  server CPU", "dream_server_cpu_s", "s"),
    ("recall p50", "recall_p50_ms", "ms"),
    ("recall p95", "recall_p95_ms", "ms"),
    ("  server CPU a recall", "recall_server_cpu_ms", "ms"),
    ("frame p50", "frame_p50_ms", "ms"),
    ("frame p95", "frame_p95_ms", "ms"),
    ("queryless p50", "queryless_p50_ms", "ms"),
]


def table(run: dict[str, Any]) -> str:
    """Fresh (without and after the warm-up) against warmed, side by side, with ratios."""
    fresh, warmed = run["fresh"], run["warmed"]
    after = run.get("after_warm_up") or {}
    sampling = "" if run["background_sampling"] else ", background index sampling off"
    lines = [
        f"{run['blocks']:,} blocks ({fresh['learned_one_by_one']:,} by learn(){sampling})",
        "",
        "| | fresh server, not warmed up | fresh server, after its warm-up | same server, "
        "warmed | not warmed up / warmed | after warm-up / warmed |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    if "warm_up_s" in after:
        lines.append(
            f"| the start's warm-up | — | {after['warm_up_s']:,.1f} s "
            f"(server CPU {after['warm_up_server_cpu_s']:,.1f} s) | — | | |"
        )
    for label, key, unit in ROWS:
        a, b, c = fresh.get(key), after.get(key), warmed.get(key)
        if a is None or c is None:
            continue
        cells = [f"{value:,.1f} {unit}" if value is not None else "—" for value in (a, b, c)]
        ratios = [f"{value / c:.2f}×" if value is not None and c else "—" for value in (a, b)]
        lines.append(f"| {label} | " + " | ".join(cells + ratios) + " |")
    return "\n".join(lines)


def render(report: dict[str, Any], images: Path) -> str:
    tables = [table(run) for run in report["runs"]]
    return "\n\n".join([header(report), *tables])


def main(argv: list[str]) -> None:
    args = arguments(argv)
    runs = [anyio.run(one_size, size, args) for size in args.sizes]
    for run in runs:
        print()
        print(table(run))
    report = {"machine": runs[0]["machine"], "runs": runs}
    publish("fresh", report, argv, out=args.out, doc=not args.no_doc)
