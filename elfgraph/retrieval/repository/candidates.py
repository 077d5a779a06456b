from typing import Any

from elfgraph.store.transaction import Transaction, run_one


async def candidates(
    tx: Transaction,
    *,
    space: str,
    query_vector: list[float] | None,
    terms: str | None,
    k: int,
    fetch: int,
    text_fetch: int,
    self_only: bool,
    queryless: bool,
    queryless_limit: int,
    guarantee_tags: list[str],
    now_hours: float | None,
    proxy: dict[str, float],
    cap: int,
    expand: bool,
) -> dict[str, Any] | None:
    """Seeds of each leg (ranked ids), expanded and guaranteed ids, contradiction pairs and
    every candidate's properties; None when there is no candidate at all."""
    return await run_one(
        tx,
        "candidates",
        space=space,
        query_vector=query_vector,
        terms=terms,
        k=k,
        fetch=fetch,
        text_fetch=text_fetch,
        self_only=self_only,
        queryless=queryless,
        queryless_limit=queryless_limit,
        guarantee_tags=guarantee_tags,
        now_hours=now_hours,
        proxy=proxy,
        cap=cap,
        expand=expand,
    )
