"""The pure rules of the connect family: relation words, weights, and the decision."""

from __future__ import annotations

import math
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from elfgraph.edges.connect import EdgeRequest, check_request, plan
from elfgraph.edges.rules import (
    CUSTOM_RELATION_WEIGHT,
    DEFAULT_WEIGHTS,
    edge_weight,
    relationship_type,
)
from elfgraph.errors import BlockNotActiveError, ConnectError, DegreeLimitError, SelfLoopError

WORD = re.compile(r"[a-z][a-z0-9_]{0,31}")


@given(st.text(max_size=40))
def test_only_relation_words_become_relationship_types(text: str) -> None:
    if WORD.fullmatch(text):
        assert relationship_type(text) == text.upper()
    else:
        with pytest.raises(ConnectError):
            relationship_type(text)


@given(st.from_regex(WORD, fullmatch=True))
def test_every_relation_word_is_a_plain_upper_case_type(word: str) -> None:
    assert re.fullmatch(r"[A-Z][A-Z0-9_]{0,31}", relationship_type(word))


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_explicit_weights_are_clamped_to_the_unit_interval(weight: float) -> None:
    assert edge_weight("supports", weight) == min(1.0, max(0.0, weight))


def test_default_weights_follow_the_relation() -> None:
    assert {r: edge_weight(r, None) for r in DEFAULT_WEIGHTS} == DEFAULT_WEIGHTS
    assert edge_weight("depends_on", None) == CUSTOM_RELATION_WEIGHT
    for bad in (math.nan, math.inf, "0.5", True):
        with pytest.raises(ConnectError):
            edge_weight("similar", bad)


def test_a_request_is_checked_before_any_query() -> None:
    with pytest.raises(SelfLoopError):
        check_request("a", "a", None, None, None, "reinforce")
    request = check_request("a", "b", None, 2.0, None, "skip")
    assert request == EdgeRequest("a", "b", None, 1.0, None, "skip")


def state(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "source_status": "active",
        "target_status": "active",
        "edge": None,
        "source_degree": 0,
        "target_degree": 0,
        "source_weakest": None,
        "target_weakest": None,
    }
    return base | changes


REQUEST = EdgeRequest("a", "b", "supports", None, None, "reinforce")
EDGE = {"relation": "similar", "weight": 0.5}


@pytest.mark.parametrize(
    ("if_exists", "action"),
    [("reinforce", "reinforce"), ("update", "update"), ("skip", "skip")],
)
def test_an_existing_edge_is_handled_as_if_exists_says(if_exists: str, action: str) -> None:
    request = EdgeRequest("a", "b", "supports", None, None, if_exists)  # type: ignore[arg-type]
    assert plan(request, state(edge=EDGE), cap=5).action == action


def test_if_exists_error_refuses_an_existing_edge_only() -> None:
    request = EdgeRequest("a", "b", None, None, None, "error")
    with pytest.raises(ConnectError):
        plan(request, state(edge=EDGE), cap=5)
    assert plan(request, state(), cap=5).action == "create"


def test_inactive_blocks_are_refused_before_anything_else() -> None:
    with pytest.raises(BlockNotActiveError) as caught:
        plan(REQUEST, state(target_status="inbox", edge=EDGE), cap=5)
    assert caught.value.block_id == "b"


def test_full_ends_displace_their_weakest_or_refuse() -> None:
    weakest = {"a": "a", "b": "x", "relation": "similar", "weight": 0.2}
    decided = plan(REQUEST, state(source_degree=5, source_weakest=weakest), cap=5)
    assert (decided.action, decided.displaced) == ("create", [weakest])
    with pytest.raises(DegreeLimitError) as caught:
        plan(REQUEST, state(source_degree=4, target_degree=5), cap=5)
    assert caught.value.block_id == "b"
