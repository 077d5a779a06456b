"""Curate's edge plan read from the kept due time and from every edge, on one space.

    python -m benchmarks.curate_edge_plan --blocks 100000 --edges-per-block 5 --repeats 5

Builds one space as benchmarks/curate_reads.py does (no embeddings; edges as
benchmarks/curate.py makes them, kept degrees and due times set), then times, alternating
after a warm-up, the edge plan as it was (cypher/curation/edges_to_remove.cypher: every
edge of the space) and as it is (edges_due.cypher: the blocks whose edge_due_hours has
come, and their edges), at two clocks: the benchmark's 400 active hours (a space that
was not curated while 20 % of its edges aged: 13 % decay at once) and 40 hours after a
run that removed them (the edges anchored at hour 0 gone: what a space curated on
schedule reads). Both plans must be equal. Also times the other reads over the whole
space that a curate run makes: the archive plan's pass, the finish's edge count and the
reinforcement's scores (its read alone, with fixed weights).
Read-only after the build (the second clock's graph is the first one's minus the
decayed edges, deleted between the two series); the space is dropped.
"""

from __future__ import annotations

import argparse
import json
import statistics
import uuid
from pathlib import Path
from typing import Any

import anyio

from benchmarks.curate import NOW
from benchmarks.curate_reads import _rows, build, timed
from benchmarks.machine import describe, machine_line
from benchmarks.write_path import RESULTS, percentile
from elfgraph.core.scoring import (
    EDGE_DECAY_FACTOR,
    EDGE_REINFORCEMENT_BONUS,
    ESTABLISHED_EDGE_COUNT,
    KEPT_DUE_THRESHOLD,
)
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import drop_space
from elfgraph.store.cypher import catalog
from elfgraph.store.database import Database

EDGE_COUNT = """
RETURN COUNT { MATCH (a:Block)-[]->(:Block) WHERE a.space = $space AND a.status = 'active' }
  AS total_edges
"""
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
RECOUNT_ALL = """
MATCH (x:Block) WHERE x.space = $space AND x.id >= $low AND x.id < $high
WITH x
CALL (x) {
  MATCH (x)-[e]-(o:Block)
  WITH e, 0.5 * CASE WHEN coalesce(e.reinforcement_count, 0) >= 10 THEN 0.5 ELSE 1.0 END
       * CASE WHEN coalesce(x.decay_lambda, 0.01) < coalesce(o.decay_lambda, 0.01)
              THEN coalesce(x.decay_lambda, 0.01) ELSE coalesce(o.decay_lambda, 0.01) END AS rate
  RETURN coalesce(min(CASE WHEN startNode(e) <> x OR coalesce(e.origin, '') = 'agent' THEN null
              WHEN e.weight < 0.1 AND (coalesce(e.reinforcement_count, 0) = 0
                                       OR e.last_active_hours IS NOT NULL) THEN -1.0e18
              WHEN e.last_active_hours IS NULL OR rate <= 0.0 THEN null
              ELSE e.last_active_hours + log(e.weight / 0.1) / rate - 0.001 END), 1.0e18) AS due
}
SET x.edge_due_hours = due
"""


async def series(
    database: Database, variants: dict[str, tuple[str, dict[str, Any]]], repeats: int
) -> tuple[dict[str, list[float]], dict[str, Any]]:
    seconds: dict[str, list[float]] = {name: [] for name in variants}
    answers: dict[str, Any] = {}
    for name, (query, params) in variants.items():  # warm-up: plans compiled, pages cached
        answers[name] = (await timed(database, query, params))[1]
    for _ in range(repeats):
        for name, (query, params) in variants.items():
            seconds[name].append((await timed(database, query, params))[0])
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
            archive = {"space": space, "now": now, "threshold": 0.05}
            variants: dict[str, tuple[str, dict[str, Any]]] = {
                "edges_to_remove (before: every edge)": (
                    queries["edges_to_remove"].text,
                    {**plan, "max_fraction": 1.0},
                ),
                "edges_due (after: the due blocks' edges)": (queries["edges_due"].text, plan),
                "archive_plan_inputs": (
                    queries["archive_plan_inputs"].text,
                    {**archive, "bonus": EDGE_REINFORCEMENT_BONUS},
                ),
                "finish's edge count": (EDGE_COUNT, {"space": space}),
                "reinforcement's scores": (REINFORCE_SCORES, {"space": space, "now": now}),
            }
            seconds, answers = await series(database, variants, repeats)
            names = list(variants)
            removed = plans_equal(answers, names[0], names[1])
            report["clocks"].append(
                {
                    "now": now,
                    "edges_removed": removed,
                    "due_blocks": len(answers[names[1]][0]["due_ids"]),
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
            # What the run at this clock leaves: its edges gone, the ends recounted.
            first = answers[names[0]][0]
            pairs = first["weak_pairs"] + first["decay_pairs"]
            for start in range(0, len(pairs), 10_000):
                await database.write(
                    _rows, DELETE_DECAYED, {"space": space, "pairs": pairs[start : start + 10_000]}
                )
            for start in range(0, blocks, 10_000):
                bounds = {"low": f"{start:016x}", "high": f"{start + 10_000:016x}"}
                await database.write(_rows, RECOUNT_ALL, {"space": space, **bounds})
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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--blocks", type=int, default=100_000)
    parser.add_argument("--edges-per-block", type=float, default=5.0)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--out", type=Path, default=RESULTS / "curate_edge_plan.json")
    args = parser.parse_args()
    report = anyio.run(main, args.blocks, args.edges_per_block, args.repeats)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2), encoding="utf-8")
    print(markdown(report))
