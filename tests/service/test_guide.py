"""guide(): every public method has a full entry, and bad questions get the valid names."""

from __future__ import annotations

import inspect

import pytest

from elfgraph import MemorySystem
from elfgraph.guide import GUIDES, guide, names


def public_methods() -> set[str]:
    return {
        name
        for name, member in inspect.getmembers(MemorySystem)
        if not name.startswith("_") and callable(member) and not isinstance(member, type)
    }


def test_the_guide_names_exactly_the_public_methods() -> None:
    assert set(GUIDES) == public_methods()


@pytest.mark.parametrize("name", sorted(GUIDES))
def test_every_entry_is_complete(name: str) -> None:
    text = guide(name)
    for heading in ("USE WHEN:", "DON'T USE WHEN:", "COST:", "RETURNS:", "NEXT:", "EXAMPLE:"):
        assert heading in text
    entry = GUIDES[name]
    assert all(getattr(entry, field).strip() for field in entry.__dataclass_fields__)
    assert entry.cost.split(":")[0] in {"Instant", "Fast", "Slow", "Batch"}


def test_the_overview_lists_every_method_and_works_without_a_database() -> None:
    text = MemorySystem.guide()
    for name in GUIDES:
        assert f"  {name} " in text


@pytest.mark.parametrize("question", ["nope", "", "connect_all", "Recall"])
def test_an_unknown_name_lists_the_valid_ones(question: str) -> None:
    answer = guide(question)
    assert answer.startswith("No method")
    assert "connect, disconnect" in answer


def test_call_syntax_is_forgiven() -> None:
    assert guide("recall()") == guide("recall")


@pytest.mark.parametrize("face", ["cli", "mcp"])
def test_the_cli_and_mcp_guides_name_their_commands_and_tools_never_methods(face: str) -> None:
    offered = names(face)  # type: ignore[arg-type]
    assert len(offered) == 12
    for text in [guide(face=face)] + [guide(name, face) for name in offered]:  # type: ignore[arg-type]
        assert "()" not in text, text  # no Python call anywhere
        assert "memory." not in text
    assert guide("outcome", "cli").splitlines()[-1].strip().startswith("elfgraph outcome 1c8afd05")
    assert "`--signal 1.0`" in guide("outcome", "cli")
    assert '"signal": 1.0' in guide("elfgraph_outcome", "mcp")
    assert guide("elfgraph_dream", "mcp") == guide("dream", "mcp")
    assert guide("open", face).startswith(f"No {'tool' if face == 'mcp' else 'command'}")  # type: ignore[arg-type]


def test_the_face_of_the_context_is_the_default() -> None:
    from elfgraph.faces import use_face

    with use_face("mcp"):
        assert guide("recall") == guide("recall", "mcp")
        assert MemorySystem.guide() == guide(face="mcp")
    assert guide("recall") == guide("recall", "python")


def test_every_public_result_type_is_exported_with_summary_and_dict() -> None:
    import importlib
    import pkgutil

    import elfgraph
    from elfgraph.records import Record

    results: dict[str, type[Record]] = {}
    for info in pkgutil.walk_packages(elfgraph.__path__, "elfgraph."):
        if info.name.startswith(("elfgraph.mcp_server", "elfgraph.cli", "elfgraph.__main__")):
            continue  # the faces' own payloads
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if (
                inspect.isclass(value)
                and issubclass(value, Record)
                and value is not Record
                and value.__module__ == module.__name__
            ):
                results[name] = value
    internal = {"AppliedMigration", "IndexInfo", "MigrationState", "SchemaStatus"}
    assert set(results) - internal <= set(elfgraph.__all__)
    for cls in results.values():
        assert "summary" in dir(cls)
        assert cls.__str__ is Record.__str__
