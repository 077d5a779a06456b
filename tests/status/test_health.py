"""status() health: pure rules, checked over the whole input space."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from elfgraph.status.health import Vitals, assess

vitals = st.builds(
    Vitals,
    inbox_count=st.integers(0, 50),
    inbox_threshold=st.integers(1, 20),
    active_count=st.integers(0, 100),
    hours_since_curate=st.none() | st.floats(0, 500),
    total_active_hours=st.floats(0, 500),
    curate_interval_hours=st.floats(1, 100),
    vector_index_state=st.sampled_from([None, "ONLINE", "POPULATING", "FAILED"]),
)


def since(v: Vitals) -> float:
    return v.hours_since_curate if v.hours_since_curate is not None else v.total_active_hours


@given(vitals)
def test_degraded_exactly_when_broken_or_badly_neglected(v: Vitals) -> None:
    health, suggestion = assess(v)
    broken = v.vector_index_state not in (None, "ONLINE")
    neglected = v.active_count > 0 and since(v) > 2 * v.curate_interval_hours
    assert (health == "degraded") == (broken or neglected)
    assert suggestion.endswith((".", ")"))


@given(vitals)
def test_attention_exactly_when_something_is_due(v: Vitals) -> None:
    health, suggestion = assess(v)
    if health == "degraded":
        return
    due = v.inbox_count >= v.inbox_threshold or (
        v.active_count > 0 and since(v) >= v.curate_interval_hours
    )
    assert (health == "attention") == due
    if v.inbox_count >= v.inbox_threshold:
        assert "dream()" in suggestion


def test_the_suggestions_name_the_call_to_make() -> None:
    base = Vitals(0, 10, 5, 1.0, 100.0, 40.0, "ONLINE")
    assert assess(base) == ("good", "Memory is healthy; nothing to do.")
    assert "learn()" in assess(Vitals(0, 10, 0, None, 0.0, 40.0, None))[1]
    assert "curate()" in assess(Vitals(0, 10, 5, 50.0, 100.0, 40.0, "ONLINE"))[1]
    assert assess(Vitals(0, 10, 5, 90.0, 100.0, 40.0, "ONLINE"))[0] == "degraded"
    assert "POPULATING" in assess(Vitals(0, 10, 5, 1.0, 1.0, 40.0, "POPULATING"))[1]
