"""Many tenants in one database: a small space alone, then among many big ones (issue 18).

    python -m benchmarks tenants --tenants 20 --per-tenant 10k --small 1k [--no-doc] [--keep]

On a Neo4j of its own, freshly started (ELFGRAPH_NEO4J_HOME=…):
1. space A (`--small` blocks): learn_many and dream with the mock embedder (dream seconds),
   then recall with a query (p50/p95 after a warm-up) and queryless recall: "alone".
2. the crowd: `--tenants` spaces of `--per-tenant` blocks each, written straight into the
   graph as dream leaves them (benchmarks/curate.py's rows: random unit 384-d embeddings,
   sketches, ~2.5 edges a block), each with vectors of its own; then wait until the server
   is idle (Lucene merges the vector index's segments after a bulk load).
3. "among": A's reads again from a fresh MemorySystem, and a new space B of the same size
   learned and dreamed among the crowd (dream seconds, reads).
4. "index path": A's recall with the vector leg forced to the shared index and its
   over-fetch (the strategy every space used before small spaces were scanned exactly).
Every answer is checked to hold only the asking space's blocks. Results:
benchmarks/results/tenants.json; a table goes into docs/BENCHMARKS.md (between its tenants
markers) unless --no-doc.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

import anyio

from benchmarks.corpus import facts
from benchmarks.curate import (
    BUILD_BATCH,
    CREATE_BLOCKS,
    CREATE_EDGES,
    DIMENSIONS,
    NOW,
    _write,
    block_rows,
    edge_rows,
    local_server_pid,
    settle,
)
from benchmarks.machine import describe, machine_line
from benchmarks.read_path import questions
from benchmarks.scale import size_arg, stats, timed, write_doc_section
from benchmarks.suite import DOC
from benchmarks.write_path import RESULTS
from elfgraph.config.memory import MemoryConfig
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.retrieval.index_share import IndexShare
from elfgraph.retrieval.retrieve import check_query, retrieve
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import drop_space, index_share_counts, open_space
from elfgraph.spaces.vector_index import ensure_vector_index
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction

START = "<!-- tenants:start -->"
END = "<!-- tenants:end -->"
WARM_UP = 50
QUERIES = 200
QUERYLESS = 50


class CrossSpace(AssertionError):
    """A recall answered with a block of another space."""


async def build_crowd(database: Database, space: str, size: int, offset: int) -> None:
    """One big tenant straight in the graph; `offset` gives it ids and vectors of its own."""
    rng = random.Random(offset)
    await open_space(database, space)
    texts = facts(size, seed=offset, duplicate_share=0.0, unique=True)
    for start in range(0, size, BUILD_BATCH):
        rows = block_rows(texts[start : start + BUILD_BATCH], offset + start, rng)
        await database.write(_write, CREATE_BLOCKS, {"space": space, "rows": rows})

    def shifted(block_id: str) -> str:
        return f"{int(block_id, 16) + offset:016x}"

    edges = [
        {**edge, "a": shifted(edge["a"]), "b": shifted(edge["b"])} for edge in edge_rows(size, rng)
    ]
    for start in range(0, len(edges), 10_000):
        await database.write(
            _write, CREATE_EDGES, {"space": space, "rows": edges[start : start + 10_000]}
        )
    await database.write(
        _write,
        "MATCH (s:Space {name: $space}) SET s.total_active_hours = $now",
        {"space": space, "now": NOW},
    )


async def learn_and_dream(database: Database, space: str, size: int) -> float:
    """learn_many then dream `size` facts; the dream's seconds."""
    memory = await MemorySystem.open(
        space, database=database, embedding_service=MockEmbeddingService(record=False)
    )
    try:
        await memory.learn_many(facts(size, seed=size + len(space), duplicate_share=0.0))
        started = time.perf_counter()
        await memory.dream()
        return time.perf_counter() - started
    finally:
        await memory.close()


async def _ids(tx: Transaction, space: str) -> set[str]:
    query = "MATCH (b:Block) WHERE b.space = $space RETURN b.id AS id"
    return {record["id"] async for record in await tx.driver_tx.run(query, space=space)}


async def space_ids(database: Database, space: str) -> set[str]:
    """Every block id of the space, whatever its status: what its answers may hold."""
    return await database.read(_ids, space)


async def reads(database: Database, space: str, ids: set[str]) -> dict[str, Any]:
    """Recall with a query and queryless recall from a freshly opened MemorySystem, every
    answer checked against the space's own block ids."""
    memory = await MemorySystem.open(
        space, database=database, embedding_service=MockEmbeddingService(record=False)
    )
    try:
        queries = questions(QUERIES)

        async def recall(query: str | None) -> None:
            found = await memory.recall(query)
            if not {b.id for b in found} <= ids:
                raise CrossSpace(f"{space}: a recall for {query!r} crossed spaces")

        for i in range(WARM_UP):
            await recall(queries[i % len(queries)])
        with_query = await timed([lambda q=q: recall(q) for q in queries])
        queryless = await timed([lambda: recall(None)] * QUERYLESS)
        return {"recall": stats(with_query), "queryless": stats(queryless)}
    finally:
        await memory.close()


async def index_path_reads(database: Database, space: str, ids: set[str]) -> dict[str, Any]:
    """Recall with the vector leg forced to the shared index and its learned over-fetch
    (exact scan only when the index leaves too few): the strategy before this change."""
    active, total = await index_share_counts(database, space)
    share = IndexShare(active / total if total else 1.0)  # size unknown: the index first
    embedder = MockEmbeddingService(record=False)
    config = MemoryConfig()

    async def recall(query: str) -> None:
        forced = IndexShare(share.share)  # never learns the size, so never scans by choice
        ranked = await retrieve(
            database,
            space,
            check_query("attention", query, 5),
            embedder=embedder,
            config=config,
            now_hours=None,
            share=forced,
        )
        if not {b.id for b in ranked.blocks} <= ids:
            raise CrossSpace(f"{space}: an index-path recall for {query!r} crossed spaces")

    queries = questions(QUERIES)
    for i in range(WARM_UP):
        await recall(queries[i % len(queries)])
    return {"recall": stats(await timed([lambda q=q: recall(q) for q in queries]))}


async def run(tenants: int, per_tenant: int, small: int, *, keep: bool) -> dict[str, Any]:
    database = await open_database()
    pid = local_server_pid(database)
    prefix = f"bench-tenants-{int(time.time())}"
    alone_space, among_space = f"{prefix}-a", f"{prefix}-b"
    crowd = [f"{prefix}-crowd-{t:03d}" for t in range(tenants)]
    report: dict[str, Any] = {
        "machine": await describe(database),
        "tenants": tenants,
        "per_tenant": per_tenant,
        "small": small,
    }
    try:
        await ensure_vector_index(database, DIMENSIONS)
        report["alone_dream_s"] = await learn_and_dream(database, alone_space, small)
        alone_ids = await space_ids(database, alone_space)
        await settle(pid)
        report["alone"] = await reads(database, alone_space, alone_ids)
        report["alone_index_path"] = await index_path_reads(database, alone_space, alone_ids)
        print(f"alone: {report['alone']}", flush=True)
        started = time.perf_counter()
        for t, name in enumerate(crowd):
            await build_crowd(database, name, per_tenant, offset=(t + 1) * 10 * per_tenant)
            print(f"  crowd {t + 1}/{tenants}", flush=True)
        report["crowd_build_s"] = time.perf_counter() - started
        report["settle_s"] = await settle(pid, longest=1800.0)
        report["among_same"] = await reads(database, alone_space, alone_ids)
        report["among_index_path"] = await index_path_reads(database, alone_space, alone_ids)
        report["among_dream_s"] = await learn_and_dream(database, among_space, small)
        among_ids = await space_ids(database, among_space)
        report["among_new"] = await reads(database, among_space, among_ids)
        report["cross_space_answers"] = 0  # every answer was checked; a crossing raises
        return report
    finally:
        if not keep:
            for name in [alone_space, among_space, *crowd]:
                await drop_space(database, name)
        await database.close()


def markdown(report: dict[str, Any]) -> str:
    def pair(figures: dict[str, float] | None) -> str:
        return f"{figures['p50_ms']:.1f} / {figures['p95_ms']:.1f}" if figures else "–"

    def row(label: str, figures: dict[str, Any], dream: float | None) -> str:
        seconds = f"{dream:.2f}" if dream is not None else "–"
        return (
            f"| {label} | {pair(figures['recall'])} | {pair(figures.get('queryless'))} "
            f"| {seconds} |"
        )

    crowd = report["tenants"] * report["per_tenant"]
    alone, same = report["alone"]["recall"]["p50_ms"], report["among_same"]["recall"]["p50_ms"]
    return "\n".join(
        [
            f"{machine_line(report['machine'])}; mock embedder; a {report['small']:,}-block "
            f"space alone, then among {report['tenants']} spaces × {report['per_tenant']:,} "
            f"blocks ({crowd:,}); crowd written in {report['crowd_build_s']:.0f} s, server "
            f"idle {report['settle_s']:.0f} s later.",
            "",
            "| small space | recall p50 / p95 ms | queryless p50 / p95 ms | dream s |",
            "|---|---:|---:|---:|",
            row("alone", report["alone"], report["alone_dream_s"]),
            row("alone, index path (before)", report["alone_index_path"], None),
            row("the same space among the crowd", report["among_same"], None),
            row("among the crowd, index path (before)", report["among_index_path"], None),
            row(
                "a new space learned among the crowd", report["among_new"], report["among_dream_s"]
            ),
            "",
            f"Recall among / alone: {same / alone:.2f}×; dream among / alone: "
            f"{report['among_dream_s'] / report['alone_dream_s']:.2f}×; answers that crossed "
            f"spaces: {report['cross_space_answers']}.",
        ]
    )


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks tenants", description=__doc__)
    parser.add_argument("--tenants", type=int, default=20)
    parser.add_argument("--per-tenant", default="10k")
    parser.add_argument("--small", default="1k")
    parser.add_argument("--out", type=Path, default=RESULTS / "tenants.json")
    parser.add_argument("--no-doc", action="store_true", help="write only the JSON")
    parser.add_argument("--keep", action="store_true", help="leave the spaces in the graph")
    args = parser.parse_args(argv)
    report = anyio.run(
        lambda: run(args.tenants, size_arg(args.per_tenant), size_arg(args.small), keep=args.keep)
    )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2), encoding="utf-8")
    table = markdown(report)
    print()
    print(table)
    if not args.no_doc:
        write_doc_section(DOC, START, END, table)
        print(f"updated {DOC}")
