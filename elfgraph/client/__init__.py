"""The client of elfgraph's service: the library's API over HTTP.

    import elfgraph

    memory = await elfgraph.connect("http://127.0.0.1:8766", "my-agent", key=KEY)
    # or: async with await elfgraph.connect(...) as memory:
    await memory.learn("The deploy script needs AWS_PROFILE set.")

`connect` returns a RemoteMemory with MemorySystem's methods, arguments and result types,
and raises the same ElfgraphError subclasses. The URL and the key default to ELFGRAPH_URL
and ELFGRAPH_API_KEY. A program that only talks to a service loads no Neo4j driver, numpy
or embedding model (the import-linter contract "The client loads no driver, model or
numpy" keeps it so).
"""

from __future__ import annotations

import os

from elfgraph.client.admin import ServiceAdmin
from elfgraph.client.memory import RemoteMemory
from elfgraph.client.transport import Transport
from elfgraph.errors import ConfigError
from elfgraph.spaces.names import validate_space_name

DEFAULT_CONNECTION_TIMEOUT = 10.0


def service_address(url: str | None, key: str | None) -> tuple[str, str]:
    """The URL and key given, or ELFGRAPH_URL and ELFGRAPH_API_KEY."""
    url = url or os.environ.get("ELFGRAPH_URL")
    key = key or os.environ.get("ELFGRAPH_API_KEY")
    if not url:
        raise ConfigError(
            "No service URL: pass one, or set ELFGRAPH_URL.",
            recovery="Set ELFGRAPH_URL to the address `elfgraph serve` prints, e.g. "
            "http://127.0.0.1:8766.",
        )
    if not url.startswith(("http://", "https://")):
        raise ConfigError(
            f"The service URL {url!r} is not http:// or https://.",
            recovery="Set ELFGRAPH_URL to e.g. http://127.0.0.1:8766 or https://memory.example.",
        )
    if not key:
        raise ConfigError(
            "No key for the service: pass key=…, or set ELFGRAPH_API_KEY.",
            recovery="Make one with `elfgraph keys create --space SPACE --scope write`.",
        )
    return url, key


def _timeout() -> float:
    raw = os.environ.get("ELFGRAPH_CONNECTION_TIMEOUT")
    try:
        return float(raw) if raw else DEFAULT_CONNECTION_TIMEOUT
    except ValueError:
        return DEFAULT_CONNECTION_TIMEOUT


async def connect(
    url: str | None = None,
    space: str = "default",
    *,
    key: str | None = None,
    connection_timeout: float | None = None,
    check: bool = True,
) -> RemoteMemory:
    """A space of the service at `url`, opened with `key`. `check`: make one call first,
    so that a wrong URL, key or space fails here (AuthError, AccessError, ServiceError)."""
    validate_space_name(space)
    address, secret = service_address(url, key)
    transport = Transport(address, secret, connection_timeout=connection_timeout or _timeout())
    memory = RemoteMemory(transport, space)
    if check:
        try:
            await memory.now_hours()
        except BaseException:
            await transport.close()
            raise
    return memory


async def connect_admin(
    url: str | None = None, *, key: str | None = None, connection_timeout: float | None = None
) -> ServiceAdmin:
    """The spaces of the service's database, for a key of --all-spaces --scope admin."""
    address, secret = service_address(url, key)
    return ServiceAdmin(
        Transport(address, secret, connection_timeout=connection_timeout or _timeout())
    )


__all__ = ["RemoteMemory", "ServiceAdmin", "connect", "connect_admin", "service_address"]
