"""One guide entry, and how it reads on each face."""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass
from typing import Any

from elfgraph.faces import Face, render

# The command line's positional arguments, in order; every other argument is an option.
CLI_POSITIONAL: dict[str, tuple[str, ...]] = {
    "remember": ("content",),
    "recall": ("query",),
    "frame": ("name", "query"),
    "outcome": ("block_ids",),
    "connect": ("source", "target"),
    "disconnect": ("source", "target"),
    "forget": ("block_ids",),
    "correct": ("block_id", "new_content"),
    "guide": ("method",),
}
CLI_OPTION_NAMES = {"tags": "tag"}  # a list option is repeated: --tag a --tag b


@dataclass(frozen=True)
class AgentGuide:
    name: str
    what: str
    when: str
    when_not: str
    cost: str
    returns: str
    next: str
    example: str  # Python

    def render(self, face: Face, *, title: str | None = None, example: str | None = None) -> str:
        """The entry for `face`: its markers spelled for it, its title and example as that
        face calls the operation."""
        shown = "\n".join(f"    {line}" for line in (example or self.example).splitlines())
        return render(
            f"{title or self.name}: {self.what}\n"
            f"  USE WHEN: {self.when}\n"
            f"  DON'T USE WHEN: {self.when_not}\n"
            f"  COST: {self.cost}\n"
            f"  RETURNS: {self.returns}\n"
            f"  NEXT: {self.next}\n"
            f"  EXAMPLE:\n{shown}",
            face,
        )

    def __str__(self) -> str:
        return self.render("python")


def cli_example(operation: str, arguments: dict[str, Any]) -> str:
    """`elfgraph recall "deploy steps" --top-k 5` for (recall, {query, top_k})."""
    words = ["elfgraph", operation]
    positional = CLI_POSITIONAL.get(operation, ())
    for name in positional:
        value = arguments.get(name)
        words += [str(v) for v in value] if isinstance(value, list) else [str(value)]
    for name, value in arguments.items():
        if name in positional:
            continue
        flag = "--" + CLI_OPTION_NAMES.get(name, name).replace("_", "-")
        if value is True:
            words.append(flag)
        else:
            for item in value if isinstance(value, list) else [value]:
                words += [flag, str(item)]
    return shlex.join(words)


def mcp_example(operation: str, arguments: dict[str, Any]) -> str:
    """`elfgraph_recall {"query": "deploy steps", "top_k": 5}`: a tool and its arguments."""
    return f"elfgraph_{operation} {json.dumps(arguments, ensure_ascii=False)}"
