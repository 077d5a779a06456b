"""Curate's edge plan read from the kept due time and from every edge, on one space.

    python -m benchmarks.curate_edge_plan --blocks 100000 --edges-per-block 5 --repeats 5

Builds one space as benchmarks/curate_reads.py does (no embeddings; edges as
benchmarks/curate.py makes them, kept degrees and due times set), then times, alternating
after a warm-up, the edge plan as it was (cypher/curation/edges_to_remove.cypher: every
edge of the space) and as it is (edges_due.cypher: the blocks whose edge_due_hours has
come, and their edges), at two clocks: the benchmark's 400 active hours (a space that
was not curated while 20 % of its edges aged: 13 % decay at once, 10 % of its blocks) and
40 hours after a run that removed them (the edges anchored at hour 0 and the archived
blocks gone: what a space curated on schedule reads). Both plans must be equal. Also
times the archive plan (its reads and
the planning, as curate makes it) from every active block and from the due blocks with the
degree window (archive_due_hours and the degree index, issue 18; both plans must be
equal), the finish's edge count over every edge and from the space's kept edge_count
(equal), and the reinforcement's scores (its read alone, with fixed weights), which still
read every active block.
Read-only after the build but between the two series (the second clock's graph is the
first one's minus the removed edges and the archived blocks); the space is dropped.
"""

from __future__ import annotations

import statistics
import time
import uuid
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

from benchmarks.curate import COUNT_EDGES, NOW, RECOUNT_DEGREES, raw_rows
from benchmarks.curate_reads import build, command_line, timed
from benchmarks.machine import describe, machine_line
from benchmarks.write_path import percentile
from elfgraph.core.scoring import (
    EDGE_DECAY_FACTOR,
    ESTABLISHED_EDGE_COUNT,
    KEPT_ARCHIVE_THRESHOLD,
    KEPT_DUE_THRESHOLD,
)
from elfgraph.curation.archive_inputs import due_plan, full_plan
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import drop_space
from elfgraph.store.cypher import catalog
from elfgraph.store.database import Database

EDGE_COUNT = """
RETURN COUNT { MATCH (a:Block)-[]->(:Block) WHERE a.space = $space AND a.status = 'active' }
  AS total_edges
"""
KEPT_EDGE_COUNT = "MATCH (s:Space {name: $space}) RETURN s.edge_count AS total_edges"
# The reinforcement's read (cypher/curation/reinforce_curated.cypher, without its writes):
# the queryless SELF score of every active block, for the top five.
REINFORCE_SCORES = """
MATCH (b:Block)
WHERE b.space = $space AND b.status = 'active'
WITH b, coalesce(b.reinforcement_count, 0) AS count,
     exp(-coalesce(b.decay_lambda, 0.01)
         * CASE WHEN $now > b.last_reinforced_at THEN $now - b.last_reinforced_at ELSE 0.0 END)
       AS recency,
     coalesce(b.weighted_degree, 0.0) AS degree
WITH collect({b: b, count: count, recency: recency, degree: degree}) AS rows,
     max(degree) AS top_degree, max(count) AS top_count
UNWIND rows AS row
WITH row.b AS b,
     0.3 * coalesce(row.b.confidence, 0.5) + 0.3 * row.recency
     + 0.2 * CASE WHEN top_degree > 0 THEN row.degree / top_degree ELSE 0.0 END
     + 0.2 * CASE WHEN top_count > 0 THEN log(1 + row.count) / log(1 + top_count) ELSE 0.0 END
       AS score
ORDER BY score DESC, b.id
LIMIT 5
RETURN collect(b.id) AS top
"""
DELETE_DECAYED = """
UNWIND $pairs AS pair
MATCH (a:Block {space: $space, id: pair[0]})-[r]->(b:Block {space: $space, id: pair[1]})
DELETE r
"""
ARCHIVE_PLANNED = """
UNWIND $ids AS id
MATCH (b:Block {space: $space, id: id})
SET b.status = 'archived', b.weighted_degree = 0.0, b.edge_due_hours = 1.0e18
WITH b
MATCH (b)-[r]-(:Block)
DELETE r
"""


Variant = tuple[str, dict[str, Any]] | Callable[[], Awaitable[Any]]


async def run_variant(database: Database, variant: Variant) -> tuple[float, Any]:
    """A query text with its parameters, or a read of the code (the archive plans)."""
    if isinstance(variant, tuple):
        return await timed(database, *variant)
    started = time.perf_counter()
    answer = await variant()
    return time.perf_counter() - started, [answer]


async def series(
    database: Database, variants: dict[str, Variant], repeats: int
) -> tuple[dict[str, list[float]], dict[str, Any]]:
    seconds: dict[str, list[float]] = {name: [] for name in variants}
    answers: dict[str, Any] = {}
    for name, variant in variants.items():  # warm-up: plans compiled, pages cached
        answers[name] = (await run_variant(database, variant))[1]
    for _ in range(repeats):
        for name, variant in variants.items():
            seconds[name].append((await run_variant(database, variant))[0])
    return seconds, answers


def plans_equal(answers: dict[str, Any], every: str, due: str) -> int:
    """Both plans equal; returns how many edges they remove."""
    a, b = answers[every][0], answers[due][0]
    assert sorted(a["weak_pairs"]) == sorted(b["weak_pairs"])
    assert a["decay_pairs"] == b["decay_pairs"]
    return len(a["weak_pairs"]) + len(a["decay_pairs"])


async def main(blocks: int, per_block: float, repeats: int) -> dict[str, Any]:
    database = await open_database()
    space = f"bench-curate-edge-plan-{uuid.uuid4().hex[:8]}"
    queries = catalog()
    try:
        edges = await build(database, space, blocks, per_block)
        report: dict[str, Any] = {
            "machine": await describe(database),
            "blocks": blocks,
            "edges": edges,
            "repeats": repeats,
            "clocks": [],
        }
        for now in (NOW, NOW + 40.0):
            plan = {
                "space": space,
                "now": now,
                "threshold": KEPT_DUE_THRESHOLD,
                "edge_factor": EDGE_DECAY_FACTOR,
                "established": ESTABLISHED_EDGE_COUNT,
            }
            archive_threshold = KEPT_ARCHIVE_THRESHOLD
            variants: dict[str, Variant] = {
                "edges_to_remove (before: every edge)": (
                    queries["edges_to_remove"].text,
                    {**plan, "max_fraction": 1.0},
                ),
                "edges_due (after: the due blocks' edges)": (queries["edges_due"].text, plan),
                "archive plan (before: every active block)": partial(
                    database.read, full_plan, space=space, now=now, threshold=archive_threshold
                ),
                "archive plan (after: the due blocks and the degree window)": partial(
                    database.read, due_plan, space=space, now=now, threshold=archive_threshold
                ),
                "finish's edge count (before: every edge)": (EDGE_COUNT, {"space": space}),
                "finish's edge count (after: the space's kept count)": (
                    KEPT_EDGE_COUNT,
                    {"space": space},
                ),
                "reinforcement's scores": (REINFORCE_SCORES, {"space": space, "now": now}),
            }
            seconds, answers = await series(database, variants, repeats)
            names = list(variants)
            removed = plans_equal(answers, names[0], names[1])
            every_plan, windowed = answers[names[2]][0], answers[names[3]][0]
            counted, kept = answers[names[4]][0], answers[names[5]][0]
            assert counted == kept, (counted, kept)
            assert windowed == every_plan, (len(windowed.ids), len(every_plan.ids))
            report["clocks"].append(
                {
                    "now": now,
                    "edges_removed": removed,
                    "due_blocks": len(answers[names[1]][0]["due_ids"]),
                    "archived": len(every_plan.ids),
                    "bridges_kept": every_plan.bridges_kept,
                    "seconds": {
                        name: {
                            "median": statistics.median(values),
                            "p95": percentile(values, 0.95),
                            "runs": values,
                        }
                        for name, values in seconds.items()
                    },
                }
            )
            # What the run at this clock leaves: its edges and archived blocks gone, every
            # block recounted.
            first = answers[names[0]][0]
            pairs = first["weak_pairs"] + first["decay_pairs"]
            for start in range(0, len(pairs), 10_000):
                await database.write(
                    raw_rows,
                    DELETE_DECAYED,
                    {"space": space, "pairs": pairs[start : start + 10_000]},
                )
            for start in range(0, len(every_plan.ids), 5_000):
                ids = every_plan.ids[start : start + 5_000]
                await database.write(raw_rows, ARCHIVE_PLANNED, {"space": space, "ids": ids})
            for start in range(0, blocks, 10_000):
                bounds = {"low": f"{start:016x}", "high": f"{start + 10_000:016x}"}
                await database.write(raw_rows, RECOUNT_DEGREES, {"space": space, **bounds})
            await database.write(raw_rows, COUNT_EDGES, {"space": space})
        return report
    finally:
        await drop_space(database, space)
        await database.close()


def markdown(report: dict[str, Any]) -> str:
    lines = [
        f"{machine_line(report['machine'])}; {report['blocks']:,} blocks, "
        f"{report['edges']:,} edges, {report['repeats']} runs each, alternating.",
        "",
        "| clock (h) | edges removed | due blocks | read | median s | p95 s |",
        "|---:|---:|---:|---|---:|---:|",
    ]
    for clock in report["clocks"]:
        for name, s in clock["seconds"].items():
            lines.append(
                f"| {clock['now']:.0f} | {clock['edges_removed']:,} | {clock['due_blocks']:,} "
                f"| {name} | {s['median']:.3f} | {s['p95']:.3f} |"
            )
    return "\n".join(lines)


if __name__ == "__main__":
    command_line(__doc__.splitlines()[0], main, markdown, "curate_edge_plan.json")
