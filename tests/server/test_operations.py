"""The service offers exactly the library's API: every public MemorySystem method is an
operation of elfgraph.wire (or says in NOT_ROUTES how it travels), and the client's method
of each name takes the same arguments, with the same defaults. When a new MemorySystem
method lands, this test names what the service and the client still lack."""

from __future__ import annotations

import inspect

import pytest

from elfgraph import errors
from elfgraph.client.memory import RemoteMemory
from elfgraph.memory import MemorySystem
from elfgraph.protocol import Memory
from elfgraph.wire import ERRORS, NOT_ROUTES, OPERATIONS, error_body, error_from, http_status


def public_methods(cls: type) -> set[str]:
    return {
        name
        for name, value in inspect.getmembers(cls)
        if not name.startswith("_") and callable(value) and not isinstance(value, type)
    }


def test_every_public_method_of_memory_system_is_served() -> None:
    unserved = public_methods(MemorySystem) - set(OPERATIONS) - set(NOT_ROUTES)
    assert unserved == set(), (
        f"MemorySystem methods without a route: {sorted(unserved)}. Add an Operation to "
        "elfgraph/wire.py, the method to elfgraph/client/memory.py and elfgraph/protocol.py."
    )
    assert set(OPERATIONS) | set(NOT_ROUTES) - {"open", "managed", "view", "resume_session"} <= (
        public_methods(MemorySystem)
    )


def signature(cls: type, name: str) -> list[tuple[str, object, object]]:
    params = inspect.signature(getattr(cls, name)).parameters.values()
    return [(p.name, p.kind, p.default) for p in params]


@pytest.mark.parametrize(
    "name", sorted((set(OPERATIONS) - {"history"}) | {"session", "export", "guide", "close"})
)
def test_the_client_and_the_protocol_take_the_same_arguments(name: str) -> None:
    assert hasattr(RemoteMemory, name), f"RemoteMemory lacks {name}()"
    assert signature(RemoteMemory, name) == signature(MemorySystem, name)
    assert signature(Memory, name) == signature(MemorySystem, name)


def test_the_properties_an_agent_reads_are_on_both() -> None:
    for name in ("session_active", "session_id", "last_learned_block_id",
                 "last_recall_block_ids", "session_block_ids"):  # fmt: skip
        assert isinstance(getattr(RemoteMemory, name), property)
        assert isinstance(getattr(MemorySystem, name), property)


def every_error_class() -> list[type[errors.ElfgraphError]]:
    return [
        value
        for value in vars(errors).values()
        if isinstance(value, type) and issubclass(value, errors.ElfgraphError)
    ]


def test_every_error_has_a_status_and_comes_back_as_itself() -> None:
    assert {cls.__name__ for cls in every_error_class()} == set(ERRORS)
    sent = errors.BlockNotActiveError("abc123", "inbox")
    back = error_from(http_status(sent), error_body(sent))
    assert type(back) is errors.BlockNotActiveError
    assert (back.block_id, back.status, back.message) == ("abc123", "inbox", sent.message)  # type: ignore[attr-defined]
    assert back.recovery == sent.recovery
    assert back.recovery_template == sent.recovery_template
    assert http_status(errors.LimitError("x", recovery="y")) == 413
    assert http_status(errors.RequestError("x", recovery="y", status=405)) == 405
    unknown = error_from(502, "<html>bad gateway</html>")
    assert type(unknown) is errors.ServiceError
