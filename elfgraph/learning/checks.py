"""What learn() accepts: content, tags, category and source, checked before any write."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date
from typing import Any, NotRequired, TypedDict

from elfgraph.config.memory import MemoryConfig
from elfgraph.core.checks import INVALID_TEXT, is_storable, shown
from elfgraph.core.when import MAX_SPEAKER_CHARS, EventTime, event_time
from elfgraph.errors import LearnError

CATEGORIES_HINT = "knowledge, preference, decision, observation, …"
DEFAULT_CATEGORY = "knowledge"
DEFAULT_SOURCE = "api"


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
    if not is_storable(content):
        raise LearnError(
            f"Content {INVALID_TEXT}.",
            recovery="Remove NUL (\\x00) characters and unpaired surrogates (decode bytes "
            "as UTF-8 with errors='replace'); store binary data elsewhere and learn a "
            "description of it.",
        )
    size = len(content.encode("utf-8"))
    if size > config.learning.max_content_bytes:
        raise LearnError(
            f"Content is {size} bytes; the limit is {config.learning.max_content_bytes}.",
            recovery="Split it into smaller blocks (one idea each), or raise "
            "{setting:learning.max_content_bytes}.",
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
        if not isinstance(tag, str) or not tag.strip() or not is_storable(tag):
            raise LearnError(
                f"Tag {shown(tag)} is not a non-empty string of valid text.",
                recovery="Use short strings such as 'project/alpha' or 'self/goal'.",
            )
        tag = tag.strip()
        if len(tag) > config.learning.max_tag_length or "\n" in tag:
            raise LearnError(
                f"Tag {tag[:40]!r}… is too long or holds control characters.",
                recovery=f"Keep tags under {config.learning.max_tag_length} characters, on one "
                "line, or raise {setting:learning.max_tag_length}.",
            )
        if tag not in cleaned:
            cleaned.append(tag)
    if len(cleaned) > config.learning.max_tags:
        raise LearnError(
            f"{len(cleaned)} tags given; the limit is {config.learning.max_tags}.",
            recovery="Keep the few tags that matter for finding the block again, or raise "
            "{setting:learning.max_tags}.",
        )
    return cleaned


def check_short_text(value: object, what: str, default: str) -> str:
    """Category and source: short single-line strings."""
    if value is None:
        return default
    if (
        not isinstance(value, str)
        or not value.strip()
        or len(value) > 64
        or "\n" in value
        or not is_storable(value)
    ):
        raise LearnError(
            f"{what.capitalize()} {shown(value)} must be a short one-line string.",
            recovery=f"Use a word such as {CATEGORIES_HINT}"
            if what == "category"
            else "Use a short word naming where the knowledge came from, e.g. 'api' or 'user'.",
        )
    return value.strip()


def check_occurred_at(value: object) -> EventTime | None:
    """When it happened or was said (docs/BEHAVIOUR.md §3.3): an ISO date or date-time, with
    or without a zone, or a date / datetime; None: when it is learned."""
    if value is None:
        return None
    try:
        return event_time(value)
    except ValueError as exc:
        raise LearnError(
            f"occurred_at {shown(value)} cannot be read: {exc}.",
            recovery="Pass an ISO 8601 date or date-time, e.g. {arg:occurred_at='2023-05-08'} "
            "or '2023-05-08T13:56:00+02:00', or leave it out (when it is learned).",
        ) from None


def check_speaker(value: object) -> str | None:
    """Who said or wrote it: one line of free text, at most MAX_SPEAKER_CHARS characters."""
    if value is None:
        return None
    if (
        not isinstance(value, str)
        or not value.strip()
        or len(value.strip()) > MAX_SPEAKER_CHARS
        or any(c in value for c in "\n\r")
        or not is_storable(value)
    ):
        raise LearnError(
            f"speaker {shown(value)} must be a name on one line of at most "
            f"{MAX_SPEAKER_CHARS} characters.",
            recovery="Pass who said or wrote it, e.g. {arg:speaker='Maria'}, or leave it out.",
        )
    return " ".join(value.split())


Item = str | Mapping[str, Any]
When = str | date | None  # occurred_at, as_of: ISO text or a date / datetime


class CheckedItem(TypedDict):
    content: str
    tags: list[str]
    category: str
    source: str
    occurred: NotRequired[EventTime]  # given: when it happened or was said
    speaker: NotRequired[str]  # given: who said it, its display form


_FIELDS = {"content", "tags", "category", "source", "occurred_at", "speaker"}


def check_items(
    items: Iterable[Item],
    config: MemoryConfig,
    *,
    occurred_at: object = None,
    speaker: object = None,
) -> list[CheckedItem]:
    """Every item as {content, tags, category, source} and, when given, when it happened
    and who said it (an item's own, else the batch's `occurred_at` and `speaker`); the
    first bad one raises LearnError (naming its index in a batch)."""
    batch_occurred = check_occurred_at(occurred_at)
    batch_speaker = check_speaker(speaker)
    if isinstance(items, str | bytes | Mapping) or not isinstance(items, Iterable):
        raise LearnError(
            f"learn_many() takes a list of items, not {type(items).__name__}.",
            recovery="Wrap it in a list: learn_many(['first fact', 'second fact']).",
        )
    batch = list(items)
    checked: list[CheckedItem] = []
    for index, item in enumerate(batch):
        fields = _fields(item, index)
        try:
            one = (
                _plain(check_content(item, config))  # the common case: a bare string
                if fields is None
                else CheckedItem(
                    content=check_content(fields.get("content"), config),
                    tags=check_tags(fields.get("tags"), config),
                    category=check_short_text(fields.get("category"), "category", DEFAULT_CATEGORY),
                    source=check_short_text(fields.get("source"), "source", DEFAULT_SOURCE),
                )
            )
            occurred = check_occurred_at(fields.get("occurred_at")) if fields else None
            said_by = check_speaker(fields.get("speaker")) if fields else None
            occurred = occurred or batch_occurred
            said_by = said_by or batch_speaker
            if occurred is not None:
                one["occurred"] = occurred
            if said_by is not None:
                one["speaker"] = said_by
            checked.append(one)
        except LearnError as exc:
            if len(batch) == 1:
                raise
            raise LearnError(
                f"Item {index}: {exc.message}", recovery=exc.recovery_template
            ) from exc
    return checked


def _fields(item: object, index: int) -> Mapping[str, Any] | None:
    """An item's mapping, checked for unknown keys; None for a bare string."""
    if isinstance(item, str):
        return None
    if not isinstance(item, Mapping):
        raise LearnError(
            f"Item {index} is a {type(item).__name__}, not text or a mapping.",
            recovery="Pass strings, or dicts with 'content' and optional 'tags', "
            "'category', 'source'.",
        )
    unknown = [key for key in item if key not in _FIELDS]
    if unknown:
        raise LearnError(
            f"Item {index} has unknown keys {shown(unknown, 80)}.",
            recovery="Use only 'content', 'tags', 'category', 'source', 'occurred_at' and "
            "'speaker'.",
        )
    return item


def _plain(content: str) -> CheckedItem:
    """A bare string: no tags, the default category and source."""
    return CheckedItem(content=content, tags=[], category=DEFAULT_CATEGORY, source=DEFAULT_SOURCE)


def with_when(item: dict[str, Any], occurred_at: object, speaker: object) -> dict[str, Any]:
    """A learn item with its event time and speaker, when given."""
    if occurred_at is not None:
        item["occurred_at"] = occurred_at
    if speaker is not None:
        item["speaker"] = speaker
    return item
