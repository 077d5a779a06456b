"""Every recall sends the retrieval query parameters of a shape the warm-up planned, and
every frame's write one the warm-up had the server plan, so the server plans each once
(elfgraph/store/plan_shapes.py; docs/DECISIONS.md, "Every recall sends one parameter shape").
What the server caches a plan by is each parameter's type and, for a string or list, its
size bucket and its elements' types: a call of another shape would plan its query again,
~1 s for the retrieval query (~4 s on a restarted server)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import pytest

import elfgraph.retrieval.repository.reinforce_frame as reinforce_module
import elfgraph.store.transaction as transaction_module
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.store.transaction import Transaction
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio

TEXTS = [f"the {topic} service note {n}" for n in range(15) for topic in ("billing", "search")]


def shape(params: Mapping[str, Any]) -> tuple[tuple[str, object], ...]:
    """Each parameter's type, with the size bucket of a string or list and a list's element
    type, as the server tells them apart (measured: docs/DECISIONS.md)."""

    def one(value: object) -> object:
        if isinstance(value, str | list):
            size = len(value)
            bucket = 0 if size == 0 else 10 ** math.ceil(math.log10(size))
            if isinstance(value, str):
                return ("str", bucket)
            # One type for elements all of one type, else any (a None among them included).
            kinds = {type(v).__name__ for v in value}
            element = kinds.pop() if len(kinds) == 1 and None not in value else "any"
            return ("list", bucket, element)
        return type(value).__name__

    return tuple(sorted((name, one(value)) for name, value in params.items()))


async def test_recalls_of_every_shape_send_the_warm_ups_parameters(
    make_memory: MakeMemory, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[tuple[tuple[str, object], ...]] = []
    run = transaction_module._run

    async def spied(tx: Transaction, name: str, returns: Any, params: Mapping[str, Any]) -> Any:
        if name == "candidates":
            sent.append(shape(params))
        return await run(tx, name, returns, params)

    writer = await make_memory(embedding_service=MockEmbeddingService())
    await writer.learn_many(TEXTS)
    await writer.dream()
    monkeypatch.setattr(transaction_module, "_run", spied)
    memory = await make_memory(embedding_service=MockEmbeddingService())
    await memory._retriever.loaded()
    warmed = set(sent)
    sent.clear()
    asks: list[tuple[str | None, int, str]] = [
        ("billing", 5, "attention"),  # one word: a short string
        ("which service holds the billing notes and who wrote them down", 5, "attention"),
        ("zebra", 5, "attention"),  # no keyword hit: an empty list of hits
        ("what was it?", 5, "attention"),  # question words alone: no terms
        ("search", 1, "attention"),
        ("search", 30, "attention"),  # past 100 cached ids
        ("search", 100, "attention"),
        (None, 5, "attention"),  # queryless: no vector
        (None, 50, "task"),
        ("billing", 5, "self"),  # the cache does not serve SELF: no cached ids
    ]
    for text, top_k, frame in asks:
        await memory.recall(text, top_k=top_k, frame=frame)
    assert len(sent) == len(asks)
    # With a query and without one, with the cache and without it: one shape, one plan.
    assert len(warmed) == 1
    assert set(sent) == warmed, "a recall sent a shape the warm-up did not plan"


async def test_frames_write_with_the_shapes_the_warm_up_planned(
    make_memory: MakeMemory, monkeypatch: pytest.MonkeyPatch
) -> None:
    planned: set[tuple[tuple[str, object], ...]] = set()
    written: list[tuple[tuple[str, object], ...]] = []
    plan = reinforce_module.plan_only
    run = transaction_module._run

    async def spied_plan(tx: Transaction, name: str, /, **params: Any) -> None:
        planned.add(shape(params))
        await plan(tx, name, **params)

    async def spied_run(tx: Transaction, name: str, returns: Any, params: Mapping[str, Any]) -> Any:
        if name == "reinforce_frame":
            written.append(shape(params))
        return await run(tx, name, returns, params)

    monkeypatch.setattr(reinforce_module, "plan_only", spied_plan)
    monkeypatch.setattr(transaction_module, "_run", spied_run)
    memory = await make_memory(embedding_service=MockEmbeddingService())
    await memory._retriever.loaded()  # planned after open returned
    await memory.learn_many(TEXTS)
    await memory.dream()
    assert len(planned) == 2  # outside a session and in one
    await memory.frame("attention", "billing", top_k=1)
    await memory.frame("attention", "which service holds the billing notes", top_k=20)
    await memory.begin_session()
    await memory.frame("task", "search", top_k=3)
    await memory.end_session()
    assert len(written) == 3
    assert set(written) <= planned, "a frame wrote with a shape the warm-up did not plan"
