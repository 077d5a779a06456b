"""Episode coherence: blocks of a session in which several candidates match the query
(docs/BEHAVIOUR.md §7.11). Pure.

A session is one episode of an agent's work: a conversation, a task. When a question is
about something that happened in one episode, several of that episode's blocks match it a
little (the question's words spread over the turns that talk about it), and the evidence is
often one of them that matches less than a block of an unrelated episode sharing one rare
word. Each block gains a share of how well the *other* candidates of its session match.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping


def coherent(
    similarity: Mapping[str, float],
    sessions: Mapping[str, str | None],
    weight: float,
    depth: int = 2,
) -> dict[str, float]:
    """Each block with a similarity above 0 and a session gains `weight` × the mean of the
    `depth` best similarities among the other candidates of its session (a missing one
    counts 0: one other match gains half as much as two), then all are scaled so the best
    is 1.0. Blocks without a session, or weight 0: unchanged (and, when no session holds
    two blocks with a similarity, the whole mapping)."""
    if weight <= 0 or depth < 1:
        return dict(similarity)
    members: dict[str, list[float]] = defaultdict(list)
    for block, value in similarity.items():
        session = sessions.get(block)
        if session is not None and value > 0:
            members[session].append(value)
    best = {s: sorted(values, reverse=True)[: depth + 1] for s, values in members.items()}
    raised = {}
    for block, value in similarity.items():
        session = sessions.get(block)
        if session is None or value <= 0:
            raised[block] = value
            continue
        others = list(best[session])
        if value in others:  # the block's own similarity is not another's
            others.remove(value)
        raised[block] = value + weight * sum(others[:depth]) / depth
    if raised == similarity:  # no session holds two matches: nothing to rescale
        return dict(similarity)
    top = max(raised.values())
    return {b: v / top for b, v in raised.items()}
