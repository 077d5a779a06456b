"""Checking a packaged model file before it runs: a corrupted or swapped file never embeds."""

from __future__ import annotations

import hashlib
from pathlib import Path

from elfgraph.errors import ConfigError

_HASH_CHUNK = 1 << 20


def check_sha256(path: Path, expected: str, *, what: str, recovery: str) -> None:
    """Stream the file through sha256 (a model never sits in memory twice); a ConfigError
    naming `what` the file should be when it cannot be read or does not match."""
    digest = hashlib.sha256()
    try:
        with path.open("rb") as handle:
            while chunk := handle.read(_HASH_CHUNK):
                digest.update(chunk)
    except OSError as exc:
        raise ConfigError(
            f"the local embedding model {path} cannot be read: {exc}", recovery=recovery
        ) from exc
    if digest.hexdigest() != expected:
        raise ConfigError(
            f"the local embedding model {path} has sha256 {digest.hexdigest()}, "
            f"expected {expected} ({what})",
            recovery=recovery,
        )
