"""Parameters shaped so that a query keeps one cached plan (docs/ARCHITECTURE.md).

Neo4j caches a plan per query text *and* per shape of its parameters: each string and list
parameter counts by its size bucket (0, 1, 2-10, 11-100, 101-1,000, ...). A recall whose
keyword leg found 3 blocks instead of 20, or whose query is one word instead of a sentence,
is a new entry: the server plans the retrieval query again, ~1 s on a warm server and ~4 s
right after a restart (docs/DECISIONS.md, "Every recall sends one parameter shape"). A list's
element type counts too: strings alone are another shape than strings and nulls. Padding
such parameters into the 101-1,000 bucket, every list with at least one None, gives every
recall the plan that opening a MemorySystem warmed. The query must skip the padding: None
entries in a list, trailing blanks in a string; and no parameter is sent as null (a null is
a shape of its own). Pure.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

# The smallest size of the 101-1,000 bucket: the lists a recall sends hold at most
# 4·100 + 8 ids (retrieval.retrieve: MAX_TOP_K), the texts at most ~1,000 characters of
# plain words for any usual question.
PLAN_SIZE = 101

Item = TypeVar("Item")


def padded_list(values: Sequence[Item] | None) -> list[Item | None]:
    """The values, then None up to PLAN_SIZE entries and at least one. None (no list) is
    sent as an empty one: a null parameter is another shape, so the query is told apart
    what it must (a flag beside the list)."""
    padding: list[Item | None] = [None] * max(1, PLAN_SIZE - len(values or ()))
    return [*(values or ()), *padding]


def padded_text(text: str | None) -> str:
    """The text, then blanks up to PLAN_SIZE characters; None is all blanks (the query
    treats a blank text as none)."""
    return (text or "").ljust(PLAN_SIZE)
