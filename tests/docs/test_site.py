"""The docs site: `make docs` builds it strictly, CI builds it, and its reference pages
are generated from the code (docs/hooks/reference.py), so every setting, command and MCP
tool is on them."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import yaml

from elfgraph.config.connection import Settings
from elfgraph.config.memory import GROUP_OF

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("reference_hook", DOCS / "hooks" / "reference.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def plain(number: str) -> str:
    return f"§{number}"


def mkdocs_config() -> dict[str, object]:
    class Loader(yaml.SafeLoader):
        pass

    # mkdocs.yml names pymdownx's slugify with a python tag: read it as a plain value.
    Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda *_: None)
    loaded = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)  # noqa: S506
    assert isinstance(loaded, dict)
    return loaded


def test_the_site_builds_strictly_and_ci_builds_it() -> None:
    config = mkdocs_config()
    assert config["strict"] is True
    assert config["hooks"] == ["docs/hooks/reference.py"]
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "mkdocs build --strict" in makefile
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ci.index("make test") < ci.index("make docs")


def test_every_page_is_in_the_nav() -> None:
    def pages(entries: object) -> list[str]:
        if isinstance(entries, str):
            return [entries]
        if isinstance(entries, dict):
            return [page for value in entries.values() for page in pages(value)]
        assert isinstance(entries, list)
        return [page for entry in entries for page in pages(entry)]

    listed = set(pages(mkdocs_config()["nav"]))
    found = {str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md") if "hooks" not in p.parts}
    assert found == listed


def test_the_reference_pages_hold_their_generated_parts() -> None:
    wanted = {
        "configuration.md": ["connection-settings", "memory-settings"],
        "cli.md": ["cli-commands"],
        "mcp.md": ["mcp-tools"],
    }
    module = hook()
    for page, names in wanted.items():
        text = (DOCS / "reference" / page).read_text(encoding="utf-8")
        assert module.MARKER.findall(text) == names, page


def test_the_configuration_reference_lists_every_setting_with_its_variable() -> None:
    module = hook()
    memory = module.memory_settings(plain)
    for name, group in GROUP_OF.items():
        assert f"`{group}.{name}`" in memory
        assert f"`ELFGRAPH_MEMORY__{group.upper()}__{name.upper()}`" in memory
    connection = module.connection_settings(plain)
    rows = [line for line in connection.splitlines() if line.startswith("| `")]
    assert len(rows) == len(Settings.model_fields)
    assert "`NEO4J_URI`" in connection
    assert "`ELFGRAPH_CONNECTION_TIMEOUT`" in connection


def test_the_cli_and_mcp_references_list_every_command_and_tool() -> None:
    module = hook()
    cli = module.cli_commands(plain)
    for command in ("remember", "dream", "recall", "frame", "outcome", "curate", "neo4j start"):
        assert f"### `elfgraph {command}`" in cli
    assert "elfgraph recall [OPTIONS] QUERY" in cli
    tools = re.findall(r"^### `(elfgraph_\w+)`", module.mcp_tools(plain), re.M)
    assert "elfgraph_remember" in tools
    assert "elfgraph_guide" in tools
    assert len(tools) == len(set(tools)) >= 10
