"""Recall's keyword leg alone, through the full-text index (keyword_leg.cypher)."""

from typing import TypedDict, cast

from elfgraph.store.plan_shapes import padded_text
from elfgraph.store.transaction import Transaction, run_one, single_statement


class KeywordLegRow(TypedDict):
    ids: list[str]  # the space's best active hits, best first
    scores: list[float]  # parallel to ids: Lucene's scores
    vector_version: list[str | int]  # [text_key, vector epoch] of the space


@single_statement
async def keyword_leg(
    tx: Transaction, *, space: str, terms: str, k: int, text_fetch: int, self_only: bool
) -> KeywordLegRow | None:
    """The k best full-text hits among the space's active blocks; None when the space
    does not exist."""
    row = await run_one(
        tx,
        "keyword_leg",
        space=space,
        terms=padded_text(terms),  # one plan whatever the words' length
        k=k,
        text_fetch=text_fetch,
        self_only=self_only,
    )
    return cast(KeywordLegRow | None, row)
