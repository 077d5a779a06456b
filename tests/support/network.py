"""Addresses where nothing listens, for tests of unreachable services."""

from __future__ import annotations

import socket


def closed_port() -> int:
    """A local TCP port that was free a moment ago (nothing listens on it)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
