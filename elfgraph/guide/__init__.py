"""guide(): what each operation is for, written for an agent deciding what to call next,
on the face it uses: the library's methods, the `elfgraph` commands, or the MCP tools.
Static text: works before any connection, costs nothing.

    print(guide())                          # the overview table
    print(guide("connect"))                 # what, when, when not, cost, returns, next, example
    print(guide("recall", face="mcp"))      # the same, naming elfgraph_* tools
"""

from __future__ import annotations

from elfgraph.faces import Face, current_face
from elfgraph.guide.entries import GUIDES
from elfgraph.guide.examples import EXAMPLE_CALLS
from elfgraph.guide.model import AgentGuide, cli_example, mcp_example

__all__ = ["GUIDES", "AgentGuide", "cost_label", "guide", "names", "overview"]

# What a face calls an entry, when it has it: the command line and the MCP server offer
# the operations an agent runs, named as their commands and tools are.
_FACE_NAMES: dict[str, str] = {name: name for name in EXAMPLE_CALLS}


def cost_label(entry: AgentGuide) -> str:
    """The cost's first word: Instant, Fast, Slow or Batch."""
    return entry.cost.split(":", 1)[0]


def names(face: Face) -> list[str]:
    """The entries `face` offers, as that face names them."""
    if face == "python":
        return list(GUIDES)
    prefix = "elfgraph_" if face == "mcp" else ""
    return [prefix + name for name in GUIDES if name in _FACE_NAMES]


def _title(name: str, face: Face) -> str:
    if face == "python":
        return name
    if face == "mcp":
        return f"elfgraph_{name}"
    return f"elfgraph {name}"


def _entry_text(name: str, face: Face) -> str:
    entry = GUIDES[name]
    if face == "python":
        return entry.render(face)
    operation, arguments = EXAMPLE_CALLS[name]
    spell = mcp_example if face == "mcp" else cli_example
    return entry.render(face, title=_title(name, face), example=spell(operation, arguments))


def overview(face: Face | None = None) -> str:
    face = face or current_face()
    shown = [name for name in GUIDES if face == "python" or name in _FACE_NAMES]
    titles = {name: _title(name, face) for name in shown}
    width = max(len(title) for title in titles.values()) + 2
    head = {
        "python": "elfgraph MemorySystem — guide('<method>') explains one method.",
        "cli": "elfgraph — `elfgraph guide <command>` explains one command.",
        "mcp": 'elfgraph memory tools — elfgraph_guide with {"method": "<tool>"} explains '
        "one tool.",
    }[face]
    lines = [head, ""]
    lines += [
        f"  {titles[name]:<{width}}{cost_label(GUIDES[name]):<9}"
        + GUIDES[name].render(face).split(": ", 1)[1].split("\n", 1)[0]
        for name in shown
    ]
    return "\n".join(lines)


def guide(method: str | None = None, face: Face | None = None) -> str:
    """The overview (no argument), one entry, or the valid names for an unknown one, for
    `face` (default: the face of the current context; the library's is "python"). Never
    raises: an agent asking the wrong question gets told the right ones. A command or tool
    name (`elfgraph_recall`, `recall()`) is understood as the method it calls."""
    face = face or current_face()
    if method is None:
        return overview(face)
    name = method.strip().removesuffix("()") if isinstance(method, str) else ""
    name = name.removeprefix("elfgraph_").removeprefix("elfgraph ")
    if name in GUIDES and (face == "python" or name in _FACE_NAMES):
        return _entry_text(name, face)
    kind = {"python": "method", "cli": "command", "mcp": "tool"}[face]
    return f"No {kind} {method!r}. {kind.title()}s: {', '.join(names(face))}."
