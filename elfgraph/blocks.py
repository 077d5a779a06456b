"""Pure rules about blocks: ids, input checks, decay tiers. No I/O."""

from __future__ import annotations

import hashlib
import math
import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from elfgraph.errors import LearnError
from elfgraph.memory_config import MemoryConfig

CATEGORIES_HINT = "knowledge, preference, decision, observation, …"


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
    observations → ephemeral; everything else standard (BEHAVIOUR.md §2)."""
    tag_set = set(tags)
    if "self/constitutional" in tag_set:
        return PERMANENT
    if tag_set & DURABLE_TAGS:
        return DURABLE
    if category == "observation":
        return EPHEMERAL
    return STANDARD


def normalised_text(content: str) -> str:
    """What identity and embeddings are computed from: stripped, lower-cased."""
    return content.strip().lower()


def block_id(content: str) -> str:
    """First 16 hex chars of sha256 of the normalised content."""
    return hashlib.sha256(normalised_text(content).encode("utf-8")).hexdigest()[:16]


def random_block_id() -> str:
    """For content re-learned after its first block was promoted or archived."""
    return secrets.token_hex(8)


def token_count(text: str) -> int:
    return len(text) // 4


def check_content(content: object, config: MemoryConfig) -> str:
    if not isinstance(content, str):
        raise LearnError(
            f"Content must be text, not {type(content).__name__}.",
            recovery="Pass the knowledge as a string, e.g. learn('The API uses OAuth2').",
        )
    if not content.strip():
        raise LearnError(
            "Content is empty or only whitespace.",
            recovery="Pass one non-empty fact, preference, decision or observation.",
        )
    if "\x00" in content:
        raise LearnError(
            "Content contains a NUL byte.",
            recovery="Remove NUL (\\x00) characters; store binary data elsewhere and learn "
            "a description of it.",
        )
    size = len(content.encode("utf-8"))
    if size > config.max_content_bytes:
        raise LearnError(
            f"Content is {size} bytes; the limit is {config.max_content_bytes}.",
            recovery="Split it into smaller blocks (one idea each), or raise "
            "memory.max_content_bytes in the configuration.",
        )
    return content


def check_tags(tags: object, config: MemoryConfig) -> list[str]:
    if tags is None:
        return []
    if isinstance(tags, str) or not isinstance(tags, list | tuple | set | frozenset):
        raise LearnError(
            f"Tags must be a list of strings, not {type(tags).__name__}.",
            recovery="Pass tags=['topic/auth', 'self/value'] (a list, even for one tag).",
        )
    cleaned: list[str] = []
    for tag in tags:
        if not isinstance(tag, str) or not tag.strip():
            raise LearnError(
                f"Tag {tag!r} is not a non-empty string.",
                recovery="Use short strings such as 'project/alpha' or 'self/goal'.",
            )
        tag = tag.strip()
        if len(tag) > config.max_tag_length or "\x00" in tag or "\n" in tag:
            raise LearnError(
                f"Tag {tag[:40]!r}… is too long or holds control characters.",
                recovery=f"Keep tags under {config.max_tag_length} characters, on one line.",
            )
        if tag not in cleaned:
            cleaned.append(tag)
    if len(cleaned) > config.max_tags:
        raise LearnError(
            f"{len(cleaned)} tags given; the limit is {config.max_tags}.",
            recovery="Keep the few tags that matter for finding the block again.",
        )
    return cleaned


def check_short_text(value: object, what: str, default: str) -> str:
    """Category and source: short single-line strings."""
    if value is None:
        return default
    if not isinstance(value, str) or not value.strip() or len(value) > 64 or "\n" in value:
        raise LearnError(
            f"{what.capitalize()} {value!r} must be a short one-line string.",
            recovery=f"Use a word such as {CATEGORIES_HINT}"
            if what == "category"
            else "Use a short word naming where the knowledge came from, e.g. 'api' or 'user'.",
        )
    return value.strip()
