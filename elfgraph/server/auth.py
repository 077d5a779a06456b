"""Who may call: every request but /health, /ready and the documents carries
`Authorization: Bearer <key>` (elfgraph/keys/). No key, or an unknown, wrong or revoked
one, is 401; a key of another space, or of too narrow a scope, is 403. Neither says
whether another space exists. The header is never logged.

A checked key is remembered for `cache_seconds` (default 5), keyed by a hash of it, so a
call costs no extra read of Neo4j; a key revoked elsewhere is refused within that time, and
at once by a server that revoked it itself.
"""

from __future__ import annotations

import hashlib
import time

from starlette.requests import Request

from elfgraph.errors import AccessError, AuthError
from elfgraph.keys.manage import check_key
from elfgraph.keys.models import KeyRecord, Scope, covers
from elfgraph.store.database import Database

CACHE_SIZE = 10_000


def bearer(request: Request) -> str:
    header = request.headers.get("authorization", "")
    scheme, _, key = header.partition(" ")
    if scheme.lower() != "bearer" or not key.strip():
        raise AuthError(
            "This request has no key.",
            recovery="Send 'Authorization: Bearer <key>' with a key `elfgraph keys create` "
            "made (the client and the CLI read it from ELFGRAPH_API_KEY).",
        )
    return key.strip()


class Keys:
    """Checks a request's key against the keys in Neo4j, remembering recent answers."""

    def __init__(self, database: Database, *, cache_seconds: float = 5.0) -> None:
        self._database = database
        self.cache_seconds = cache_seconds
        self._known: dict[bytes, tuple[float, KeyRecord]] = {}

    def forget(self, key_id: str | None = None) -> None:
        """Drop remembered keys (one id, or all): after a revocation or a dropped space."""
        if key_id is None:
            self._known.clear()
            return
        for fingerprint, (_, record) in list(self._known.items()):
            if record.id == key_id:
                del self._known[fingerprint]

    async def key(self, request: Request) -> KeyRecord:
        key = bearer(request)
        fingerprint = hashlib.sha256(key.encode("utf-8", "replace")).digest()
        now = time.monotonic()
        known = self._known.get(fingerprint)
        if known is not None and known[0] > now:
            return known[1]
        record = await check_key(self._database, key)
        if self.cache_seconds > 0:
            if len(self._known) >= CACHE_SIZE:
                self._known.clear()
            self._known[fingerprint] = (now + self.cache_seconds, record)
        return record

    async def allow(self, request: Request, space: str | None, scope: Scope) -> KeyRecord:
        """The request's key, when it opens `space` (None: the whole database) for `scope`."""
        record = await self.key(request)
        if record.space is not None and record.space != space:
            where = "the whole database" if space is None else f"space {space!r}"
            raise AccessError(
                f"This key does not open {where}.",
                recovery="Use a key made for it: `elfgraph keys create --space <space>` (or "
                "--all-spaces for the whole database).",
            )
        if not covers(record.scope, scope):
            raise AccessError(
                f"This key's scope is {record.scope}; this needs {scope}.",
                recovery=f"Use a key of scope {scope} or wider (`elfgraph keys create "
                f"--scope {scope}`).",
            )
        return record
