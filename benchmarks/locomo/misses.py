"""Where the evidence turns that recall misses are, on dumped candidates.

    python -m benchmarks.locomo.misses DUMP.pkl

For each category, under today's defaults (the ranking re-run offline, as
benchmarks/locomo/rerank.py does): of the evidence turns not in the top 10, how many were no
candidate at all, how many only in a leg's seeds beyond 4·top_k (a larger pool's), in which leg the
others were, and their rank among the candidates (median).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from pathlib import Path

from benchmarks.locomo.data import CATEGORIES
from benchmarks.locomo.dump import TOP_K, Dumped, load_dumps
from benchmarks.locomo.rerank import SEEDS, candidates_for, defaults, ranked_ids
from elfgraph.retrieval.ranking import score_all


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.locomo.misses", description=__doc__)
    p.add_argument("dump", type=Path)
    args = p.parse_args(argv)
    dumps: list[Dumped] = load_dumps(args.dump)
    where: dict[str, Counter[str]] = {name: Counter() for name in CATEGORIES.values()}
    ranks: dict[str, list[int]] = {name: [] for name in CATEGORIES.values()}
    for dumped in dumps:
        block_of = {t: b for b, turns in dumped.turns_of.items() for t in turns}
        for recorded in dumped.recorded:
            category = CATEGORIES[recorded.question.category]
            found = candidates_for(dumped, recorded, SEEDS)
            weights, how = defaults(recorded)
            scored = score_all(found, weights, found.now_hours, True, how)
            order = sorted(scored.values(), key=lambda b: (not b.relevant, -b.score, b.id))
            position = {b.id: n for n, b in enumerate(order)}
            top = ranked_ids(dumped, recorded, {})
            returned = {t for i in top for t in dumped.turns_of.get(i, set())}
            big = recorded.found
            for turn in recorded.question.evidence:
                block = block_of.get(turn)
                if turn in returned:
                    where[category]["found"] += 1
                    continue
                where[category]["missed"] += 1
                if block is None or block not in dumped.blocks:
                    where[category]["no block"] += 1
                elif block in position:
                    legs = "+".join(
                        name
                        for name, ids in (
                            ("vector", found.vector_ids),
                            ("keyword", found.keyword_ids),
                            ("expanded", found.expanded_ids),
                        )
                        if block in ids
                    )
                    where[category][f"candidate: {legs}"] += 1
                    ranks[category].append(position[block])
                elif block in big.vector_ids or block in big.keyword_ids:
                    where[category]["only in the 8·top_k pool"] += 1
                else:
                    where[category]["no candidate"] += 1
    for category, counts in where.items():
        rank = statistics.median(ranks[category]) if ranks[category] else 0
        within = sum(1 for r in ranks[category] if r < 2 * TOP_K)
        print(f"{category}: {dict(counts.most_common())}; rank median {rank}, <20: {within}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
