"""Decay tiers: how fast a block fades, by its tags and category. Pure."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class DecayTier:
    name: str
    decay_lambda: float  # per active hour

    @property
    def half_life_hours(self) -> float:
        return math.log(2) / self.decay_lambda


PERMANENT = DecayTier("permanent", 0.00001)


DURABLE = DecayTier("durable", 0.001)


STANDARD = DecayTier("standard", 0.010)


EPHEMERAL = DecayTier("ephemeral", 0.050)


DURABLE_TAGS = frozenset({"self/value", "self/constraint", "self/goal"})


def decay_tier(tags: Iterable[str], category: str) -> DecayTier:
    """First match wins: constitutional → permanent; value/constraint/goal → durable;
    observations → ephemeral; everything else standard (docs/BEHAVIOUR.md §2)."""
    tag_set = set(tags)
    if "self/constitutional" in tag_set:
        return PERMANENT
    if tag_set & DURABLE_TAGS:
        return DURABLE
    if category == "observation":
        return EPHEMERAL
    return STANDARD
