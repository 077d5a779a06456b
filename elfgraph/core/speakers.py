"""Who says a block, and whom a question asks about (docs/BEHAVIOUR.md §7.9). Pure.
`speaker_of` reads a log line's header (core.logline); a block's metadata speaker wins.

A block written as a line of a conversation, "Caroline: I went to the support group", is
said by its speaker, the name before the colon. A question that names one of the
candidates' speakers ("What does Melanie do to destress?") is most often answered by what
that speaker said, not by the other side's turns that only address them ("Caroline: That's
great, Melanie!"), which the keyword leg finds just as well.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from elfgraph.core.logline import speaker_of


def named_speakers(query: str, speakers: Iterable[str]) -> set[str]:
    """The speakers the query names, as whole words, in any case."""
    words = f" {_words(query)} "
    return {speaker for speaker in set(speakers) if f" {_words(speaker)} " in words}


def _words(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower()))


def by_speaker(
    similarity: Mapping[str, float],
    contents: Mapping[str, str],
    query: str,
    weight: float,
    *,
    speakers: Mapping[str, str | None] | None = None,
) -> dict[str, float]:
    """Each block said by a speaker the query names gains `weight`, but never more than its
    own similarity (a speaker at most doubles a match), then all are scaled so the best is
    1.0. Only when the query singles some speakers out: when it names every speaker among
    the blocks, or none, nothing changes. A speaker alone is no match: a block that barely
    matches gains barely anything, and one with no similarity gains nothing. `speakers`:
    each block's speaker known otherwise (its metadata, retrieval.facts), in place of the
    name its text starts with."""
    speaker = (
        {block: speakers.get(block) for block in similarity}
        if speakers is not None
        else {block: speaker_of(contents.get(block, "")) for block in similarity}
    )
    present = {name for name in speaker.values() if name is not None}
    named = named_speakers(query, present)
    if weight <= 0 or not named or named == present:
        return dict(similarity)
    raised = {
        block: value + min(weight, value) if value > 0 and speaker[block] in named else value
        for block, value in similarity.items()
    }
    best = max(raised.values(), default=0.0)
    return {b: v / best for b, v in raised.items()} if best > 0 else dict(raised)
