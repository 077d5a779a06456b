"""Every public method, driven with arbitrary values: it succeeds or raises an
ElfgraphError with a recovery, and an error leaves the graph as it was."""

from __future__ import annotations

import inspect
import math
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from elfgraph import ElfgraphError, MemorySystem
from elfgraph.store.database import Database
from tests.support.graph import graph
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio

SURROGATE = "\ud800"
texts = st.text(st.characters(categories=["L", "N", "P", "Zs", "Cs", "Cc"]), max_size=40)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    texts,
    st.just(SURROGATE),
    st.just("abc" + SURROGATE),
    st.binary(max_size=8),
    st.just(object()),
    st.just(np.array([1, 2])),
    st.just(math.nan),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(texts, st.integers()), inner, max_size=3),
        st.tuples(inner, inner),
    ),
    max_leaves=6,
)

# The public coroutine methods and how many positional arguments each takes at most;
# keyword arguments are drawn for every named parameter.
METHODS = [
    "learn",
    "learn_many",
    "remember",
    "begin_session",
    "consolidate",
    "recall",
    "frame",
    "outcome",
    "connect",
    "disconnect",
    "connects",
    "connect_by_query",
    "curate",
    "forget",
    "forget_matching",
    "correct",
]


async def snapshot(database: Database, space: str) -> list[str]:
    rows = await graph(
        database,
        "MATCH (n) WHERE n.space = $s OR n.name = $s "
        "OPTIONAL MATCH (n)-[r]->(m) "
        "RETURN labels(n) AS l, n {.*} AS p, type(r) AS t, r {.*} AS rp, m.id AS m",
        s=space,
    )
    return sorted(repr(sorted(row.items())) for row in rows)


def parameters(name: str) -> list[inspect.Parameter]:
    method = getattr(MemorySystem, name)
    signature = inspect.signature(inspect.unwrap(method))
    return [p for p in signature.parameters.values() if p.name != "self"]


@st.composite
def calls(draw: st.DrawFn) -> tuple[str, list[Any], dict[str, Any]]:
    name = draw(st.sampled_from(METHODS))
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for parameter in parameters(name):
        if not draw(st.booleans()) and parameter.default is not inspect.Parameter.empty:
            continue  # leave it at its default
        value = draw(values)
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY:
            kwargs[parameter.name] = value
        else:
            args.append(value)
    return name, args, kwargs


@settings(
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(call=calls())
async def test_any_arguments_give_a_result_or_an_elfgraph_error_and_no_change(
    make_memory: MakeMemory, database: Database, space: str, call: tuple[str, list[Any], Any]
) -> None:
    memory = await make_memory()
    name, args, kwargs = call
    event(name)
    before = await snapshot(database, space)
    error: ElfgraphError | None = None
    try:
        await getattr(memory, name)(*args, **kwargs)
    except ElfgraphError as exc:
        error = exc
    finally:
        await memory.end_session()
    event(type(error).__name__ if error else "succeeded")
    if error is not None:
        assert error.recovery, f"{name}: an error without a recovery: {error}"
        assert await snapshot(database, space) == before, f"{name} failed but wrote"


@settings(max_examples=100, deadline=None)
@given(last_n=values)
def test_history_takes_any_value_or_refuses_it_clearly(last_n: Any) -> None:
    memory = MemorySystem.__new__(MemorySystem)
    from elfgraph.state import ProcessState

    memory._state = ProcessState()
    error: ElfgraphError | None = None
    try:
        memory.history(last_n)
    except ElfgraphError as exc:
        error = exc
    assert error is None or error.recovery


@settings(max_examples=100, deadline=None)
@given(method=values)
def test_guide_takes_any_value_or_refuses_it_clearly(method: Any) -> None:
    assert isinstance(MemorySystem.guide(method), str)  # guide never raises: it explains


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(name=values)
async def test_opening_any_space_name_opens_it_or_refuses_it_clearly(
    database: Database, name: Any
) -> None:
    from elfgraph import MockEmbeddingService, validate_space_name
    from elfgraph.spaces.names import SPACE_NAME

    error: ElfgraphError | None = None
    try:
        validate_space_name(name)
    except ElfgraphError as exc:
        error = exc
    if error is not None:
        assert error.recovery
        with pytest.raises(ElfgraphError):
            await MemorySystem.open(
                name, database=database, embedding_service=MockEmbeddingService()
            )
        return
    # A valid name is not opened here: it could be a real space of the shared database.
    assert isinstance(name, str)
    assert SPACE_NAME.fullmatch(name)


CASES = [
    ("learn", (SURROGATE,), {}),
    ("learn", ("fact",), {"tags": [SURROGATE]}),
    ("learn", ("fact",), {"category": SURROGATE}),
    ("learn", ("fact",), {"source": SURROGATE}),
    ("learn_many", (True,), {}),
    ("learn_many", (math.nan,), {}),
    ("learn_many", ([{1: "x"}],), {}),
    ("remember", (123,), {}),
    ("remember", (SURROGATE,), {}),
    ("begin_session", (SURROGATE,), {}),
    ("outcome", ([[]], 0.5), {}),
    ("outcome", ([SURROGATE], 0.5), {}),
    ("outcome", (["a" * 16], 0.5), {"source": SURROGATE}),
    ("frame", ("self", "q"), {"top_k": [["a"]]}),
    ("frame", ("attention", SURROGATE), {}),
    ("recall", (SURROGATE,), {}),
    ("connect", ("a" * 16, "b" * 16), {"if_exists": np.array(["skip", "error"])}),
    ("connect", ("a" * 16, SURROGATE), {}),
    ("connect", ("a" * 16, "b" * 16), {"note": SURROGATE}),
    ("disconnect", ("a" * 16, "b" * 16), {"reason": SURROGATE}),
    ("connect_by_query", (SURROGATE, "target"), {}),
    ("consolidate", (), {"skip_llm": "yes"}),
    ("curate", (), {"if_due": 1}),
    ("forget", ([SURROGATE],), {}),
    ("forget", (["a" * 16],), {"reason": SURROGATE}),
    ("forget", (["a" * 16],), {"dry_run": "no"}),
    ("forget_matching", ("abc" + SURROGATE,), {}),
    ("correct", ("a" * 16, SURROGATE), {}),
    ("correct", ("a" * 16, "the new text"), {"reason": SURROGATE}),
]


@pytest.mark.parametrize(("name", "args", "kwargs"), CASES, ids=[c[0] for c in CASES])
async def test_the_reported_cases_are_clear_errors_that_change_nothing(
    make_memory: MakeMemory,
    database: Database,
    space: str,
    name: str,
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
) -> None:
    memory = await make_memory()
    before = await snapshot(database, space)
    with pytest.raises(ElfgraphError) as caught:
        await getattr(memory, name)(*args, **kwargs)
    assert caught.value.recovery
    assert not memory.session_active  # remember(123) used to leave a session open
    assert await snapshot(database, space) == before


@pytest.mark.parametrize("last_n", ["3", 5.5, -1, None])
def test_history_refuses_what_is_not_a_count(last_n: Any) -> None:
    from elfgraph.state import ProcessState

    memory = MemorySystem.__new__(MemorySystem)
    memory._state = ProcessState()
    with pytest.raises(ElfgraphError, match="last_n"):
        memory.history(last_n)
