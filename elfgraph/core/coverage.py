"""How many of a question's words a block holds (docs/BEHAVIOUR.md §7.10). Pure.

The keyword leg scores a block by BM25, which sums over the query's words: a short block that
repeats one frequent word (a speaker's name, "Caroline: Thanks!") can outscore a long block
that holds two of the rarer words asked about. Coverage counts the distinct words asked about
that a block holds, leaving out the names of the candidates' speakers (a chat turn starts
with one: they say who talks, not what is asked) and question words, and raises each block by
its share of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache

from elfgraph.core.words import QUESTION_WORDS, STOP_WORDS

_WORD = re.compile(r"[a-z0-9]+")
# Suffixes dropped before comparing words, longest first: a crude stemmer ("hikes",
# "hiking", "hiked" → "hik"), enough to say whether a block holds a word.
_SUFFIXES = ("ings", "ing", "ies", "ied", "es", "ed", "s", "ly", "y", "e")
_MIN_STEM = 3


def stem(word: str) -> str:
    """The word without one common suffix, keeping at least three letters."""
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= _MIN_STEM:
            return word[: -len(suffix)]
    return word


@lru_cache(maxsize=8192)
def stems_of(text: str) -> frozenset[str]:
    """The stems of a text's words."""
    return frozenset(stem(w) for w in _WORD.findall(text.lower()))


def asked_stems(query: str, names: Iterable[str] = ()) -> frozenset[str]:
    """The stems of the words a query asks about: not question words, stop words or the
    given names (any case)."""
    left_out = {w for name in names for w in _WORD.findall(name.lower())}
    return frozenset(
        stem(w)
        for w in _WORD.findall(query.lower())
        if w not in QUESTION_WORDS and w not in STOP_WORDS and w not in left_out
    )


def covered(
    similarity: Mapping[str, float],
    contents: Mapping[str, str],
    asked: frozenset[str],
    weight: float,
) -> dict[str, float]:
    """Each block gains `weight` × the share of the asked stems its text holds, then all are
    scaled so the best is 1.0. Only blocks that already have a similarity gain: words alone
    are the keyword leg's. Nothing asked (or weight 0): unchanged."""
    if weight <= 0 or not asked:
        return dict(similarity)
    raised = {
        block: value + weight * len(asked & stems_of(contents.get(block, ""))) / len(asked)
        if value > 0
        else value
        for block, value in similarity.items()
    }
    best = max(raised.values(), default=0.0)
    return {b: v / best for b, v in raised.items()} if best > 0 else dict(raised)
