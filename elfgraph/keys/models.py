"""What the key operations return."""

from __future__ import annotations

from typing import Literal

from elfgraph.records import Record

Scope = Literal["read", "write", "admin"]
SCOPES: tuple[Scope, ...] = ("read", "write", "admin")


class KeyRecord(Record):
    """One key as `keys list` shows it: never the secret, never its hash."""

    id: str
    space: str | None  # None: every space (`--all-spaces`)
    scope: Scope
    label: str = ""
    created_at: str
    revoked_at: str | None = None

    @property
    def summary(self) -> str:
        where = "every space" if self.space is None else f"space {self.space!r}"
        state = f"revoked {self.revoked_at}" if self.revoked_at else "active"
        label = f" ({self.label})" if self.label else ""
        return f"Key {self.id}{label}: {self.scope} on {where}, {state}."


class NewKey(Record):
    """A key just made: the only time its secret is shown."""

    id: str
    key: str
    space: str | None
    scope: Scope

    @property
    def summary(self) -> str:
        where = "every space" if self.space is None else f"space {self.space!r}"
        return f"Key {self.id}: {self.scope} on {where}. It is shown once: keep it now."


def covers(granted: Scope, needed: Scope) -> bool:
    """Whether a key of scope `granted` may do what needs `needed`."""
    return SCOPES.index(granted) >= SCOPES.index(needed)
