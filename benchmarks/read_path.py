"""`python -m benchmarks read`: recall and frame latency at 1k / 10k (/ 100k) active blocks.

    python -m benchmarks read [--sizes 1000 10000] [--queries 200] [--clustered 10000]

One space per size, filled with synthetic facts and dreamed with the mock embedder, so
what is measured is the database path; the local model's query-embedding time is measured
on its own. After 400 warm-up recalls (a fresh JVM compiles its code over the first few
hundred), `--queries` generated questions go through `recall(q)` and, in a session, through
`frame("attention", q)` (after 100 warm-up frames: frame's write is a query of its own), then
50 queryless recalls. Random mock vectors leave the blocks without edges; `--clustered`
sizes run again with topic-clustered vectors (benchmarks/topics.py), so expansion and
centrality have edges to work with. Every call's database round trips are counted
(`queries_run()`). Results: benchmarks/results/read.json, a table and a plot
(docs/img/bench_read.png) in docs/BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import statistics
import time
import uuid
from pathlib import Path
from typing import Any

import anyio

from benchmarks.corpus import OWNERS, PURPOSES, SERVICES, TECH, facts
from benchmarks.figures import percentile
from benchmarks.machine import describe
from benchmarks.publish import header, publish
from benchmarks.topics import TopicEmbedder
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database
from elfgraph.store.transaction import queries_run

BATCH = 5_000
WARM_UP = 400  # recalls before measuring: a fresh JVM needs a few hundred to be compiled


def questions(count: int, seed: int = 11) -> list[str]:
    import random

    rng = random.Random(seed)
    shapes = [
        "Who owns the {service} service?",
        "What does {service} use {tech} for?",
        "Which service handles {purpose}?",
        "What did {owner} decide about {tech}?",
        "Any incidents with {tech} in {service}?",
    ]
    return [
        rng.choice(shapes).format(
            service=rng.choice(SERVICES),
            tech=rng.choice(TECH),
            purpose=rng.choice(PURPOSES),
            owner=rng.choice(OWNERS),
        )
        for _ in range(count)
    ]


async def timed(calls: list[Any]) -> tuple[list[float], float]:
    """Latencies in ms of awaiting each call, and the mean round trips per call."""
    latencies = []
    before = queries_run()
    for call in calls:
        start = time.perf_counter()
        await call()
        latencies.append(1000 * (time.perf_counter() - start))
    return latencies, (queries_run() - before) / max(1, len(calls))


def stats(latencies: list[float]) -> dict[str, float]:
    return {
        "p50_ms": statistics.median(latencies),
        "p95_ms": percentile(latencies, 0.95),
        "max_ms": max(latencies),
    }


async def one_size(
    database: Database,
    size: int,
    queries: list[str],
    *,
    clustered: bool = False,
    warm_up: int = WARM_UP,
) -> dict[str, Any]:
    space = f"bench-read-{uuid.uuid4().hex[:8]}"
    embedder = TopicEmbedder() if clustered else MockEmbeddingService()
    memory = await MemorySystem.open(space, database=database, embedding_service=embedder)
    try:
        texts = facts(size, duplicate_share=0.0, unique=True)
        started = time.perf_counter()
        for start in range(0, size, BATCH):
            await memory.learn_many(texts[start : start + BATCH])
        await memory.dream()
        build_seconds = time.perf_counter() - started
        for i in range(warm_up):  # JIT compilation, cached plans, the learned index share
            await memory.recall(queries[i % len(queries)])
        recall, recall_trips = await timed([lambda q=q: memory.recall(q) for q in queries])
        queryless, _ = await timed([lambda: memory.recall(None)] * 50)
        await memory.begin_session()
        # frame's write is another query, compiled on its first ~100 runs on a fresh server
        # (docs/DECISIONS.md, "Every benchmark warms up"): warmed up too, in the session.
        for i in range(warm_up // 4):
            await memory.frame("attention", queries[i % len(queries)])
        frame, frame_trips = await timed(
            [lambda q=q: memory.frame("attention", q) for q in queries]
        )
        await memory.end_session()
        status = await memory.status()
        return {
            "size": size,
            "clustered": clustered,
            "active": status.active_count,
            "edges": status.edge_count,
            "build_seconds": build_seconds,
            "recall": stats(recall),
            "recall_round_trips": recall_trips,
            "recall_queryless": stats(queryless),
            "frame": stats(frame),
            "frame_round_trips": frame_trips,
        }
    finally:
        await memory.close()
        await drop_space(database, space)


async def embedding_time(queries: list[str]) -> dict[str, float]:
    from elfgraph.embedding.local import LocalEmbeddingService

    service = LocalEmbeddingService()
    await service.embed("warm up")
    latencies = []
    for q in queries:
        start = time.perf_counter()
        await service.embed(q)
        latencies.append(1000 * (time.perf_counter() - start))
    return stats(latencies)


async def measure(sizes: list[int], count: int, clustered: list[int]) -> dict[str, Any]:
    queries = questions(count)
    database = await open_database()
    try:
        report: dict[str, Any] = {
            "machine": await describe(database),
            "queries": count,
            "query_embedding_local": await embedding_time(queries),
            "results": [],
        }
        runs = [(size, False) for size in sizes] + [(size, True) for size in clustered]
        for size, with_edges in runs:
            result = await one_size(database, size, queries, clustered=with_edges)
            report["results"].append(result)
            label = f"{size:>7}{' clustered' if with_edges else ''}"
            print(
                f"{label}: recall p50 {result['recall']['p50_ms']:.1f} ms "
                f"p95 {result['recall']['p95_ms']:.1f} ms ({result['recall_round_trips']:.2f} "
                f"trips); frame p50 {result['frame']['p50_ms']:.1f} ms "
                f"p95 {result['frame']['p95_ms']:.1f} ms ({result['frame_round_trips']:.2f} trips)",
                flush=True,
            )
        return report
    finally:
        await database.close()


def table(report: dict[str, Any]) -> str:
    e = report["query_embedding_local"]
    lines = [
        "| active blocks | vectors | edges | recall p50 / p95 ms | round trips "
        "| queryless recall p50 / p95 ms | frame p50 / p95 ms | round trips |",
        "|---:|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in report["results"]:
        lines.append(
            f"| {r['active']:,} | {'topics' if r['clustered'] else 'random'} "
            f"| {r['edges']:,} | {r['recall']['p50_ms']:.1f} / "
            f"{r['recall']['p95_ms']:.1f} | {r['recall_round_trips']:.2f} | "
            f"{r['recall_queryless']['p50_ms']:.1f} / {r['recall_queryless']['p95_ms']:.1f} | "
            f"{r['frame']['p50_ms']:.1f} / {r['frame']['p95_ms']:.1f} | "
            f"{r['frame_round_trips']:.2f} |"
        )
    lines += [
        "",
        f"{report['queries']} questions per size. Query embedding with the local MiniLM model "
        f"(not included above): p50 {e['p50_ms']:.1f} ms, p95 {e['p95_ms']:.1f} ms.",
    ]
    return "\n".join(lines)


def plot(report: dict[str, Any], path: Path) -> Path:
    """recall and frame p50 / p95 against the space's size (random vectors), log-log."""
    import matplotlib

    matplotlib.use("Agg")  # files only, no display
    import matplotlib.pyplot as plt

    rows = [r for r in report["results"] if not r["clustered"]]
    sizes = [r["active"] for r in rows]
    figure, axis = plt.subplots(figsize=(7, 4.5))
    shown = (("recall", "recall"), ("recall_queryless", "queryless"), ("frame", "frame"))
    for color, (key, label) in enumerate(shown):
        p50, p95 = ([r[key][q] for r in rows] for q in ("p50_ms", "p95_ms"))
        axis.plot(sizes, p50, "o-", color=f"C{color}", label=f"{label} p50")
        axis.plot(sizes, p95, "o--", color=f"C{color}", label=f"{label} p95")
    axis.set(xscale="log", yscale="log", xlabel="active blocks", ylabel="milliseconds")
    axis.set_title("Read path: latency against size")
    axis.grid(True, which="both", alpha=0.3)
    axis.legend(fontsize=8)
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return path


def render(report: dict[str, Any], images: Path) -> str:
    image = plot(report, images / "bench_read.png")
    link = f"![recall, queryless recall and frame latency by size]({images.name}/{image.name})"
    return "\n".join([header(report), "", table(report), "", link])


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks read", description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument(
        "--clustered",
        type=int,
        nargs="*",
        default=[],
        help="sizes to run again with topic-clustered vectors, so blocks have edges",
    )
    parser.add_argument("--out", type=Path, help="write only this file (not the kept result)")
    parser.add_argument("--no-doc", action="store_true", help="leave docs/BENCHMARKS.md alone")
    args = parser.parse_args(argv)
    if min(args.sizes) < 100 or args.queries < 1:
        parser.error("sizes must be at least 100 and queries at least 1")
    report = anyio.run(measure, args.sizes, args.queries, args.clustered)
    print(table(report))
    publish("read", report, argv, out=args.out, doc=not args.no_doc)
