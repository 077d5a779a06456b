"""One text, three faces: recoveries, suggestions and the guide are written once, with
markers where they name an operation, an argument or a setting, and rendered for the face
that shows them: the Python library, the `elfgraph` command line, or the MCP server.

    render("Call {op:dream} first.", "python")  # Call dream() first.
    render("Call {op:dream} first.", "cli")     # Call `elfgraph dream` first.
    render("Call {op:dream} first.", "mcp")     # Call elfgraph_dream first.

Markers: `{op:NAME}` an operation; `{arg:NAME=VALUE}` an argument (`{arg:NAME}` alone for
the argument's name); `{setting:group.field}` a MemoryConfig setting; `{ids}` where block
ids come from. Other braces are left alone. The face is an argument, or else the one a
face declared for the current context with `use_face` (the CLI and the MCP server do);
the library's default is "python".
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Literal, get_args

Face = Literal["python", "cli", "mcp"]
FACES: tuple[Face, ...] = get_args(Face)

_current: ContextVar[Face] = ContextVar("elfgraph_face", default="python")

# The command or tool that does what a method does, where the name differs (the command
# line and the MCP server name them alike), and what to add after it.
_RENAMED: dict[str, str] = {
    "learn": "remember",
    "learn_many": "remember",
    "consolidate": "dream",
    "connects": "connect",
    "connect_by_query": "recall",
    "forget_matching": "forget",
}
_CLI_NOTE: dict[str, str] = {
    "learn_many": " (once per fact)",
    "connects": " (once per edge)",
    "connect_by_query": " then `elfgraph connect`",
    "forget_matching": " with `--matching`",
}
_MCP_NOTE: dict[str, str] = {
    "learn_many": " (once per fact)",
    "connects": " (once per edge)",
    "connect_by_query": " then elfgraph_connect",
    "forget_matching": ' with "matching"',
}

_IDS: dict[Face, str] = {
    "python": "ids from learn(), recall() or frame() results (memory.last_recall_block_ids "
    "holds the last ones)",
    "cli": "ids printed by `elfgraph recall` or `elfgraph remember` (the first 6 or more "
    "characters are enough)",
    "mcp": "ids from elfgraph_recall or elfgraph_frame (the [id] before each block) or "
    "elfgraph_remember (the first 6 or more characters are enough)",
}

_MARKER = re.compile(r"\{(op|arg|setting):([A-Za-z_][A-Za-z0-9_.]*)(?:=([^{}]*))?\}|\{ids\}")


def current_face() -> Face:
    return _current.get()


@contextmanager
def use_face(face: Face) -> Iterator[None]:
    """Render for `face` inside the block (the CLI and the MCP server wrap their work)."""
    token = _current.set(face)
    try:
        yield
    finally:
        _current.reset(token)


def set_face(face: Face) -> None:
    """Render for `face` from now on in this context (a CLI process sets it once)."""
    _current.set(face)


def operation(name: str, face: Face | None = None) -> str:
    """How `face` names an operation: `dream()`, `elfgraph dream`, `elfgraph_dream`."""
    face = face or current_face()
    if face == "python":
        return f"{name}()"
    if face == "cli":
        return f"`elfgraph {_RENAMED.get(name, name)}`{_CLI_NOTE.get(name, '')}"
    return f"elfgraph_{_RENAMED.get(name, name)}{_MCP_NOTE.get(name, '')}"


def argument(name: str, value: str | None, face: Face | None = None) -> str:
    """An argument as `face` spells it: `top_k=5`, `--top-k 5`, `"top_k": 5`."""
    face = face or current_face()
    literal = value is not None and _is_literal(value)
    if face == "python":
        if value is None:
            return name
        return f"{name}={value if literal else repr(value)}"
    if face == "cli":
        flag = "--" + name.replace("_", "-")
        if value is None or value == "True":
            return f"`{flag}`"
        return f"`{flag} {value}`"
    if value is None:
        return f'"{name}"'
    shown = value.lower() if value in ("True", "False") else value
    return f'"{name}": {shown if literal else _json_string(value)}'


def setting(path: str, face: Face | None = None) -> str:
    """A MemoryConfig setting (`learning.max_content_bytes`) where `face` sets it."""
    face = face or current_face()
    if face == "python":
        return f"memory.{path} in the config (ElfgraphConfig)"
    variable = "ELFGRAPH_MEMORY__" + path.upper().replace(".", "__")
    if face == "cli":
        return f"the setting {variable} (environment or .env)"
    return f"the setting {variable} in the MCP server's environment (then restart it)"


def render(text: str, face: Face | None = None) -> str:
    """`text` with its markers spelled for `face` (default: the current one)."""
    chosen = face or current_face()

    def spell(match: re.Match[str]) -> str:
        kind, name, value = match.group(1), match.group(2), match.group(3)
        if kind is None:
            return _IDS[chosen]
        if kind == "op":
            return operation(name, chosen)
        if kind == "arg":
            return argument(name, value, chosen)
        return setting(name, chosen)

    return _MARKER.sub(spell, text)


def _is_literal(value: str) -> bool:
    if value in ("True", "False", "None"):
        return True
    try:
        float(value)
    except ValueError:
        return False
    return True


def _json_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
