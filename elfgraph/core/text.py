"""Block identity and text rules: normalisation, content ids, token estimates. Pure."""

from __future__ import annotations

import hashlib
import secrets


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
