"""`python -m benchmarks curate`: curate() on a built space, the catch-up run and the
scheduled run 40 active hours later, by phase.

    python -m benchmarks curate [--sizes 1000 10000] [--repeats 3]
    python -m benchmarks curate --sizes 100000 --repeats 1 --edges-per-block 5
    python -m benchmarks curate --sizes 1000000 --repeats 1 --edges-per-block 5 --no-embeddings

Each run builds a fresh space straight in the graph (not through dream, which would take
~5 min per 100k): N active blocks with 384-dimension embeddings and sketches, as
consolidation leaves them, and edges to the next blocks (`--edges-per-block`: 2.5 by default,
degree ~5; 5 gives degree 10, 500k edges at 100k). It ages the space to 400 active hours,
last curated at 360: 10 % of the blocks decayed (reinforced last at hour 0), 2 % of the
edges weak (static prune), 20 % anchored at hour 0 (most of them decay), 5 % the agent's,
one constitutional block per 5,000. It waits until the server is idle (after a bulk load
Lucene merges the vector index's segments for minutes at a full core, and a curate timed
meanwhile measures the merge), then times one `curate_space` call (what
`MemorySystem.curate()` and `elfgraph curate` run) with each phase: the catch-up. Then the
clock moves 40 active hours on and it times the next call: what a space curated on schedule
pays. One warm-up run of 2,000 blocks first. `--no-embeddings` builds blocks without vectors:
curate reads none, and a 1M build would spend an hour on the vector index. Results:
benchmarks/results/curate.json and a table in docs/BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import statistics
import sys
import time
import uuid
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import anyio
import numpy as np

from benchmarks.corpus import facts
from benchmarks.figures import percentile
from benchmarks.machine import describe
from benchmarks.publish import header, publish
from benchmarks.scale_log import process_cpu_seconds
from elfgraph.config.connection import load_settings
from elfgraph.config.memory import MemoryConfig
from elfgraph.core.sketch import sketch
from elfgraph.curation.models import PHASES, CurateResult
from elfgraph.curation.run import curate_space
from elfgraph.neo4j_server import LocalNeo4j
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import drop_space, open_space
from elfgraph.spaces.vector_index import ensure_vector_index
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction, queries_run

DIMENSIONS = 384
BUILD_BATCH = 2_000
NOW = 400.0

CREATE_BLOCKS = """
UNWIND $rows AS row
CREATE (b:Block {space: $space, id: row.id})
SET b += row.props
FOREACH (_ IN CASE WHEN row.constitutional THEN [1] ELSE [] END | SET b:Self)
"""
CREATE_EDGES = """
UNWIND $rows AS row
MATCH (a:Block {space: $space, id: row.a}), (b:Block {space: $space, id: row.b})
CREATE (a)-[r:$(row.type)]->(b)
SET r += row.props
"""


async def _write(tx: Transaction, query: str, params: dict[str, Any]) -> None:
    await (await tx.driver_tx.run(query, params)).consume()


async def raw_rows(tx: Transaction, query: str, params: dict[str, Any]) -> list[dict[str, Any]]:
    """Run a benchmark's own Cypher (set-ups, probes) and return its records as dicts."""
    result = await tx.driver_tx.run(query, params)
    return [dict(record) async for record in result]


def block_rows(
    texts: list[str], start: int, rng: random.Random, *, embeddings: bool = True
) -> list[dict[str, Any]]:
    """Active blocks as consolidation leaves them; without `embeddings`, no vector (curate
    never reads one) and so no insert into the vector index, which bounds a build at 1M."""
    vectors = np.random.default_rng(start).standard_normal((len(texts), DIMENSIONS))
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    rows = []
    for offset, (text, vector) in enumerate(zip(texts, vectors, strict=True)):
        i = start + offset
        constitutional = i % 5_000 == 1
        props: dict[str, Any] = {
            "content": text,
            "summary": text,
            "status": "active",
            "category": "knowledge",
            "source": "benchmark",
            "tags": ["self/constitutional"] if constitutional else [],
            "created_at": "2026-01-01T00:00:00+00:00",
            "token_count": len(text) // 4,
            "confidence": rng.uniform(0.3, 0.9),
            "self_alignment": 0.5,
            "reinforcement_count": rng.randint(1, 20),
            "decay_lambda": 0.00001 if constitutional else 0.01,
            "last_reinforced_at": 0.0 if i % 10 == 0 else rng.uniform(150.0, NOW),
            "embedding_model": "mock-hash-384",
            "sketch": sketch(vector),
        }
        if embeddings:
            props["embedding"] = vector.tolist()
        rows.append({"id": f"{i:016x}", "constitutional": constitutional, "props": props})
    return rows


def edge_steps(i: int, per_block: float) -> range:
    """Which later blocks block i links to: the next ⌊per_block⌋, and every other block one
    more when per_block has a half (2.5: the next two, every other block the third)."""
    whole = int(per_block)
    extra = 1 if per_block - whole >= 0.5 and i % 2 == 0 else 0
    return range(1, whole + extra + 1)


def edge_count(size: int, per_block: float = 2.5) -> int:
    """How many rows edge_rows gives, without making them."""
    return sum(len(edge_steps(i, per_block)) for i in range(size))


def edge_rows(size: int, rng: random.Random, per_block: float = 2.5) -> list[dict[str, Any]]:
    """Each block to the next few (edge_steps): degree 2·per_block on average."""
    return list(iter_edge_rows(size, rng, per_block))


def iter_edge_rows(
    size: int, rng: random.Random, per_block: float = 2.5
) -> Iterator[dict[str, Any]]:
    """edge_rows one at a time: 5M rows at 1M blocks would hold gigabytes as a list."""
    for i in range(size):
        for step in edge_steps(i, per_block):
            a, b = sorted((f"{i:016x}", f"{(i + step) % size:016x}"))
            draw = rng.random()
            agent = draw < 0.05
            weak = 0.05 <= draw < 0.07
            yield (
                {
                    "a": a,
                    "b": b,
                    "type": "SUPPORTS" if agent else "SIMILAR",
                    "props": {
                        "relation": "supports" if agent else "similar",
                        "origin": "agent" if agent else "similarity",
                        "weight": 0.05 if weak else rng.uniform(0.45, 0.8),
                        "reinforcement_count": 0 if weak else rng.randint(0, 12),
                        "created_at": "2026-01-01T00:00:00+00:00",
                        "last_active_hours": 0.0 if draw > 0.8 else rng.uniform(200.0, NOW),
                    },
                }
            )


# What every writer of edges keeps on the space node (docs/BEHAVIOUR.md §9.5) and migration
# 0036 gives an older database; code without it ignores the property.
COUNT_EDGES = """
MATCH (s:Space {name: $space})
SET s.edge_count = COUNT {
  MATCH (a:Block)-[]->(:Block) WHERE a.space = $space AND a.status = 'active'
}
"""
# What every writer of edges keeps on a block (docs/BEHAVIOUR.md §9.2, §9.3) and migrations
# 0030, 0031 and 0033 give an older database: its weighted degree, the earliest hour one of
# its edges falls below the prune threshold, and the hour its recency falls below the
# archive threshold. Code without them ignores the properties.
RECOUNT_DEGREES = """
MATCH (x:Block)
WHERE x.space = $space AND x.id >= $low AND x.id < $high
SET x.weighted_degree = reduce(total = 0.0, strength IN COLLECT {
  MATCH (x)-[e]-(:Block)
  RETURN coalesce(e.weight, 0.0) + 0.1 * log(1 + coalesce(e.reinforcement_count, 0)) AS strength
  ORDER BY strength
} | total + strength),
    x.edge_due_hours = coalesce(COLLECT {
  MATCH (x)-[e]->(o:Block)
  WHERE coalesce(e.origin, '') <> 'agent'
  WITH e, 0.5 * CASE WHEN coalesce(e.reinforcement_count, 0) >= 10 THEN 0.5 ELSE 1.0 END
             * CASE WHEN coalesce(x.decay_lambda, 0.01) < coalesce(o.decay_lambda, 0.01)
                    THEN coalesce(x.decay_lambda, 0.01) ELSE coalesce(o.decay_lambda, 0.01) END
             AS rate
  RETURN min(CASE WHEN e.weight < 0.1 AND (coalesce(e.reinforcement_count, 0) = 0
                                        OR e.last_active_hours IS NOT NULL) THEN -1.0e18
                  WHEN e.last_active_hours IS NULL OR rate <= 0.0 THEN null
                  ELSE e.last_active_hours + log(e.weight / 0.1) / rate - 0.001 END) AS due
  }[0], 1.0e18),
    x.archive_due_hours = CASE WHEN coalesce(x.decay_lambda, 0.01) > 0.0
      THEN x.last_reinforced_at + log(20.0) / coalesce(x.decay_lambda, 0.01) - 0.001
      ELSE 1.0e18 END
"""


async def write_edges(
    database: Database, space: str, edges: Iterable[dict[str, Any]], size: int, first: int = 0
) -> None:
    """The edges in batches, then the kept weighted degree of blocks `first` to
    `first + size` recounted and the space's edge count, as every writer of edges leaves
    them."""
    rows = iter(edges)
    while batch := list(itertools.islice(rows, 10_000)):
        await database.write(_write, CREATE_EDGES, {"space": space, "rows": batch})
    for start in range(first, first + size, 10_000):
        bounds = {"low": f"{start:016x}", "high": f"{start + 10_000:016x}"}
        await database.write(_write, RECOUNT_DEGREES, {"space": space, **bounds})
    await database.write(_write, COUNT_EDGES, {"space": space})


async def build(
    database: Database,
    space: str,
    size: int,
    per_block: float = 2.5,
    *,
    embeddings: bool = True,
) -> None:
    rng = random.Random(size)
    await ensure_vector_index(database, DIMENSIONS)
    await open_space(database, space)
    texts = facts(size, duplicate_share=0.0, unique=True)
    for start in range(0, size, BUILD_BATCH):
        rows = block_rows(texts[start : start + BUILD_BATCH], start, rng, embeddings=embeddings)
        await database.write(_write, CREATE_BLOCKS, {"space": space, "rows": rows})
    await write_edges(database, space, iter_edge_rows(size, rng, per_block), size)
    await database.write(
        _write,
        "MATCH (s:Space {name: $space}) SET s.total_active_hours = $now, s.last_curate_at = $last",
        {"space": space, "now": NOW, "last": NOW - 40.0},
    )


async def settle(
    pid: int | None, *, idle_share: float = 0.1, longest: float = 600.0, quiet: float = 10.0
) -> float:
    """Wait until the local server is idle: Lucene merges the vector index's segments in
    the background after a bulk load, at a full core for minutes at 100k blocks, and a
    curate timed meanwhile would measure the merge. Idle means below `idle_share` of a core
    for `quiet` seconds in a row (2 s samples): a merge can start a few seconds after the
    last write, and a single quiet sample let the reads meet it. Returns the seconds waited."""
    if pid is None or not os.path.exists(f"/proc/{pid}/stat"):  # noqa: ASYNC240
        return 0.0
    started = time.monotonic()
    quiet_since: float | None = None
    while time.monotonic() - started < longest:
        before = process_cpu_seconds(pid)
        sampled_from = time.monotonic()
        await anyio.sleep(2.0)
        if process_cpu_seconds(pid) - before >= 2.0 * idle_share:
            quiet_since = None
            continue
        quiet_since = sampled_from if quiet_since is None else quiet_since
        if time.monotonic() - quiet_since >= quiet:
            break
    return time.monotonic() - started


def local_server_pid(database: Database) -> int | None:
    """The pid of `elfgraph neo4j start`'s server (ELFGRAPH_NEO4J_HOME's) when that is the
    one we talk to; else None, said on stderr: `settle` then cannot wait for the server."""
    home = load_settings().neo4j_home
    status = LocalNeo4j(home).status()
    if status.running and status.bolt_uri == database.uri:
        return status.pid
    print(
        f"note: {database.uri} is not the local server in {home}, so the benchmark cannot "
        "see its CPU and will not wait for it to settle between runs (set "
        "ELFGRAPH_NEO4J_HOME to the folder of the server you started).",
        file=sys.stderr,
    )
    return None


async def one_run(
    database: Database,
    size: int,
    *,
    server_pid: int | None = None,
    per_block: float = 2.5,
    embeddings: bool = True,
) -> dict[str, Any]:
    space = f"bench-curate-{uuid.uuid4().hex[:8]}"
    try:
        started = time.perf_counter()
        await build(database, space, size, per_block, embeddings=embeddings)
        build_seconds = time.perf_counter() - started
        settle_seconds = await settle(server_pid)
        trips = queries_run()
        seconds, phases, result = await timed_curate(database, space)
        trips = queries_run() - trips
        # The next run, curate_interval_hours later: what a space curated on schedule pays.
        await database.write(
            _write,
            "MATCH (s:Space {name: $space}) SET s.total_active_hours = $now",
            {"space": space, "now": NOW + 40.0},
        )
        next_seconds, next_phases, next_result = await timed_curate(database, space)
        return {
            "size": size,
            "edges_before": edge_count(size, per_block),
            "embeddings": embeddings,
            "build_seconds": build_seconds,
            "settle_seconds": settle_seconds,
            "seconds": seconds,
            "phases": phases,
            "round_trips": trips,
            "result": result.to_dict(),
            "next_seconds": next_seconds,
            "next_phases": next_phases,
            "next_result": next_result.to_dict(),
            "at": datetime.now(UTC).isoformat(timespec="seconds"),
        }
    finally:
        await drop_space(database, space)


async def timed_curate(
    database: Database, space: str
) -> tuple[float, dict[str, float], CurateResult]:
    """One curate_space call: its seconds, each phase's, and its result."""
    marks: list[tuple[str, float]] = []

    def mark(phase: str) -> None:
        marks.append((phase, time.perf_counter()))

    started = time.perf_counter()
    result = await curate_space(database, space, config=MemoryConfig(), progress=mark)
    seconds = time.perf_counter() - started
    marks.append(("end", time.perf_counter()))
    phases = {phase: after - at for (phase, at), (_, after) in itertools.pairwise(marks)}
    return seconds, phases, result


def summarise(runs: list[dict[str, Any]]) -> dict[str, Any]:
    seconds = [r["seconds"] for r in runs]
    last = runs[-1]["result"]
    return {
        "seconds_median": statistics.median(seconds),
        "seconds_p95": percentile(seconds, 0.95),
        "phases_median": {
            phase: statistics.median(r["phases"].get(phase, 0.0) for r in runs)
            for phase in runs[0]["phases"]
        },
        "next_seconds_median": statistics.median(r.get("next_seconds", 0.0) for r in runs),
        "next_phases_median": {
            phase: statistics.median(r.get("next_phases", {}).get(phase, 0.0) for r in runs)
            for phase in runs[0].get("next_phases", {})
        },
        "round_trips": runs[-1]["round_trips"],
        "archived": last["archived"],
        "edges_pruned": last["edges_pruned"],
        "edges_decayed": last["edges_decayed"],
        "total_edges_after": last["total_edges_after"],
        "edges_before": runs[-1]["edges_before"],
    }


async def measure(
    sizes: list[int], repeats: list[int], per_block: float = 2.5, *, embeddings: bool = True
) -> dict[str, Any]:
    database = await open_database()
    try:
        report: dict[str, Any] = {"machine": await describe(database), "results": []}
        pid = local_server_pid(database)
        await one_run(database, 2_000, server_pid=pid)  # warm-up: plans compiled, JIT warm
        for size, count in zip(sizes, repeats, strict=True):
            runs = [
                await one_run(
                    database, size, server_pid=pid, per_block=per_block, embeddings=embeddings
                )
                for _ in range(count)
            ]
            summary = summarise(runs)
            report["results"].append({"size": size, "repeats": count, **summary, "runs": runs})
            print(
                f"{size:>7}: curate median {summary['seconds_median']:.2f} s, "
                f"p95 {summary['seconds_p95']:.2f} s, {summary['round_trips']} round trips; "
                f"the next run 40 h later {summary['next_seconds_median']:.2f} s",
                flush=True,
            )
        return report
    finally:
        await database.close()


def table(report: dict[str, Any]) -> str:
    lines = [
        "| blocks | edges | archived | pruned | decayed | runs | curate s (median / p95) "
        f"| {' / '.join(PHASES)} s (median) | round trips "
        "| next run, 40 h later, s (median) |",
        "|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|",
    ]
    for r in report["results"]:
        p = r["phases_median"]
        phases = " / ".join(f"{p.get(n, 0.0):.2f}" for n in PHASES)
        lines.append(
            f"| {r['size']:,} | {r['edges_before']:,} | {r['archived']:,} | "
            f"{r['edges_pruned']:,} | {r['edges_decayed']:,} | {r['repeats']} | "
            f"{r['seconds_median']:.2f} / {r['seconds_p95']:.2f} | {phases} | "
            f"{r['round_trips']} | {r['next_seconds_median']:.2f} |"
        )
    return "\n".join(lines)


def render(report: dict[str, Any], images: Path) -> str:
    return "\n".join([header(report), "", table(report)])


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks curate", description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument(
        "--repeats", type=int, nargs="+", default=[3], help="one for every size, or one each"
    )
    parser.add_argument("--edges-per-block", type=float, default=2.5)
    parser.add_argument(
        "--no-embeddings",
        action="store_true",
        help="blocks without vectors: curate reads none, and a 1M build skips the vector index",
    )
    parser.add_argument("--out", type=Path, help="write only this file (not the kept result)")
    parser.add_argument("--no-doc", action="store_true", help="leave docs/BENCHMARKS.md alone")
    args = parser.parse_args(argv)
    repeats = args.repeats * len(args.sizes) if len(args.repeats) == 1 else args.repeats
    if len(repeats) != len(args.sizes) or min(repeats) < 1:
        parser.error("--repeats takes one count (at least 1) for every size, or one for each")
    report = anyio.run(
        lambda: measure(
            args.sizes, repeats, args.edges_per_block, embeddings=not args.no_embeddings
        )
    )
    print(table(report))
    publish("curate", report, argv, out=args.out, doc=not args.no_doc)
