"""Random graphs for the pure archive-plan tests: hypothesis draws become blocks' degrees
and their edges, one edge a pair, no self-loops."""

from __future__ import annotations


def build(
    n: int, edges: list[tuple[int, int, float]]
) -> tuple[dict[str, float], list[tuple[str, str, float]]]:
    seen: set[frozenset[int]] = set()
    kept = []
    for a, b, w in edges:
        if a != b and frozenset((a, b)) not in seen:
            seen.add(frozenset((a, b)))
            kept.append((f"b{a:02}", f"b{b:02}", w))
    degrees = {f"b{i:02}": 0.0 for i in range(n)}
    for a, b, w in kept:
        degrees[a] += w
        degrees[b] += w
    return degrees, kept
