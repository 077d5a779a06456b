"""Rendering (retrieval.rendering.render): the three templates, the token budget (≈ chars
/ 4), guaranteed blocks always in, the input order kept, and `blocks` exactly what the
text holds."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from elfgraph.retrieval.models import ScoredBlock
from elfgraph.retrieval.rendering import estimate_tokens, render
from tests.support.blocks import scored

TEMPLATES = ("attention", "self", "task")
GOAL = "self/goal"
ROOM = 10_000  # a budget nothing here reaches


def ids(blocks: list[ScoredBlock]) -> list[str]:
    return [b.id for b in blocks]


@pytest.mark.parametrize("template", TEMPLATES)
def test_nothing_to_render_is_empty_text(template: str) -> None:
    assert render(template, [], set(), ROOM) == ("", [])
    assert render(template, [], {"ghost"}, ROOM) == ("", [])
    # nothing fits and nothing is guaranteed: no header alone either
    assert render(template, [scored("a", content="x" * 100)], set(), 5) == ("", [])


def test_the_attention_template_numbers_the_blocks() -> None:
    blocks = [scored("a", content="The tower is on the cliff."), scored("b", content="Fog.")]
    text, kept = render("attention", blocks, set(), ROOM)
    assert text == "## Relevant Knowledge\n[1] The tower is on the cliff.\n[2] Fog."
    assert kept == blocks


def test_the_self_template_lists_the_identity() -> None:
    blocks = [scored("a", content="I keep answers short."), scored("b", content="I cite.")]
    text, kept = render("self", blocks, {"a"}, ROOM)
    assert text == "## Identity\n- I keep answers short.\n- I cite."
    assert kept == blocks


def test_the_task_template_puts_goals_first_and_numbers_the_context() -> None:
    blocks = [
        scored("c1", content="The build uses make."),
        scored("g1", content="Ship weekly.", tags=[GOAL]),
        scored("c2", content="Tests run nightly.", tags=["ops"]),
        scored("g2", content="Keep the docs current.", tags=["x", GOAL]),
    ]
    text, kept = render("task", blocks, {"g1"}, ROOM, goal_tags=(GOAL,))
    assert text == (
        "## Active Goals\n- Ship weekly.\n- Keep the docs current.\n"
        "## Context\n[1] The build uses make.\n[2] Tests run nightly."
    )
    assert kept == blocks  # in the input order; the template groups them
    no_goals, _ = render("task", blocks[:1], set(), ROOM, goal_tags=(GOAL,))
    assert no_goals == "## Active Goals\n## Context\n[1] The build uses make."


@pytest.mark.parametrize("template", TEMPLATES)
def test_a_content_becomes_one_line(template: str) -> None:
    block = scored("a", content="  first line\n\tsecond   line \r\n")
    text, _ = render(template, [block], set(), ROOM)
    assert text.splitlines()[-1].endswith("first line second line")
    assert len(text.splitlines()) == (3 if template == "task" else 2)


def test_blocks_go_in_while_the_text_fits_the_budget() -> None:
    blocks = [scored(f"b{i}", content=f"{i} " + "x" * 38) for i in range(10)]  # 40 chars
    text, kept = render("attention", blocks, set(), 30)
    assert estimate_tokens(text) <= 30
    assert ids(kept) == ["b0", "b1"]  # 21 + 2·45 chars, 27 tokens; a third line: 39
    longer, _ = render("attention", blocks[:3], set(), ROOM)
    assert estimate_tokens(longer) > 30


def test_guaranteed_blocks_are_rendered_even_beyond_the_budget() -> None:
    blocks = [scored("a", content="x" * 400), scored("goal", content="y" * 400)]
    text, kept = render("self", blocks, {"goal"}, 10)
    assert ids(kept) == ["goal"]
    assert text == "## Identity\n- " + "y" * 400
    assert estimate_tokens(text) > 10


def test_a_block_too_long_is_skipped_and_a_shorter_later_one_still_fits() -> None:
    blocks = [
        scored("short", content="brief"),
        scored("long", content="z" * 500),
        scored("tiny", content="ok"),
    ]
    text, kept = render("attention", blocks, set(), 20)
    assert ids(kept) == ["short", "tiny"]
    assert text == "## Relevant Knowledge\n[1] brief\n[2] ok"


def test_guaranteed_blocks_keep_their_place_in_the_order() -> None:
    blocks = [scored("a"), scored("g"), scored("b")]
    text, kept = render("attention", blocks, {"g"}, ROOM)
    assert ids(kept) == ["a", "g", "b"]
    assert text == "## Relevant Knowledge\n[1] a\n[2] g\n[3] b"


# ---- properties over any blocks, guarantees and budgets ----------------------------------


@st.composite
def cases(draw: st.DrawFn) -> tuple[str, list[ScoredBlock], set[str], int]:
    names = draw(st.lists(st.sampled_from("abcdefghijkl"), unique=True, max_size=12))
    blocks = [
        scored(
            n,
            content=draw(st.text(alphabet="ab é\n\t#[]-", max_size=60)),
            tags=draw(st.sampled_from([[], [GOAL], ["ops"], ["ops", GOAL]])),
        )
        for n in names
    ]
    guaranteed = set(draw(st.lists(st.sampled_from([*names, "ghost"]), max_size=3)))
    return draw(st.sampled_from(TEMPLATES)), blocks, guaranteed, draw(st.integers(0, 50))


def lines_for(template: str, kept: list[ScoredBlock]) -> list[str]:
    """The lines the text must hold for `kept`: one per block, under the template's headers."""

    def one(b: ScoredBlock) -> str:
        return " ".join(b.content.split())

    if template == "self":
        return ["## Identity", *(f"- {one(b)}" for b in kept)]
    if template == "task":
        goals = [b for b in kept if GOAL in b.tags]
        context = [b for b in kept if GOAL not in b.tags]
        return [
            "## Active Goals",
            *(f"- {one(b)}" for b in goals),
            "## Context",
            *(f"[{i}] {one(b)}" for i, b in enumerate(context, 1)),
        ]
    return ["## Relevant Knowledge", *(f"[{i}] {one(b)}" for i, b in enumerate(kept, 1))]


@given(cases())
def test_any_rendering_holds_what_it_says_in_order_within_budget(
    case: tuple[str, list[ScoredBlock], set[str], int],
) -> None:
    template, blocks, guaranteed, budget = case
    text, kept = render(template, blocks, guaranteed, budget, goal_tags=(GOAL,))
    kept_ids = set(ids(kept))
    assert kept == [b for b in blocks if b.id in kept_ids]  # the input order
    assert {b.id for b in blocks if b.id in guaranteed} <= kept_ids
    assert (text == "") == (kept == [])
    if kept:
        assert text.split("\n") == lines_for(template, kept)  # exactly the blocks kept
    if kept_ids - guaranteed:
        assert estimate_tokens(text) <= budget


@given(cases())
def test_nothing_left_out_would_have_fitted(
    case: tuple[str, list[ScoredBlock], set[str], int],
) -> None:
    template, blocks, guaranteed, budget = case
    _, kept = render(template, blocks, guaranteed, budget, goal_tags=(GOAL,))
    for left_out in (b for b in blocks if b not in kept):
        wider = [b for b in blocks if b in kept or b == left_out]
        text, _ = render(template, wider, set(ids(wider)), ROOM, goal_tags=(GOAL,))
        assert estimate_tokens(text) > budget, left_out.id
