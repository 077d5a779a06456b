"""The query text the keyword leg sends to the full-text index. Pure."""

from __future__ import annotations

import re

from elfgraph.core.words import QUESTION_WORDS, STOP_WORDS

__all__ = ["MAX_KEYWORD_TERMS", "QUESTION_WORDS", "STOP_WORDS", "keyword_terms"]

MAX_KEYWORD_TERMS = 32


_WORD = re.compile(r"\w+")


def keyword_terms(query: str) -> str | None:
    """The query as plain lower-case words for Lucene: operators, quotes, brackets and
    wildcards are gone, so no user text is ever parsed as query syntax. Question words are
    left out, unless nothing else is left; stop words always (None when nothing is left)."""
    words = [w.replace("_", " ") for w in dict.fromkeys(_WORD.findall(query.lower()))]
    words = [" ".join(p for p in w.split() if p not in STOP_WORDS) for w in words]
    words = [w for w in words if w.strip()]
    asked = [w for w in words if w not in QUESTION_WORDS] or words
    text = " ".join(asked[:MAX_KEYWORD_TERMS])
    return text or None
