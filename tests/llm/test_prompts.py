"""The LLM prompts and the parsing of their replies: tolerant of prose, strict on scores."""

from __future__ import annotations

import pytest

from elfgraph.llm.base import BlockAnalysis
from elfgraph.llm.errors import ServiceError
from elfgraph.llm.prompts import analysis_prompt, parse_analysis, parse_contradiction


def test_parse_analysis_skips_think_blocks_and_stray_braces() -> None:
    reply = (
        "<think>The format is {alignment_score: ...}; keep it short.</think>\n"
        'Using {braces} in prose. {"alignment_score": "0.8", "tags": null, "summary": ""}'
    )
    assert parse_analysis(reply) == BlockAnalysis(0.8, [], None)


def test_parse_analysis_nan_is_neutral() -> None:
    assert parse_analysis('{"alignment_score": NaN}').alignment_score == 0.5


def test_parse_contradiction_needs_the_score() -> None:
    assert parse_contradiction('{"contradiction_score": 1}') == 1.0
    with pytest.raises(ServiceError, match="contradiction_score"):
        parse_contradiction('{"score": 0.3}')
    with pytest.raises(ServiceError, match="contradiction_score"):
        parse_contradiction('{"contradiction_score": true}')


def test_analysis_prompt_marks_an_empty_self_context() -> None:
    _, user = analysis_prompt("a block", "  ")
    assert "(empty)" in user
    assert "a block" in user
