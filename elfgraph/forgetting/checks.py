"""What forget(), forget_matching() and correct() accept, checked before anything is read or
written: a bad argument is a ForgetError or CorrectError with a recovery, and nothing
changes."""

from __future__ import annotations

from elfgraph.core.checks import INVALID_TEXT, is_flag, is_storable, shown
from elfgraph.errors import ElfgraphError, ForgetError

MAX_IDS = 10_000  # ids in one forget call; each batch of a forget is one transaction
MAX_ID_CHARS = 64  # block ids are 16 hex characters; a longer string names nothing
MAX_REASON_CHARS = 1_000
MIN_TEXT_CHARS = 3  # forget_matching: a shorter text matches too much to be meant
MAX_TEXT_CHARS = 1_000
MAX_MATCHES = 10_000


def check_ids(block_ids: object, error: type[ElfgraphError] = ForgetError) -> list[str]:
    """The ids as given (stripped, each once, in order), or `error` naming what is wrong."""
    if isinstance(block_ids, str) or not isinstance(block_ids, list | tuple):
        raise error(
            f"block_ids must be a list of block ids, not {type(block_ids).__name__}.",
            recovery="Pass a list of ids, even for one block: use {ids}.",
        )
    if not block_ids:
        raise error(
            "No block ids given.",
            recovery="Name the blocks to forget: use {ids}, or {op:forget_matching} to find "
            "them by their text.",
        )
    if len(block_ids) > MAX_IDS:
        raise error(
            f"{len(block_ids)} ids given; one call takes at most {MAX_IDS}.",
            recovery="Forget them in several calls.",
        )
    ids: list[str] = []
    for given in block_ids:
        if (
            not isinstance(given, str)
            or not given.strip()
            or len(given) > MAX_ID_CHARS
            or not is_storable(given)
        ):
            raise error(
                f"Block id {shown(given)} is not a block id.",
                recovery="Block ids are 16 hex characters (6 or more are enough when only one "
                "block starts with them): use {ids}.",
            )
        if given.strip() not in ids:
            ids.append(given.strip())
    return ids


def check_reason(reason: object, error: type[ElfgraphError] = ForgetError) -> str | None:
    """Why (kept in the tombstone or on the corrected block), or None."""
    if reason is None:
        return None
    if not isinstance(reason, str) or not is_storable(reason) or len(reason) > MAX_REASON_CHARS:
        raise error(
            f"The reason must be text of at most {MAX_REASON_CHARS} characters, not "
            f"{shown(reason)}.",
            recovery="Give a short reason, e.g. {arg:reason=deletion request}, or leave it out.",
        )
    return reason.strip() or None


def check_dry_run(dry_run: object) -> bool:
    if not is_flag(dry_run):
        raise ForgetError(
            f"dry_run must be True or False, not {shown(dry_run)}.",
            recovery="Pass True to see what would go, False to forget it.",
        )
    return dry_run


def check_text(text: object) -> str:
    """forget_matching's text: what a block's content must contain (any case)."""
    if not isinstance(text, str) or not is_storable(text):
        raise ForgetError(
            f"The text to match must be a string, not {shown(text)}."
            if not isinstance(text, str)
            else f"The text to match {INVALID_TEXT}.",
            recovery="Pass the words the blocks to forget contain, e.g. a name or a number.",
        )
    stripped = text.strip()
    if not MIN_TEXT_CHARS <= len(stripped) <= MAX_TEXT_CHARS:
        raise ForgetError(
            f"The text to match has {len(stripped)} characters; it needs "
            f"{MIN_TEXT_CHARS} to {MAX_TEXT_CHARS}.",
            recovery="Give the words that the blocks to forget contain (a shorter text would "
            "match nearly every block), or forget blocks by id with {op:forget}.",
        )
    return stripped


def check_limit(limit: object) -> int:
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_MATCHES:
        raise ForgetError(
            f"limit must be a whole number from 1 to {MAX_MATCHES}, not {shown(limit)}.",
            recovery="Ask for at most a few hundred blocks at once, e.g. {arg:limit=100}.",
        )
    return limit
