"""Write-path throughput: learn_many and dream at 1k / 10k blocks.

    python -m benchmarks.write_path --sizes 1000 10000 --embedder mock local --repeats 3

Each run uses a fresh space on the configured Neo4j (NEO4J_URI or the local server) and
drops it afterwards. `mock` (hash vectors) measures the database work alone; `local` adds
the default MiniLM embedder. Results: benchmarks/results/write_path.json and a markdown
table on stdout (paste into docs/BENCHMARKS.md).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
import uuid
from pathlib import Path
from typing import Any

import anyio

from benchmarks.corpus import facts
from benchmarks.machine import describe, machine_line
from elfgraph.embedding.base import EmbeddingService
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database

RESULTS = Path(__file__).resolve().parent / "results"
LEARN_BATCH = 1000


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


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


async def main(sizes: list[int], embedders: list[str], repeats: int) -> dict[str, Any]:
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


def markdown(report: dict[str, Any]) -> str:
    m = report["machine"]
    lines = [
        f"{machine_line(m)}.",
        "",
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


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--embedder", nargs="+", default=["mock", "local"])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--out", type=Path, default=RESULTS / "write_path.json")
    args = parser.parse_args()
    report = anyio.run(main, args.sizes, args.embedder, args.repeats)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2), encoding="utf-8")
    print()
    print(markdown(report))
