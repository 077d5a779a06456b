"""`python -m benchmarks scale`: how each figure grows with the space (issue 18).

    python -m benchmarks scale [--sizes 1k,10k] [--no-session] [--no-doc]
    python -m benchmarks scale --sizes 1m --log /tmp/scale-1m.jsonl --settle-max 300
    python -m benchmarks scale --sizes 100k --no-recall --out /tmp/a.json   # an A/B run

For each size, one fresh space on the configured Neo4j (run it against a server of its own,
ELFGRAPH_NEO4J_HOME=…): learn_many in batches of 5,000 inside one session (so every block has
a session predecessor for dream to find; blocks/s of each batch), one dream of the whole inbox
in that session with the mock embedder (blocks/s of every chunk, so a step that grows with the
space shows as a falling curve), then, once the server is idle (or after --settle-max seconds:
the table marks those reads ‡), recall p50/p95 with a query, with the vector leg alone and
with the keyword leg alone, queryless recall (the SELF and ATTENTION frames without a query),
the first recall of a freshly opened MemorySystem, curate, recall right after archiving 30 %
of the space as curate archives (benchmarks/scale_deletions.py) and once the server is idle
again, and the drop. The dream's CPU per block, this process's and the local server's (read
from /proc), goes into the JSON for the whole dream and every 10,000 blocks: on a 2-core
machine their sum bounds the rate. Mock vectors are random, so the space has session edges
only. --keep-space leaves each space in place for probes instead of dropping it.

Results: benchmarks/results/scale.json, a table and a plot in docs/BENCHMARKS.md. The sizes a
run does not measure keep their row from the kept result (--earlier, marked with the run
they come from), so the table goes from 1k to 1M while each run measures what it can. With
--out the run is written there alone (an A/B comparison); --no-recall measures the write
path only (learn and dream, no reads, no curate) and writes nothing but --out.

The 1M run needs a server of its own with room for ~10 GB of store and index:
`ELFGRAPH_NEO4J_HOME=/tmp/<yours> elfgraph neo4j start --heap 4g --page-cache 6g`, then
`eval $(ELFGRAPH_NEO4J_HOME=/tmp/<yours> elfgraph neo4j env)`. --log writes one JSON line per
learn batch, per 10,000 blocks dreamed and per step as it goes (benchmarks/scale_log.py), so
a stopped run keeps its figures: --from-log makes its table row from that log.
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import time
import uuid
from pathlib import Path
from typing import Any

import anyio

from benchmarks.corpus import facts
from benchmarks.curate import local_server_pid, settle
from benchmarks.figures import percentile
from benchmarks.machine import describe
from benchmarks.publish import publish, result_path, save
from benchmarks.read_path import questions
from benchmarks.scale_deletions import archive_share
from benchmarks.scale_log import (
    DREAM_EVERY,
    CpuMeter,
    RunLog,
    report_from_log,
    server_memory,
    server_settings,
    with_earlier,
)
from benchmarks.scale_report import cpu_line, markdown
from benchmarks.scale_report import render as render  # the registry's entry point
from elfgraph.config.connection import load_settings
from elfgraph.config.loading import ElfgraphConfig
from elfgraph.config.memory import MemoryConfig, RetrievalConfig
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.neo4j_server.server import LocalNeo4j
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database

LEARN_BATCH = 5_000
WARM_UP = 200
QUERIES = 200
QUERYLESS = 50
DELETED_SHARE = 0.3


def size_arg(text: str) -> int:
    text = text.strip().lower()
    factor = {"k": 1_000, "m": 1_000_000}.get(text[-1:], 1)
    return int(float(text.rstrip("km")) * factor)


def stats(latencies: list[float]) -> dict[str, float]:
    return {"p50_ms": statistics.median(latencies), "p95_ms": percentile(latencies, 0.95)}


async def timed(calls: list[Any]) -> list[float]:
    latencies = []
    for call in calls:
        start = time.perf_counter()
        await call()
        latencies.append(1000 * (time.perf_counter() - start))
    return latencies


async def build(
    memory: MemorySystem,
    size: int,
    *,
    session: bool,
    log: RunLog | None = None,
    server_pid: int | None = None,
) -> dict[str, Any]:
    """learn_many then dream, in one session unless told otherwise; blocks/s of each, and
    the dream's CPU per block, this process's and (given its pid) the server's."""
    log = log or RunLog(None)
    texts = facts(size, duplicate_share=0.0, unique=True)
    if session:
        await memory.begin_session()
    started = time.perf_counter()
    learn_rates: list[tuple[int, float]] = []  # (blocks learned, blocks/s of that batch)
    for start in range(0, size, LEARN_BATCH):
        batch_start = time.perf_counter()
        batch = texts[start : start + LEARN_BATCH]
        await memory.learn_many(batch)
        rate = len(batch) / max(1e-9, time.perf_counter() - batch_start)
        learn_rates.append((start + len(batch), rate))
        log.event("learned", blocks=start + len(batch), blocks_per_s=round(rate, 1))
    learn_seconds = time.perf_counter() - started
    log.event("learn_done", seconds=round(learn_seconds, 2), **footprint())
    chunks: list[tuple[int, float]] = []  # (blocks done, seconds since the dream began)
    dream_start = time.perf_counter()

    logged = [0, 0.0]  # blocks and seconds at the last log line
    stretches = CpuMeter(server_pid)  # CPU per block of each logged stretch
    whole = CpuMeter(server_pid)
    cpu: list[dict[str, Any]] = []

    def progress(done: int, total: int) -> None:
        now = time.perf_counter() - dream_start
        chunks.append((done, now))
        if done - logged[0] >= DREAM_EVERY or (done == total and done > logged[0]):
            rate = (done - logged[0]) / max(1e-9, now - logged[1])
            used = stretches.stretch(done - logged[0])
            cpu.append({"blocks": done, **used})
            log.event(
                "dreamed", blocks=done, seconds=round(now, 2), blocks_per_s=round(rate, 1), **used
            )
            logged[:] = [done, now]

    await memory.dream(progress=progress)
    dream_seconds = time.perf_counter() - dream_start
    dream_cpu = whole.stretch(size)
    log.event("dream_done", seconds=round(dream_seconds, 2), **footprint())
    if session:
        await memory.end_session()
    rates = [
        (done, (done - before) / max(1e-9, t - t_before))
        for (before, t_before), (done, t) in itertools.pairwise(chunks)
    ]
    return {
        "learn_blocks_per_s": size / learn_seconds,
        "learn_batch_rates": learn_rates,
        "dream_blocks_per_s": size / dream_seconds,
        "dream_chunk_rates": rates,
        "dream_cpu": dream_cpu,  # ms per block over the whole dream
        "dream_cpu_stretches": cpu,  # the same per DREAM_EVERY blocks
        "in_session": session,
    }


async def reads(memory: MemorySystem, database: Database, space: str) -> dict[str, Any]:
    queries = questions(QUERIES)
    fresh = await MemorySystem.open(
        space, database=database, embedding_service=MockEmbeddingService()
    )
    first = await timed([lambda: fresh.recall(queries[0]), lambda: fresh.recall(queries[1])])
    first_queryless = await timed([lambda: fresh.recall(None), lambda: fresh.recall(None)])
    await fresh.close()
    for i in range(WARM_UP):
        await memory.recall(queries[i % len(queries)])
    recall = await timed([lambda q=q: memory.recall(q) for q in queries])
    queryless = await timed([lambda: memory.recall(None)] * QUERYLESS)
    self_frame = await timed([lambda: memory.recall(None, frame="self")] * QUERYLESS)
    return {
        "first_recall_ms": first[0],
        "second_recall_ms": first[1],
        "first_queryless_ms": first_queryless[0],
        "recall": stats(recall),
        "queryless": stats(queryless),
        "self": stats(self_frame),
        **await leg_reads(database, space, queries),
    }


async def leg_reads(database: Database, space: str, queries: list[str]) -> dict[str, Any]:
    """Recall with the vector leg alone and with the keyword leg alone (retrieval_legs), each
    from a MemorySystem of its own after a warm-up: which leg a slow recall pays for."""
    out: dict[str, Any] = {}
    for leg in ("vector", "keyword"):
        memory = await MemorySystem.open(
            space,
            database=database,
            config=ElfgraphConfig(
                memory=MemoryConfig(retrieval=RetrievalConfig(retrieval_legs=leg))
            ),
            embedding_service=MockEmbeddingService(),
        )
        try:
            # A space past background_load_blocks loads its caches in the background
            # (~12 s at 100k): timed before that, the legs would be the server's.
            await memory._retriever.loaded()
            for i in range(WARM_UP // 4):
                await memory.recall(queries[i % len(queries)])
            out[f"recall_{leg}_only"] = stats(
                await timed([lambda q=q, m=memory: m.recall(q) for q in queries])
            )
        finally:
            await memory.close()
    return out


async def after_deletions(
    memory: MemorySystem,
    database: Database,
    space: str,
    share: float = DELETED_SHARE,
    *,
    settle_max: float = 600.0,
) -> dict[str, Any]:
    """Archive about `share` of the blocks as curate does, then recall at once and again
    once the server is idle: the vector index keeps deleted vectors until Lucene merges
    its segments."""
    started = time.perf_counter()
    archived = await archive_share(database, space, share)
    seconds = time.perf_counter() - started
    queries = questions(QUERIES)
    right_after = await timed([lambda q=q: memory.recall(q) for q in queries])
    waited = await settle(local_server_pid(database), longest=settle_max)
    settled = await timed([lambda q=q: memory.recall(q) for q in queries])
    return {
        "deleted": archived,
        "delete_seconds": seconds,
        "recall_after_delete": stats(right_after),
        "recall_after_delete_settled": stats(settled),
        "settle_seconds": waited,
    }


def footprint() -> dict[str, float]:
    """This process's resident memory and, when the server is `elfgraph neo4j start`'s, its
    database files on disk (store and transaction logs of every space it holds), in MB."""
    pages = int(Path("/proc/self/statm").read_text(encoding="ascii").split()[1])
    sizes = {"python_rss_mb": pages * os.sysconf("SC_PAGE_SIZE") / 2**20}
    data = LocalNeo4j(load_settings().neo4j_home).home / "data"
    if data.is_dir():
        files = [
            *(data / "databases" / "neo4j").rglob("*"),
            *(data / "transactions" / "neo4j").rglob("*"),
        ]
        sizes["disk_mb"] = sum(f.stat().st_size for f in files if f.is_file()) / 2**20
    return sizes


async def one_size(
    database: Database,
    size: int,
    *,
    session: bool,
    recall: bool = True,
    log: RunLog | None = None,
    settle_max: float = 600.0,
    keep: bool = False,
) -> dict[str, Any]:
    log = log or RunLog(None)
    space = f"bench-scale-{uuid.uuid4().hex[:8]}"
    log.event("size", size=size, space=space)
    memory = await MemorySystem.open(
        space, database=database, embedding_service=MockEmbeddingService()
    )
    result: dict[str, Any] = {"size": size, "space": space}
    server_pid = local_server_pid(database)
    try:
        result.update(await build(memory, size, session=session, log=log, server_pid=server_pid))
        result.update(footprint())
        if recall:
            # a bulk load leaves the server merging index segments: not the reads' cost
            result["settle_before_reads_seconds"] = await settle(server_pid, longest=settle_max)
            # gave up waiting: a 1M dream's last merge can outlast it by half an hour
            result["server_busy_at_reads"] = result["settle_before_reads_seconds"] >= settle_max
            result.update(await reads(memory, database, space))
            log.event("reads", **{k: v for k, v in result.items() if "rate" not in k})
            started = time.perf_counter()
            await memory.curate()
            result["curate_seconds"] = time.perf_counter() - started
            log.event("curated", seconds=round(result["curate_seconds"], 2))
            result.update(await after_deletions(memory, database, space, settle_max=settle_max))
            log.event("after_deletions", **{k: result[k] for k in DELETION_KEYS})
        return result
    finally:
        await memory.close()
        if keep:
            log.event("kept", size=size, space=space)  # left for probes
        else:
            started = time.perf_counter()
            await drop_space(database, space)
            result["drop_seconds"] = time.perf_counter() - started
            log.event("dropped", size=size, seconds=round(result["drop_seconds"], 2), **footprint())


DELETION_KEYS = (
    "deleted",
    "delete_seconds",
    "recall_after_delete",
    "recall_after_delete_settled",
    "settle_seconds",
)


async def run(
    sizes: list[int],
    *,
    session: bool,
    recall: bool = True,
    log: RunLog | None = None,
    settle_max: float = 600.0,
    keep: bool = False,
) -> dict[str, Any]:
    log = log or RunLog(None)
    database = await open_database()
    try:
        report: dict[str, Any] = {"machine": await describe(database), "results": []}
        # The local home's flags when it is the server we talk to, else the server's word.
        report["server"] = server_settings(database.uri) or await server_memory(database)
        log.event("machine", **report["machine"], server=report["server"])
        for size in sizes:
            r = await one_size(
                database,
                size,
                session=session,
                recall=recall,
                log=log,
                settle_max=settle_max,
                keep=keep,
            )
            report["results"].append(r)
            if not recall:
                print(
                    f"{size:>9,}: learn {r['learn_blocks_per_s']:,.0f}/s, dream "
                    f"{r['dream_blocks_per_s']:,.0f}/s (in session: {session}; "
                    f"{cpu_line(r['dream_cpu'])})",
                    flush=True,
                )
                continue
            print(
                f"{size:>9,}: learn {r['learn_blocks_per_s']:,.0f}/s, dream "
                f"{r['dream_blocks_per_s']:,.0f}/s, recall {r['recall']['p50_ms']:.1f}/"
                f"{r['recall']['p95_ms']:.1f} ms, queryless {r['queryless']['p50_ms']:.1f} ms, "
                f"self {r['self']['p50_ms']:.1f} ms, first recall {r['first_recall_ms']:.0f} ms, "
                f"curate {r['curate_seconds']:.2f} s",
                flush=True,
            )
        return report
    finally:
        await database.close()


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks scale", description=__doc__)
    parser.add_argument("--sizes", default="1k,10k", help="comma-separated: 1k,10k,100k,1m")
    parser.add_argument("--no-session", action="store_true", help="learn outside a session")
    parser.add_argument("--no-recall", action="store_true", help="learn and dream only")
    parser.add_argument("--label", default="", help="a name for this run in the JSON")
    parser.add_argument("--out", type=Path, help="write this run alone there, nothing else")
    parser.add_argument("--no-doc", action="store_true", help="leave docs/BENCHMARKS.md alone")
    parser.add_argument("--log", type=Path, help="JSONL written as it goes (a stopped run)")
    parser.add_argument(
        "--earlier", type=Path, help="the rows of other sizes (default: the kept result)"
    )
    parser.add_argument("--settle-max", type=float, default=600.0, help="s to wait for idle")
    parser.add_argument("--keep-space", action="store_true", help="leave the spaces, no drop")
    parser.add_argument("--from-log", type=Path, help="no run: the row of a stopped run's log")
    args = parser.parse_args(argv)
    earlier = args.earlier or (None if args.out else result_path("scale"))
    if args.from_log:
        report = with_earlier(report_from_log(args.from_log), earlier)
        publish("scale", report, argv, out=args.out, doc=not args.no_doc)
        return
    sizes = [size_arg(s) for s in args.sizes.split(",") if s.strip()]
    log = RunLog(args.log)
    report = anyio.run(
        lambda: run(
            sizes,
            session=not args.no_session,
            recall=not args.no_recall,
            log=log,
            settle_max=args.settle_max,
            keep=args.keep_space,
        )
    )
    report["label"] = args.label
    if args.no_recall:  # the write path alone: no row for the table, not the kept result
        if args.out:
            save(report, args.out)
        return
    report = with_earlier(report, earlier)
    print(markdown(report))
    publish("scale", report, argv, out=args.out, doc=not args.no_doc)
