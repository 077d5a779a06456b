"""Creating, listing, revoking and checking the service's keys."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from elfgraph.core.checks import shown
from elfgraph.errors import AuthError, ConfigError
from elfgraph.keys.models import SCOPES, KeyRecord, NewKey, Scope
from elfgraph.keys.repository.create_key import create_key as store_key
from elfgraph.keys.repository.find_key import find_key
from elfgraph.keys.repository.list_keys import list_keys as stored_keys
from elfgraph.keys.repository.revoke_key import revoke_key as mark_revoked
from elfgraph.keys.secrets import make_key, matches, split_key
from elfgraph.spaces.names import validate_space_name
from elfgraph.store.database import Database

MAX_LABEL = 100


def check_scope(scope: object) -> Scope:
    for known in SCOPES:
        if scope == known:
            return known
    raise ConfigError(
        f"Unknown key scope {shown(scope)}.",
        recovery="Use --scope read (recall, status), write (learn, dream, frame, outcome, "
        "connect, curate) or admin (also import into the space; with --all-spaces, manage "
        "spaces).",
    )


async def create_key(
    database: Database, *, space: str | None, scope: str, label: str = ""
) -> NewKey:
    """A new key for `space` (None: every space); its secret is in the result only."""
    chosen = check_scope(scope)
    if space is not None:
        validate_space_name(space)
    if not isinstance(label, str) or len(label) > MAX_LABEL or "\n" in label:
        raise ConfigError(
            f"A key's label is one line of at most {MAX_LABEL} characters.",
            recovery="Name who holds the key in a few words, e.g. --label 'agent-7'.",
        )
    made = make_key()
    await database.write(
        store_key,
        id=made.id,
        space=space,
        all_spaces=space is None,
        scope=chosen,
        label=label,
        salt=made.salt,
        digest=made.digest,
        created_at=datetime.now(UTC).isoformat(),
    )
    return NewKey(id=made.id, key=made.key, space=space, scope=chosen)


def _record(row: dict[str, Any]) -> KeyRecord:
    return KeyRecord(
        id=row["id"],
        space=None if row.get("all_spaces") else row.get("space"),
        scope=row["scope"],
        label=row.get("label") or "",
        created_at=row["created_at"],
        revoked_at=row.get("revoked_at"),
    )


async def list_keys(database: Database, *, space: str | None = None) -> list[KeyRecord]:
    """Every key (of one space when given), revoked ones too, oldest first."""
    if space is not None:
        validate_space_name(space)
    return [_record(row) for row in await database.read(stored_keys, space=space)]


async def revoke_key(database: Database, key_id: str) -> KeyRecord:
    """Revoke a key by its id: no request is accepted with it again."""
    if not isinstance(key_id, str) or not 1 <= len(key_id) <= 64:
        raise ConfigError(
            f"A key id is a short string, not {shown(key_id)}.",
            recovery="Pass an id that `elfgraph keys list` shows.",
        )
    row = await database.write(mark_revoked, id=key_id, revoked_at=datetime.now(UTC).isoformat())
    if row is None:
        raise ConfigError(
            f"There is no key {key_id!r}.",
            recovery="Pass an id that `elfgraph keys list` shows.",
        )
    return _record(row)


async def check_key(database: Database, key: str) -> KeyRecord:
    """The key a request presented, when its secret matches; AuthError otherwise (the same
    error, whether the id is unknown, the secret wrong or the key revoked)."""
    parts = split_key(key)
    row = await database.read(find_key, id=parts[0]) if parts is not None else None
    secret = parts[1] if parts is not None else key
    good = matches(secret, row.get("salt") if row else None, row.get("digest") if row else None)
    if row is None or not good or row.get("revoked_at"):
        raise AuthError(
            "The key is not valid: unknown, wrong or revoked.",
            recovery="Send the key `elfgraph keys create` printed, as 'Authorization: Bearer "
            "<key>' (ELFGRAPH_API_KEY for the client and the CLI).",
        )
    return _record(row)
