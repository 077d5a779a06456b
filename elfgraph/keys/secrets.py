"""Making and checking key secrets: pure, no I/O (elfgraph/keys/__init__.py)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass

PREFIX = "eg_"
ID_CHARS = 12
SECRET_BYTES = 32
_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567"
# A digest compared when a key's id is unknown, so that an unknown id and a wrong secret
# take the same time to refuse.
_DUMMY_SALT = "0" * 32


@dataclass(frozen=True)
class Made:
    id: str
    key: str
    salt: str
    digest: str


def digest(secret: str, salt: str) -> str:
    """HMAC-SHA256 of the secret under the key's salt, in hex."""
    return hmac.new(bytes.fromhex(salt), secret.encode("utf-8"), hashlib.sha256).hexdigest()


def make_key() -> Made:
    key_id = "".join(secrets.choice(_ALPHABET) for _ in range(ID_CHARS))
    secret = base64.urlsafe_b64encode(secrets.token_bytes(SECRET_BYTES)).decode().rstrip("=")
    salt = secrets.token_hex(16)
    return Made(key_id, f"{PREFIX}{key_id}_{secret}", salt, digest(secret, salt))


def split_key(key: str) -> tuple[str, str] | None:
    """(id, secret) of a well-formed key, else None."""
    if not key.startswith(PREFIX) or len(key) < len(PREFIX) + ID_CHARS + 2 or len(key) > 200:
        return None
    key_id, sep, secret = key[len(PREFIX) :].partition("_")
    if sep != "_" or len(key_id) != ID_CHARS or not set(key_id) <= set(_ALPHABET) or not secret:
        return None
    return key_id, secret


def matches(secret: str, salt: str | None, stored: str | None) -> bool:
    """Whether the secret hashes to the stored digest; constant time, and as slow for a key
    with no hash (revoked, unknown) as for a wrong secret."""
    if salt is None or stored is None:
        hmac.compare_digest(digest(secret, _DUMMY_SALT), "0" * 64)
        return False
    return hmac.compare_digest(digest(secret, salt), stored)
