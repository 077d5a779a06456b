"""Re-run recall's ranking offline on dumped candidates (benchmarks/locomo/dump.py), for grids.

    python -m benchmarks.locomo.rerank DUMP.pkl [--grid NAME=V1,V2 …] [--out RESULT.json]

Each configuration is a set of `Relevance` fields and re-ranking options; every question's
dumped candidates are cut back to `seeds` per leg (recall's 4·top_k = 40 reproduces it), the
expansion is rebuilt from the dumped edges as candidates.cypher builds it, and the ranking
of elfgraph.retrieval.ranking runs on them. The vector leg can be recomputed from the dumped
vectors (exact cosines, as the in-process vector cache ranks them) for query-vector
feedback. The result has `python -m benchmarks.locomo`'s shape, so
`python -m benchmarks.locomo.crossval RESULT.json` cross-validates the grid.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import fields, replace
from pathlib import Path
from typing import Any, cast

import numpy as np

from benchmarks.locomo.dump import TOP_K, Dumped, Recorded, load_dumps
from benchmarks.locomo.metrics import Scored, recall_at, summarise
from elfgraph.config.memory import RetrievalConfig
from elfgraph.core.scoring import ATTENTION_WEIGHTS, Weights, weighted_degree
from elfgraph.retrieval.candidates import Candidates
from elfgraph.retrieval.ranking import Relevance, rank_candidates
from elfgraph.retrieval.repository.candidates import CandidateBlock

SEEDS = 4 * TOP_K
EXPAND_SEEDS = TOP_K  # expansion_seeds 1 × top_k
EXPAND_PER_SEED = 2
RETRIEVAL = RetrievalConfig()
RELEVANCE_FIELDS = {f.name for f in fields(Relevance)}


def _expanded(
    properties: Mapping[str, Mapping[str, Any]], vector: Sequence[str], keyword: Sequence[str]
) -> list[str]:
    """candidates.cypher's expansion: per seed of the first EXPAND_SEEDS of each leg, its
    EXPAND_PER_SEED heaviest neighbours (not by a contradicts edge, not a seed)."""
    seeds = set(vector) | set(keyword)
    found: dict[str, None] = {}
    for seed in [*vector[:EXPAND_SEEDS], *keyword[:EXPAND_SEEDS]]:
        edges = [
            (float(e[0] or 0.0), str(e[2]))
            for e in properties.get(seed, {}).get("edges") or []
            if str(e[3]) != "contradicts" and str(e[2]) in properties and str(e[2]) not in seeds
        ]
        for _, other in sorted(edges, key=lambda e: (-e[0], e[1]))[:EXPAND_PER_SEED]:
            found.setdefault(other, None)
    return list(found)


def nearest(
    vectors: Mapping[str, np.ndarray], query: np.ndarray, n: int
) -> tuple[list[str], list[float]]:
    ids = list(vectors)
    matrix = np.stack([vectors[i] for i in ids])
    unit = query / (np.linalg.norm(query) or 1.0)
    cosines = matrix @ unit
    order = sorted(range(len(ids)), key=lambda at: (-float(cosines[at]), ids[at]))[:n]
    return [ids[at] for at in order], [float(cosines[at]) for at in order]


def feedback_vector(
    vectors: Mapping[str, np.ndarray], query: np.ndarray, ids: Sequence[str], beta: float
) -> np.ndarray:
    """Rocchio: the query moved towards the mean of the given blocks' vectors."""
    rows = [vectors[i] for i in ids if i in vectors]
    unit: np.ndarray = query / (np.linalg.norm(query) or 1.0)
    if not rows or beta <= 0:
        return unit
    moved = unit + beta * np.mean(rows, axis=0)
    moved_unit: np.ndarray = moved / (np.linalg.norm(moved) or 1.0)
    return moved_unit


_SESSIONS: dict[int, dict[str, str]] = {}


def sessions_of(dumped: Dumped) -> dict[str, str]:
    """Each block's session: as dumped (`session_id`), else, for a dump made before
    candidates carried it, the chain of session edges (co_occurs) it belongs to."""
    known = _SESSIONS.get(id(dumped))
    if known is not None:
        return known
    found = {i: str(p["session_id"]) for i, p in dumped.properties.items() if p.get("session_id")}
    if not found:
        parent = {i: i for i in dumped.properties}

        def root(i: str) -> str:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        for i, p in dumped.properties.items():
            for edge in p.get("edges") or []:
                if str(edge[3]) == "co_occurs" and str(edge[2]) in parent:
                    parent[root(i)] = root(str(edge[2]))
        found = {i: root(i) for i in dumped.properties}
    _SESSIONS[id(dumped)] = found
    return found


def kept_degree(dumped: Dumped, block_id: str) -> float:
    """The block's weighted_degree as dumped, else (a dump made before candidates carried
    it) the sum over every edge the dump holds for it."""
    properties = dumped.properties.get(block_id) or {}
    if properties.get("weighted_degree") is not None:
        return float(properties["weighted_degree"])
    edges = properties.get("edges") or []
    return weighted_degree([(float(e[0] or 0.0), float(e[1] or 0.0)) for e in edges])


def candidates_for(
    dumped: Dumped,
    recorded: Recorded,
    seeds: int,
    vector_leg: tuple[list[str], list[float]] | None = None,
) -> Candidates:
    found = recorded.found
    vector_ids, cosines = vector_leg or (found.vector_ids, found.vector_cosines)
    vector_ids, cosines = list(vector_ids[:seeds]), list(cosines[:seeds])
    keyword_ids, scores = found.keyword_ids[:seeds], found.keyword_scores[:seeds]
    expanded = _expanded(dumped.properties, vector_ids, keyword_ids)
    wanted = [*vector_ids, *keyword_ids, *expanded, *found.guaranteed_ids]
    sessions = sessions_of(dumped)
    blocks = {
        # The dump's row holds every edge; a recorded candidate only those to its own set.
        i: dict(dumped.properties.get(i) or found.blocks[i])
        | {"session_id": sessions.get(i), "weighted_degree": kept_degree(dumped, i)}
        for i in dict.fromkeys(wanted)
        if i in found.blocks or i in dumped.properties
    }
    return replace(
        found,
        vector_ids=vector_ids,
        vector_cosines=cosines,
        keyword_ids=list(keyword_ids),
        keyword_scores=list(scores),
        expanded_ids=expanded,
        blocks=cast(dict[str, CandidateBlock], blocks),
        pending_ids=[],
        pending_scores=[],
    )


def defaults(
    recorded: Recorded, config: Mapping[str, Any] | None = None
) -> tuple[Weights, Relevance]:
    """The attention frame's weights and the question's Relevance under today's defaults
    (a dump keeps what its own code used), changed by `config`."""
    config = config or {}
    weights = ATTENTION_WEIGHTS.with_priors_at_most(
        float(config.get("prior_weight", RETRIEVAL.prior_weight))
    )
    changes: dict[str, Any] = {
        "keyword_weight": RETRIEVAL.keyword_weight,
        "spread": RETRIEVAL.activation_spread,
        "spread_hops": RETRIEVAL.spread_hops,
        "speaker_weight": RETRIEVAL.speaker_weight,
        "temporal_weight": RETRIEVAL.temporal_weight,
        "when_weight": RETRIEVAL.when_weight,
        "coverage_weight": RETRIEVAL.coverage_weight,
        "session_weight": RETRIEVAL.session_weight,
        "diversity_weight": RETRIEVAL.diversity_weight,
    }
    changes |= {k: v for k, v in config.items() if k in RELEVANCE_FIELDS}
    return weights, replace(recorded.how, **changes)


def ranked_ids(dumped: Dumped, recorded: Recorded, config: Mapping[str, Any]) -> list[str]:
    """The top 10 of one question under one configuration."""
    seeds = int(config.get("seeds", SEEDS))
    weights, how = defaults(recorded, config)
    vbeta = float(config.get("vprf_beta", 0.0))
    leg = None
    if vbeta > 0:
        # Feedback from the vector leg's own nearest blocks, before any round trip.
        near, _ = nearest(dumped.vectors, recorded.vector, int(config.get("vprf_m", 3)))
        leg = nearest(
            dumped.vectors, feedback_vector(dumped.vectors, recorded.vector, near, vbeta), seeds
        )
    found = candidates_for(dumped, recorded, seeds, leg)
    beta = float(config.get("prf_beta", 0.0))
    if beta > 0:
        # Feedback from the first ranking's best blocks (a second pass over the vectors).
        first = rank_candidates(found, weights, top_k=TOP_K, has_query=True, how=how)
        m = int(config.get("prf_m", 3))
        top = [b.id for b in first.blocks[:m]]
        moved = feedback_vector(dumped.vectors, recorded.vector, top, beta)
        found = candidates_for(dumped, recorded, seeds, nearest(dumped.vectors, moved, seeds))
    ranked = rank_candidates(found, weights, top_k=TOP_K, has_query=True, how=how)
    return [b.id for b in ranked.blocks]


def evaluate(dumps: Sequence[Dumped], config: Mapping[str, Any]) -> dict[str, Any]:
    """Per-conversation summaries in the shape crossval reads."""
    per_conversation: dict[str, Any] = {}
    everything: list[Scored] = []
    for dumped in dumps:
        rows = []
        for recorded in dumped.recorded:
            ids = ranked_ids(dumped, recorded, config)
            found = [dumped.turns_of.get(i, set()) for i in ids]
            value = recall_at(found, recorded.question.evidence, TOP_K)
            rows.append(Scored(recorded.question.category, {TOP_K: value}))
        per_conversation[dumped.conversation] = summarise(rows, (TOP_K,))
        everything += rows
    return {"summary": summarise(everything, (TOP_K,)), "per_conversation": per_conversation}


def grid(options: Sequence[str]) -> dict[str, dict[str, Any]]:
    """Every combination of NAME=V1,V2 options, named by its settings."""
    axes = []
    for option in options:
        name, _, values = option.partition("=")
        axes.append([(name, _value(v)) for v in values.split(",")])
    return {
        ",".join(f"{k}={v}" for k, v in combo) or "default": dict(combo)
        for combo in itertools.product(*axes)
    }


def _value(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text.lower(), text)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.locomo.rerank", description=__doc__)
    p.add_argument("dump", type=Path)
    p.add_argument("--grid", action="append", default=[], metavar="NAME=V1,V2")
    p.add_argument("--out", type=Path)
    args = p.parse_args(argv)
    dumps: list[Dumped] = load_dumps(args.dump)
    configurations = grid(args.grid)
    methods = {}
    for name, config in configurations.items():
        methods[name] = evaluate(dumps, config)
        s = methods[name]["summary"]
        line = " ".join(f"{g[:6]} {v['R@10']:.3f}" for g, v in s.items())
        convs = " ".join(
            f"{c[-2:]} {v['overall']['R@10']:.3f}"
            for c, v in methods[name]["per_conversation"].items()
        )
        print(f"{name}: {line} | {convs}", flush=True)
    if args.out:
        report = {"settings": {"ablations": configurations}, "methods": methods}
        args.out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
