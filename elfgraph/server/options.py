"""How `elfgraph serve` runs: where it listens and its bounds (docs/DEPLOYMENT.md)."""

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, Field

from elfgraph.embedding.base import EmbeddingService
from elfgraph.errors import ConfigError


class ServeOptions(BaseModel):
    """Every option of `elfgraph serve`, with its default."""

    host: str = "127.0.0.1"
    port: int = Field(8766, ge=0, le=65535)
    workers: int = Field(1, ge=1, le=64)
    max_spaces: int = Field(64, ge=1)  # open at once; the least recently used closes first
    idle_seconds: float = Field(900.0, gt=0)  # a space no call used for this long closes
    memory_mb: float = Field(0.0, ge=0)  # close idle spaces while RSS is above; 0: no cap
    max_body_mb: float = Field(4.0, gt=0)
    max_batch: int = Field(1000, ge=1)
    key_cache_seconds: float = Field(5.0, ge=0)
    embedder: str | None = None  # "module:callable" returning an EmbeddingService
    ssl_certfile: str | None = None
    ssl_keyfile: str | None = None

    @property
    def tls(self) -> bool:
        return self.ssl_certfile is not None

    @property
    def loopback(self) -> bool:
        if self.host == "localhost":
            return True
        try:
            return ipaddress.ip_address(self.host).is_loopback
        except ValueError:
            return False

    def warning(self) -> str | None:
        """What `serve` prints when it would send keys in clear beyond this machine."""
        if self.loopback or self.tls:
            return None
        return (
            f"warning: serving on {self.host} without TLS: keys and memories cross the network "
            "in clear. Give --ssl-certfile and --ssl-keyfile, or put a reverse proxy with TLS "
            "in front and bind it to 127.0.0.1 (docs/DEPLOYMENT.md)."
        )


def embedder_factory(path: str | None) -> Callable[[], EmbeddingService] | None:
    """The callable named by `module:attribute` (e.g. a test's mock embedder), or None for
    the local model ELFGRAPH_EMBEDDER names."""
    if path is None:
        return None
    module_name, _, attribute = path.partition(":")
    try:
        import importlib

        found: Any = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError, ValueError) as exc:
        raise ConfigError(
            f"Cannot load the embedder {path!r}: {exc}.",
            recovery="Pass --embedder module:callable, a callable that returns an "
            "EmbeddingService, or leave it out for ELFGRAPH_EMBEDDER's local model.",
        ) from exc
    if not callable(found):
        raise ConfigError(
            f"The embedder {path!r} is not callable.",
            recovery="Name a class or function that returns an EmbeddingService.",
        )
    return found  # type: ignore[no-any-return]
