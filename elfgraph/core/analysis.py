"""Text analysis for the in-process keyword index (docs/BEHAVIOUR.md §7.2): the terms the
full-text index's `english` analyzer would index for a text, so that a space's keyword
leg ranks the same in the process as on the server. Pure.

Lucene's EnglishAnalyzer: Unicode word segmentation, the possessive "'s" dropped, lower
case, its 33 stop words, the Porter stemmer. Words are split here by a regular
expression that keeps what the segmentation keeps together (apostrophes and periods inside
a word, digit groups), which agrees with Lucene on ordinary prose (tests/core/
test_analysis.py holds Lucene's own tokens of a sample, made by benchmarks/lucene_tokens.py,
in git at 46ee909).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from elfgraph.core.porter import stem

# EnglishAnalyzer.ENGLISH_STOP_WORDS_SET of Lucene 9 (the server's), not elfgraph's own
# list of question and stop words (core.words), which decides what a query asks.
ENGLISH_STOP_WORDS = frozenset(
    {
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "but",
        "by",
        "for",
        "if",
        "in",
        "into",
        "is",
        "it",
        "no",
        "not",
        "of",
        "on",
        "or",
        "such",
        "that",
        "the",
        "their",
        "then",
        "there",
        "these",
        "they",
        "this",
        "to",
        "was",
        "will",
        "with",
    }
)

# A word as Unicode word segmentation (UAX #29) cuts it: letters, digits and underscores,
# kept together across an apostrophe, a period, a colon or a middle dot between two letters
# ("don't", "cs:go") and across a period, comma or semicolon between two digits ("3.5",
# "3,000"); or an emoji with its modifiers and joined parts.
# Python's \w also holds superscripts, fractions and circled numbers, which are no word.
_WORD = r"[^\W\u00b2\u00b3\u00b9\u00bc-\u00be\u2070-\u209f\u2150-\u218f\u2460-\u24ff]"
_LETTER = r"[^\W\d_]"
_EMOJI = "[\U0001f000-\U0001faff\u2600-\u27bf]"
_TOKEN = re.compile(
    rf"{_WORD}+(?:(?:(?<={_LETTER})[:·'’‘.](?={_LETTER})|(?<=\d)[.,;'’](?=\d)){_WORD}+)*"
    rf"|{_EMOJI}(?:\u200d{_EMOJI}|[\ufe0f\U0001F3FB-\U0001F3FF])*"
)
_POSSESSIVE = re.compile(r"['’‘][sS]$")


@lru_cache(maxsize=65536)
def term_of(word: str) -> str | None:
    """The indexed term of one word as the tokenizer cut it: None for a stop word."""
    lower = _POSSESSIVE.sub("", word).lower()
    if not lower or lower in ENGLISH_STOP_WORDS:
        return None
    return stem(lower)


def terms(text: str) -> list[str]:
    """The terms of a text, in order, repeats kept (a term's frequency counts in BM25)."""
    found = (term_of(word) for word in _TOKEN.findall(text))
    return [term for term in found if term]


def shared_terms(texts: Iterable[str]) -> list[str]:
    """The terms of the texts that analyse to themselves (so a query of the term finds the
    texts that hold it): those held by the most texts first, in reading order on a tie."""
    held: Counter[str] = Counter()
    for text in texts:
        held.update(dict.fromkeys(terms(text), 1))
    return [term for term, _ in held.most_common() if terms(term) == [term]]
