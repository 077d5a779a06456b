"""`python -m benchmarks tenants`: a small space among many big ones in one database,
against the same space alone on a server of its own (issue 18).

    ELFGRAPH_NEO4J_HOME=/tmp/crowd elfgraph neo4j start
    ELFGRAPH_NEO4J_HOME=/tmp/alone elfgraph neo4j start
    ELFGRAPH_NEO4J_HOME=/tmp/crowd python -m benchmarks tenants --alone-home /tmp/alone \
        --tenants 8 --per-tenant 10k --small 1k [--no-doc] [--keep] [--reuse-crowd PREFIX]
        [--drop-one]

Two fresh local servers (no NEO4J_URI in the environment): the crowd server gets
`--tenants` spaces of `--per-tenant` blocks each, written straight into the graph as dream
leaves them (benchmarks/curate.py's rows: random unit 384-d embeddings, sketches, ~2.5
edges a block, vectors of its own for each tenant); the alone server holds nothing else.
After both are idle (Lucene merges the vector index's segments after a bulk load), each
server dreams a 1,000-block space unmeasured (its first dream plans and compiles the write
path), then the same small space (`--small` facts, mock embedder) is learned and dreamed on
each, in the order alone, crowd, crowd, alone (two spaces a server; dream seconds of each);
then each
query goes to the space on one server and then the other (the order alternating), so
the machine's load falls on both alike: recall with a query (the vector leg from the
process's vector cache), queryless recall, and two earlier strategies of the vector leg for
comparison: on the server, by the shared index or an exact scan of the space, whichever
costs less (before the cache), and by the shared index with its learned over-fetch alone
(before small spaces were scanned). Every answer is checked to
hold only the asking space's blocks. Then a MemorySystem is opened anew on the small space,
FRESH_OPENS times on each server, for its first and second recall (warm start). One crowd
space's own recall is timed with the default configuration (a space past the vector cache
takes the server's path) and with the cache raised to hold it, with how long each
MemorySystem took to open. With `--drop-one`, that crowd space is then dropped and recall
on both servers is timed for a minute after it, by windows of ten seconds, against the
same recalls just before (the crowd is one space smaller afterwards). `--reuse-crowd
PREFIX` measures against the crowd spaces an earlier run left on the crowd server
(`--keep`, or a build that was stopped) instead of building one. Results:
benchmarks/results/tenants.json and a table in docs/BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path
from typing import Any

import anyio

from benchmarks.corpus import facts
from benchmarks.curate import (
    BUILD_BATCH,
    CREATE_BLOCKS,
    DIMENSIONS,
    NOW,
    _write,
    block_rows,
    edge_rows,
    local_server_pid,
    settle,
    write_edges,
)
from benchmarks.machine import describe, machine_line
from benchmarks.publish import publish
from benchmarks.read_path import questions
from benchmarks.scale import size_arg
from benchmarks.tenant_reads import (
    AFTER_DROP_S,
    DROP_WINDOW_S,
    FRESH_OPENS,
    after_drop,
    crowd_space_recall,
    fresh_recalls,
    interleaved,
    opened,
)
from elfgraph.config.connection import Settings
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import drop_space, open_space
from elfgraph.spaces.vector_index import ensure_vector_index
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction

WARM_UP = 50
QUERIES = 200
QUERYLESS = 50
WARM_DREAM = 1_000  # blocks of the unmeasured dream each server runs first


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
    await write_edges(database, space, edges, size, first=offset)
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


async def _a_crowd_space(tx: Transaction, prefix: str) -> str | None:
    query = "MATCH (s:Space) WHERE s.name STARTS WITH $prefix RETURN s.name AS name LIMIT 1"
    record = await (await tx.driver_tx.run(query, prefix=prefix)).single()
    return str(record["name"]) if record else None


async def _crowd_counts(tx: Transaction, prefix: str) -> tuple[int, int]:
    query = (
        "MATCH (b:Block) WHERE b.space STARTS WITH $prefix AND b.status = 'active' "
        "RETURN count(DISTINCT b.space) AS spaces, count(b) AS blocks"
    )
    record = await (await tx.driver_tx.run(query, prefix=prefix)).single()
    return (int(record["spaces"]), int(record["blocks"])) if record else (0, 0)


async def run(
    crowd_db: Database,
    alone_db: Database,
    tenants: int,
    per_tenant: int,
    small: int,
    *,
    reuse: str | None = None,
    drop_one: bool = False,
) -> tuple[dict[str, Any], list[tuple[Database, str]]]:
    """`reuse`: the name prefix of a crowd an earlier run left (`--keep`, or a stopped
    build): measured as it is, not built. `drop_one`: then drop one crowd space and time
    recall right after (the crowd is one space smaller afterwards)."""
    prefix = f"bench-tenants-{int(time.time())}"
    made: list[tuple[Database, str]] = []
    report: dict[str, Any] = {
        "machine": await describe(crowd_db),
        "tenants": tenants,
        "per_tenant": per_tenant,
        "small": small,
    }
    await ensure_vector_index(crowd_db, DIMENSIONS)
    await ensure_vector_index(alone_db, DIMENSIONS)
    started = time.perf_counter()
    if reuse is None:
        for t in range(tenants):
            name = f"{prefix}-crowd-{t:03d}"
            made.append((crowd_db, name))
            await build_crowd(crowd_db, name, per_tenant, offset=(t + 1) * 10 * per_tenant)
            print(f"  crowd {t + 1}/{tenants}", flush=True)
        report["crowd_build_s"] = time.perf_counter() - started
    else:
        spaces, blocks = await crowd_db.read(_crowd_counts, reuse)
        report.update(tenants=spaces, crowd_blocks=blocks, crowd_build_s=None, reused=reuse)
    report["settle_s"] = await settle(local_server_pid(crowd_db), longest=1800.0)
    # One unmeasured dream on each server first: the first dream a server runs plans every
    # statement of the write path, which the measured ones should not pay.
    for database in (alone_db, crowd_db):
        made.append((database, f"{prefix}-warm"))
        await learn_and_dream(database, f"{prefix}-warm", WARM_DREAM)
    dreams: dict[str, list[float]] = {"alone": [], "among": []}
    for label, database, name in [
        ("alone", alone_db, f"{prefix}-a"),
        ("among", crowd_db, f"{prefix}-a"),
        ("among", crowd_db, f"{prefix}-b"),
        ("alone", alone_db, f"{prefix}-b"),
    ]:
        made.append((database, name))
        dreams[label].append(await learn_and_dream(database, name, small))
    report["dream_s"] = dreams
    alone, alone_recalls = await opened(alone_db, f"{prefix}-a")
    among, among_recalls = await opened(crowd_db, f"{prefix}-a")
    try:
        queries: list[str | None] = list(questions(QUERIES))
        warm = {"alone": alone_recalls[""], "among": among_recalls[""]}
        await interleaved(warm, queries[:WARM_UP])
        report["recall"] = await interleaved(
            {
                f"{where}{path}": recalls[path]
                for where, recalls in (("alone", alone_recalls), ("among", among_recalls))
                for path in recalls
            },
            queries,
        )
        report["queryless"] = await interleaved(warm, [None] * QUERYLESS)
        report["fresh"] = await fresh_recalls(
            {"alone": alone_db, "among": crowd_db}, f"{prefix}-a", questions(2 * FRESH_OPENS)
        )
        crowd_prefix = reuse if reuse is not None else f"{prefix}-crowd-"
        big = await crowd_db.read(_a_crowd_space, crowd_prefix)
        if big is not None:
            report["crowd_space"] = await crowd_space_recall(crowd_db, big, queries, WARM_UP)
        victim = big if drop_one else None
        if victim is not None:
            report["after_drop"] = await after_drop(crowd_db, victim, warm, queries[:WARM_UP])
            made = [(database, name) for database, name in made if name != victim]
    finally:
        await alone.close()
        await among.close()
    report["cross_space_answers"] = 0  # every answer was checked; a crossing raises
    return report, made


def pair(figures: dict[str, float] | None) -> str:
    """p50 / p95 of one latency summary, in ms."""
    return f"{figures['p50_ms']:.1f} / {figures['p95_ms']:.1f}" if figures else "–"


def render(report: dict[str, Any], images: Path) -> str:
    return markdown(report)


def markdown(report: dict[str, Any]) -> str:
    recall, queryless, dreams = report["recall"], report["queryless"], report["dream_s"]
    crowd = report.get("crowd_blocks") or report["tenants"] * report["per_tenant"]
    built = (
        f"crowd written in {report['crowd_build_s']:.0f} s"
        if report.get("crowd_build_s") is not None
        else "a crowd an earlier run left (--reuse-crowd)"
    )

    def ratio(a: dict[str, float], b: dict[str, float]) -> str:
        return f"{a['p50_ms'] / b['p50_ms']:.2f}×"

    def median(values: list[float]) -> float:
        return statistics.median(values)

    return "\n".join(
        [
            f"{made(report)}{machine_line(report['machine'])}; mock embedder; a "
            f"{report['small']:,}-block "
            f"space on a server of its own and among {report['tenants']} spaces of up to "
            f"{report['per_tenant']:,} blocks ({crowd:,} active) on another; {built}, "
            f"server idle {report['settle_s']:.0f} s later; "
            "queries interleaved between the two.",
            "",
            "| small space | recall p50 / p95 ms (vector cache) | same, on the server: index "
            "or scan (before) | same, shared index only (before that) | queryless p50 / p95 ms "
            "| dream s (two runs) |",
            "|---|---:|---:|---:|---:|---:|",
            f"| alone | {pair(recall['alone'])} | {pair(recall['alone_server'])} "
            f"| {pair(recall['alone_index'])} "
            f"| {pair(queryless['alone'])} | {' / '.join(f'{d:.2f}' for d in dreams['alone'])} |",
            f"| among the crowd | {pair(recall['among'])} | {pair(recall['among_server'])} "
            f"| {pair(recall['among_index'])} "
            f"| {pair(queryless['among'])} | {' / '.join(f'{d:.2f}' for d in dreams['among'])} |",
            "",
            f"Among / alone, p50: recall {ratio(recall['among'], recall['alone'])}"
            f" (on the server: {ratio(recall['among_server'], recall['alone_server'])},"
            " shared index: "
            f"{ratio(recall['among_index'], recall['alone_index'])}),"
            f" queryless {ratio(queryless['among'], queryless['alone'])}, "
            f"dream {median(dreams['among']) / median(dreams['alone']):.2f}×; answers that "
            f"crossed spaces: {report['cross_space_answers']}.",
            *fresh_lines(report.get("fresh")),
            *crowd_space_lines(report.get("crowd_space")),
            *after_drop_lines(report.get("after_drop")),
        ]
    )


def made(report: dict[str, Any]) -> str:
    command = report.get("command")
    return f"`{command}` on " if command else ""


def fresh_lines(fresh: dict[str, Any] | None) -> list[str]:
    if not fresh:
        return []
    cells = "; ".join(
        f"{label} {figures['first']['p50_ms']:.1f} / {figures['second']['p50_ms']:.1f}"
        for label, figures in fresh.items()
    )
    return [
        "",
        f"A MemorySystem just opened ({FRESH_OPENS} each), first / second recall p50 ms: {cells}.",
    ]


def crowd_space_lines(crowd: dict[str, Any] | None) -> list[str]:
    if not crowd:
        return []
    recall, open_s = crowd["recall"], crowd["open_s"]
    return [
        "",
        f"A crowd space's own recall ({crowd['blocks']:,} blocks; the vector cache held "
        f"{crowd['vector_cache_blocks']:,} by default then), p50 / p95 ms: default "
        f"{pair(recall['default'])} (opened in {open_s['default']:.2f} s); with the cache "
        f"raised to hold it {pair(recall['cache_raised'])} "
        f"(opened in {open_s['cache_raised']:.2f} s).",
    ]


def after_drop_lines(dropped: dict[str, Any] | None) -> list[str]:
    if not dropped:
        return []
    before = dropped["before"]
    header = "| recall p50 / p95 ms | alone | among the crowd |"
    rows = [f"| before | {pair(before['alone'])} | {pair(before['among'])} |"]
    for w in dropped["windows"]:
        rows.append(
            f"| {w['from_s']:.0f}-{w['from_s'] + DROP_WINDOW_S:.0f} s after the drop "
            f"| {pair(w['alone'])} | {pair(w['among'])} |"
        )
    return [
        "",
        f"One crowd space dropped ({dropped['nodes_deleted']:,} nodes in "
        f"{dropped['drop_s']:.1f} s), then recall timed for {AFTER_DROP_S:.0f} s:",
        "",
        header,
        "|---|---:|---:|",
        *rows,
    ]


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    crowd_db = await open_database()
    alone_db = await open_database(Settings(neo4j_uri=None, neo4j_home=args.alone_home))
    made: list[tuple[Database, str]] = []
    try:
        if crowd_db.uri == alone_db.uri:
            raise SystemExit("--alone-home must name another server than the crowd's")
        report, made = await run(
            crowd_db,
            alone_db,
            args.tenants,
            size_arg(args.per_tenant),
            size_arg(args.small),
            reuse=args.reuse_crowd,
            drop_one=args.drop_one,
        )
        return report
    finally:
        if not args.keep:
            for database, name in made:
                await drop_space(database, name)
        await crowd_db.close()
        await alone_db.close()


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks tenants", description=__doc__)
    parser.add_argument("--alone-home", type=Path, required=True, help="the other server")
    parser.add_argument("--tenants", type=int, default=20)
    parser.add_argument("--per-tenant", default="10k")
    parser.add_argument("--small", default="1k")
    parser.add_argument("--out", type=Path, help="write only this file (not the kept result)")
    parser.add_argument("--no-doc", action="store_true", help="leave docs/BENCHMARKS.md alone")
    parser.add_argument("--keep", action="store_true", help="leave the spaces in the graph")
    parser.add_argument(
        "--reuse-crowd",
        metavar="PREFIX",
        help="measure against the crowd spaces named PREFIX… that an earlier run left, unbuilt",
    )
    parser.add_argument(
        "--drop-one",
        action="store_true",
        help=f"drop one crowd space and time recall for {AFTER_DROP_S:.0f} s after it",
    )
    args = parser.parse_args(argv)
    report = anyio.run(main_async, args)
    print(markdown(report))
    publish("tenants", report, argv, out=args.out, doc=not args.no_doc)
