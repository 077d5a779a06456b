"""The rules of knowledge edges that hold before any query runs (docs/BEHAVIOUR.md §1, §8).

Relation words, their default weights and relationship types, weight clamping, and
which edges a full block may give up. Pure: the connect family checks its input here, so
nothing unchecked ever reaches a query, and a relationship type is only ever made from a
word that passed `check_relation`.
"""

from __future__ import annotations

import re
from typing import Literal, get_args

from elfgraph.core.checks import is_number, is_text, shown
from elfgraph.errors import ConnectError

IfExists = Literal["reinforce", "update", "skip", "error"]
IF_EXISTS: tuple[str, ...] = get_args(IfExists)

RELATION_WORD = re.compile(r"[a-z][a-z0-9_]{0,31}")
RELATION_RULE = (
    "a relation is one lower-case word: a letter, then up to 31 letters, digits or "
    "underscores (e.g. 'supports', 'depends_on')"
)

DEFAULT_RELATION = "similar"
# A stronger assertion gets a stronger default edge; agent words weigh like `similar`.
DEFAULT_WEIGHTS: dict[str, float] = {
    "similar": 0.65,
    "co_occurs": 0.55,
    "elaborates": 0.70,
    "supports": 0.75,
    "contradicts": 0.60,
    "outcome": 0.80,
}
CUSTOM_RELATION_WEIGHT = 0.65


MAX_NOTE_CHARS = 1000
MAX_ID_CHARS = 64


def check_relation(relation: object, *, argument: str = "relation") -> str:
    """The relation word itself, or ConnectError stating the rule."""
    if not isinstance(relation, str) or RELATION_WORD.fullmatch(relation) is None:
        raise ConnectError(
            f"{argument} {shown(relation, 60)} is not a relation word.",
            recovery=f"Use one of {', '.join(DEFAULT_WEIGHTS)} or your own word: {RELATION_RULE}.",
        )
    return relation


def relationship_type(relation: str) -> str:
    """The Neo4j relationship type of a checked relation word: `depends_on` → DEPENDS_ON."""
    return check_relation(relation).upper()


def edge_weight(relation: str, weight: object) -> float:
    """An explicit weight clamped to [0, 1], else the relation's default."""
    if weight is None:
        return DEFAULT_WEIGHTS.get(relation, CUSTOM_RELATION_WEIGHT)
    if not is_number(weight):
        raise ConnectError(
            f"weight must be a number, not {shown(weight)}.",
            recovery="Give a {arg:weight} from 0 to 1, or leave it out for the relation's default.",
        )
    return min(1.0, max(0.0, float(weight)))


def check_block_id(value: object, argument: str) -> str:
    if not is_text(value) or not value.strip() or len(value) > MAX_ID_CHARS:
        raise ConnectError(
            f"{argument} must be a block id (a short non-empty string), not {shown(value, 60)}.",
            recovery="Use {ids}.",
        )
    return value


def check_note(note: object) -> str | None:
    if note is None:
        return None
    if not is_text(note) or len(note) > MAX_NOTE_CHARS:
        raise ConnectError(
            f"note must be valid text of at most {MAX_NOTE_CHARS} characters.",
            recovery="Say in a sentence why the blocks are related.",
        )
    return note


def check_if_exists(value: object) -> IfExists:
    if not isinstance(value, str) or value not in IF_EXISTS:
        raise ConnectError(
            f"if_exists must be one of {', '.join(IF_EXISTS)}, not {shown(value)}.",
            recovery="{arg:if_exists=reinforce} strengthens an existing edge, "
            "{arg:if_exists=update} changes its relation, weight or note, {arg:if_exists=skip} "
            "leaves it, {arg:if_exists=error} refuses.",
        )
    return value  # type: ignore[return-value]


def ordered(a: str, b: str) -> tuple[str, str]:
    """Edges are stored from the smaller block id to the larger."""
    return (a, b) if a < b else (b, a)
