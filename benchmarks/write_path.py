"""`python -m benchmarks write`: learn_many and dream throughput at 1k / 10k blocks.

    python -m benchmarks write [--sizes 1000 10000] [--embedder mock local] [--repeats 3]

Each run learns N synthetic facts (benchmarks/corpus.py, seeded, 5 % verbatim repeats) into
a fresh space on the configured Neo4j (NEO4J_URI or the local server) with learn_many in
batches of 1,000, then dreams once, and drops the space. `mock` (hash vectors) measures the
database work alone; `local` adds the default MiniLM embedder, whose vectors also make
edges. One warm-up run per embedder first. Results: benchmarks/results/write.json, a table
and a plot (docs/img/bench_write.png) in docs/BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import statistics
import time
import uuid
from pathlib import Path
from typing import Any

import anyio

from benchmarks.corpus import facts
from benchmarks.figures import percentile
from benchmarks.machine import describe
from benchmarks.publish import header, publish
from elfgraph.embedding.base import EmbeddingService
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database

LEARN_BATCH = 1000


def embedder(name: str) -> EmbeddingService:
    if name == "mock":
        return MockEmbeddingService()
    from elfgraph.embedding.local import LocalEmbeddingService

    return LocalEmbeddingService()


async def one_run(database: Database, size: int, embedder_name: str) -> dict[str, Any]:
    space = f"bench-{uuid.uuid4().hex[:8]}"
    texts = facts(size)
    memory = await MemorySystem.open(
        space, database=database, embedding_service=embedder(embedder_name)
    )
    try:
        batch_seconds = []
        started = time.perf_counter()
        for start in range(0, size, LEARN_BATCH):
            t = time.perf_counter()
            await memory.learn_many(texts[start : start + LEARN_BATCH])
            batch_seconds.append(time.perf_counter() - t)
        learn_seconds = time.perf_counter() - started
        t = time.perf_counter()
        result = await memory.dream()
        dream_seconds = time.perf_counter() - t
        assert result is not None
        return {
            "learn_seconds": learn_seconds,
            "learn_batch_seconds": batch_seconds,
            "dream_seconds": dream_seconds,
            "promoted": result.promoted,
            "deduplicated": result.deduplicated,
            "edges_created": result.edges_created,
        }
    finally:
        await memory.close()
        await drop_space(database, space)


def summarise(size: int, runs: list[dict[str, Any]]) -> dict[str, Any]:
    learn_rates = [size / r["learn_seconds"] for r in runs]
    dream_rates = [size / r["dream_seconds"] for r in runs]
    batches = [s for r in runs for s in r["learn_batch_seconds"]]
    return {
        "learn_blocks_per_s_median": statistics.median(learn_rates),
        "learn_blocks_per_s_p5": percentile(learn_rates, 0.05),
        "learn_batch_ms_median": 1000 * statistics.median(batches),
        "learn_batch_ms_p95": 1000 * percentile(batches, 0.95),
        "dream_seconds_median": statistics.median(r["dream_seconds"] for r in runs),
        "dream_seconds_p95": percentile([r["dream_seconds"] for r in runs], 0.95),
        "dream_blocks_per_s_median": statistics.median(dream_rates),
        "edges_created_median": statistics.median(r["edges_created"] for r in runs),
    }


async def measure(sizes: list[int], embedders: list[str], repeats: int) -> dict[str, Any]:
    database = await open_database()
    try:
        report: dict[str, Any] = {"machine": await describe(database), "results": []}
        for name in embedders:
            await one_run(database, 200, name)  # warm-up: plans cached, model loaded
            for size in sizes:
                runs = [await one_run(database, size, name) for _ in range(repeats)]
                summary = summarise(size, runs)
                report["results"].append(
                    {"embedder": name, "size": size, "repeats": repeats, **summary, "runs": runs}
                )
                print(
                    f"{name:5} {size:>6}: learn {summary['learn_blocks_per_s_median']:8.0f}/s, "
                    f"dream {summary['dream_blocks_per_s_median']:6.0f}/s "
                    f"(median {summary['dream_seconds_median']:.2f} s, "
                    f"p95 {summary['dream_seconds_p95']:.2f} s)",
                    flush=True,
                )
        return report
    finally:
        await database.close()


def table(report: dict[str, Any]) -> str:
    lines = [
        "| embedder | blocks | learn_many blocks/s (median) | learn_many batch of 1,000 "
        "ms (median / p95) | dream s (median / p95) | dream blocks/s (median) | edges |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in report["results"]:
        lines.append(
            f"| {r['embedder']} | {r['size']:,} | {r['learn_blocks_per_s_median']:,.0f} | "
            f"{r['learn_batch_ms_median']:.0f} / {r['learn_batch_ms_p95']:.0f} | "
            f"{r['dream_seconds_median']:.2f} / {r['dream_seconds_p95']:.2f} | "
            f"{r['dream_blocks_per_s_median']:,.0f} | {r['edges_created_median']:,.0f} |"
        )
    return "\n".join(lines)


def plot(report: dict[str, Any], path: Path) -> Path:
    """learn_many and dream blocks/s against the space's size, one line per embedder."""
    import matplotlib

    matplotlib.use("Agg")  # files only, no display
    import matplotlib.pyplot as plt

    figure, axis = plt.subplots(figsize=(7, 4.5))
    for color, embedder in enumerate(sorted({r["embedder"] for r in report["results"]})):
        rows = [r for r in report["results"] if r["embedder"] == embedder]
        sizes = [r["size"] for r in rows]
        dream = [r["dream_blocks_per_s_median"] for r in rows]
        learn = [r["learn_blocks_per_s_median"] for r in rows]
        axis.plot(sizes, dream, "o-", color=f"C{color}", label=f"dream ({embedder})")
        axis.plot(sizes, learn, "o--", color=f"C{color}", label=f"learn_many ({embedder})")
    axis.set(xscale="log", xlabel="blocks", ylabel="blocks per second (median)")
    axis.set_title("Write path: throughput against size")
    axis.grid(True, which="both", alpha=0.3)
    axis.legend(fontsize=8)
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return path


def render(report: dict[str, Any], images: Path) -> str:
    image = plot(report, images / "bench_write.png")
    link = f"![learn_many and dream blocks/s by size]({images.name}/{image.name})"
    return "\n".join([header(report), "", table(report), "", link])


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks write", description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument(
        "--embedder", nargs="+", choices=["mock", "local"], default=["mock", "local"]
    )
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--out", type=Path, help="write only this file (not the kept result)")
    parser.add_argument("--no-doc", action="store_true", help="leave docs/BENCHMARKS.md alone")
    args = parser.parse_args(argv)
    if min(args.sizes) < 100 or args.repeats < 1:
        parser.error("sizes must be at least 100 and repeats at least 1")
    report = anyio.run(measure, args.sizes, args.embedder, args.repeats)
    print(table(report))
    publish("write", report, argv, out=args.out, doc=not args.no_doc)
