"""Where a warm recall's time goes, against the floor of one round trip (issue 18).

    python -m benchmarks.recall_floor --space SPACE [--rounds 3]

On a kept space served by the process's caches (`python -m benchmarks scale --sizes 100k
--no-recall --keep-space`), after a warm-up, the scale benchmark's 200 questions are asked
`--rounds` times and timed whole. During the first round the arguments of each piece are
kept: the query vector and the words asked (for the two in-process legs), the candidates
read's parameters and the candidates it returned (for the ranking). Each piece is then timed
alone on those same arguments, one question at a time with every piece in turn (the reads
in an order that rotates from one question to the next), so that the machine's drift from
minute to minute falls on all of them alike:

- the sketch leg (`VectorCache.nearest`) and the keyword leg (`KeywordIndex.search`);
- the two legs side by side, the sketch leg in a worker thread (numpy releases the GIL in
  its products), against one after the other;
- the candidates read, replayed through the driver the way `Database.read` sends a
  one-statement read (an auto-commit read session), as the code sends it and without the
  sketch and content of each candidate;
- the floor: `RETURN 1` through the same kind of session, with this process's CPU per call;
- the ranking (`rank_candidates`).

Results: benchmarks/results/recall_floor.json and a table on stdout.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import anyio
import numpy as np
from neo4j import READ_ACCESS

from benchmarks.machine import describe, machine_line
from benchmarks.read_path import questions
from benchmarks.scale import QUERIES, stats
from benchmarks.write_path import RESULTS
from elfgraph.core.analysis import terms as analysed
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.retrieval import retrieve as retrieve_module
from elfgraph.retrieval.keywords import keyword_terms
from elfgraph.retrieval.ranking import rank_candidates
from elfgraph.retrieval.retrieve import CACHE_MARGIN
from elfgraph.retrieval.vector_cache import VectorCache
from elfgraph.schema.migrations import open_database
from elfgraph.store import transaction as transaction_module
from elfgraph.store.cypher import query
from elfgraph.store.database import Database

OUT = RESULTS / "recall_floor.json"
WARM_UP = 100  # recalls before timing: the plans, the pool's connections, the JIT
PROJECTION_SKETCH = ".sketch, "
PROJECTION_CONTENT = ".content, "


class Kept:
    """The arguments of each piece of the first round's recalls, kept by wrapping the two
    module functions recall calls (the benchmark's own process only)."""

    def __init__(self) -> None:
        self.reads: list[dict[str, Any]] = []
        self.rankings: list[tuple[Any, Any, dict[str, Any]]] = []
        self._run = transaction_module._run
        self._rank = rank_candidates

    def start(self) -> None:
        kept = self

        async def run(tx: Any, name: str, returns: Any, params: Mapping[str, Any]) -> Any:
            if name == "candidates":
                kept.reads.append(dict(params))
            return await kept._run(tx, name, returns, params)

        def rank(found: Any, weights: Any, **options: Any) -> Any:
            kept.rankings.append((found, weights, options))
            return kept._rank(found, weights, **options)

        transaction_module._run = run
        setattr(retrieve_module, "rank_candidates", rank)  # noqa: B010

    def stop(self) -> None:
        transaction_module._run = self._run
        setattr(retrieve_module, "rank_candidates", self._rank)  # noqa: B010


def _ms(started: float) -> float:
    return 1000 * (time.perf_counter() - started)


async def measure(space: str, rounds: int) -> dict[str, Any]:
    database = await open_database()
    try:
        machine = await describe(database)
        memory = await MemorySystem.open(
            space, database=database, embedding_service=MockEmbeddingService(record=False)
        )
        try:
            return {"machine": machine, "space": space, **await pieces(memory, database, rounds)}
        finally:
            await memory.close()
    finally:
        await database.close()


async def pieces(
    memory: MemorySystem, database: Database, rounds: int, count: int = QUERIES
) -> dict[str, Any]:
    """The whole recalls and each piece alone, on `memory`'s space, for `count` of the scale
    benchmark's questions (see the module's text)."""
    asked = questions(QUERIES)[:count]
    await memory.recall(asked[0])
    await memory._retriever.loaded()
    cache = memory._retriever.vectors
    if not (cache.usable and cache.keywords_usable):
        raise SystemExit("the space is not served by the process's caches: use a smaller one")
    for n in range(WARM_UP):
        await memory.recall(asked[n % len(asked)])
    kept = Kept()
    whole: list[float] = []
    for round_ in range(rounds):
        if round_ == 0:
            kept.start()
        try:
            for question in asked:
                started = time.perf_counter()
                await memory.recall(question)
                whole.append(_ms(started))
        finally:
            kept.stop()
    embedder = MockEmbeddingService(record=False)
    vectors = [np.asarray(await embedder.embed(q)) for q in asked]
    words = [analysed(keyword_terms(q) or "") for q in asked]
    text = query("candidates").text
    if PROJECTION_SKETCH not in text or PROJECTION_CONTENT not in text:
        raise SystemExit("candidates.cypher no longer projects .sketch and .content as expected")
    variants = {
        "candidates read": text,
        "without sketches": text.replace(PROJECTION_SKETCH, ""),
        "without sketches or content": text.replace(PROJECTION_SKETCH, "").replace(
            PROJECTION_CONTENT, ""
        ),
        "floor: RETURN 1": "RETURN 1 AS x",
    }
    if len(kept.reads) != len(asked) or len(kept.rankings) != len(asked):
        raise SystemExit("a recall made more or fewer than one candidates read")
    times: dict[str, list[float]] = {name: [] for name in variants}
    times |= {"sketch leg": [], "keyword leg": [], "legs one after the other": []}
    times |= {"legs side by side": [], "ranking": []}
    floor_cpu: list[float] = []
    with ThreadPoolExecutor(1) as pool:
        for _ in range(rounds):
            for n in range(len(asked)):
                # In turn, starting from a different one each time: the first read after the
                # in-process work pays for waking the server's core (docs/BENCHMARKS.md).
                names = list(variants)
                for name in names[n % len(names) :] + names[: n % len(names)]:
                    floor = name.startswith("floor")
                    cpu = time.thread_time()
                    times[name].append(
                        await _read(database, variants[name], {} if floor else kept.reads[n])
                    )
                    if floor:
                        floor_cpu.append(1000 * (time.thread_time() - cpu))
                k = int(kept.reads[n]["k"])
                _time_legs(times, pool, cache, vectors[n], words[n], k)
                found, weights, options = kept.rankings[n]
                started = time.perf_counter()
                rank_candidates(found, weights, **options)
                times["ranking"].append(_ms(started))
    return {
        "rounds": rounds,
        "questions": len(asked),
        "recall": stats(whole),
        "pieces": {name: stats(values) for name, values in times.items()},
        "floor_cpu_ms": statistics.median(floor_cpu),
        "candidates": statistics.median(len(found.blocks) for found, _, _ in kept.rankings),
    }


async def _read(database: Database, statement: str, params: Mapping[str, Any]) -> float:
    """One read sent as `Database.read` sends a one-statement read; its milliseconds."""
    started = time.perf_counter()
    async with database._driver.session(
        database=database.name, default_access_mode=READ_ACCESS
    ) as session:
        result = await session.run(statement, dict(params))
        await result.single()
    return _ms(started)


def _time_legs(
    times: dict[str, list[float]],
    pool: ThreadPoolExecutor,
    cache: VectorCache,
    vector: np.ndarray,
    asked_words: list[str],
    k: int,
) -> None:
    """The two in-process legs as recall asks them: each alone, one after the other, and
    side by side (the sketch leg in `pool`'s thread)."""
    started = time.perf_counter()
    cache.nearest(vector, k + CACHE_MARGIN)
    middle = time.perf_counter()
    cache.keywords.search(asked_words, k)
    times["sketch leg"].append(1000 * (middle - started))
    times["keyword leg"].append(_ms(middle))
    times["legs one after the other"].append(_ms(started))
    started = time.perf_counter()
    beside = pool.submit(cache.nearest, vector, k + CACHE_MARGIN)
    cache.keywords.search(asked_words, k)
    beside.result()
    times["legs side by side"].append(_ms(started))


def markdown(report: dict[str, Any]) -> str:
    lines = [
        machine_line(report["machine"]),
        f"space {report['space']}, {report['rounds']} × {report['questions']} questions, "
        f"{report['candidates']:.0f} candidates a recall (median)",
        "",
        "| piece | p50 ms | p95 ms |",
        "|---|---:|---:|",
        f"| whole recall | {report['recall']['p50_ms']:.2f} | {report['recall']['p95_ms']:.2f} |",
    ]
    for name, piece in report["pieces"].items():
        lines.append(f"| {name} | {piece['p50_ms']:.2f} | {piece['p95_ms']:.2f} |")
    lines.append("")
    lines.append(f"This process's CPU for one RETURN 1: {report['floor_cpu_ms']:.2f} ms (median).")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.recall_floor", description=__doc__)
    parser.add_argument("--space", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    report = anyio.run(measure, args.space, args.rounds)
    args.out.write_text(json.dumps(report, indent=2) + "\n")
    print(markdown(report))


if __name__ == "__main__":
    main()
