"""The generated parts of the docs site, so they cannot drift from the code: the
configuration reference from `MemoryConfig` and the connection `Settings` (each field's
description, default and constraints), the command-line reference from the `elfgraph`
Typer app, and the MCP reference from the tools the server lists.

A MkDocs hook (mkdocs.yml, `hooks:`): a page's `<!-- generated: NAME -->` line becomes
NAME's Markdown when the site is built. `python docs/hooks/reference.py NAME` prints it.
"""

from __future__ import annotations

import inspect
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from pydantic.fields import FieldInfo

MARKER = re.compile(r"^<!-- generated: ([a-z-]+) -->$", re.MULTILINE)
SECTION = re.compile(r"§(\d+(?:\.\d+)?)")
DOCS = Path(__file__).resolve().parents[1]

SectionLink = Callable[[str], str]  # "7.3" -> the Markdown link that cites it


def cell(text: str) -> str:
    """Text for one cell of a Markdown table."""
    return " ".join(text.split()).replace("|", "\\|")


def shown(value: Any) -> str:
    if value is None:
        return "unset"
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    if value == "":
        return '`""`'
    return f"`{value}`"


def allowed(field: FieldInfo) -> str:
    """A field's range or its allowed values, from its type and constraints."""
    annotation = field.annotation
    values = getattr(annotation, "__args__", None)
    if getattr(annotation, "__origin__", None) is not None and values:
        literal = [v for v in values if isinstance(v, str)]
        if literal and len(literal) == len(values):
            return ", ".join(f"`{v}`" for v in literal)
    if annotation is bool:
        return "`true`, `false`"
    bounds = {
        sign: value
        for m in field.metadata
        for sign, attribute in (("≥", "ge"), (">", "gt"), ("≤", "le"), ("<", "lt"))
        if (value := getattr(m, attribute, None)) is not None
    }
    return ", ".join(f"{sign} {value}" for sign, value in bounds.items()) or "—"


def memory_settings(section_link: SectionLink) -> str:
    """One table per group of MemoryConfig: every field, its default, range and effect."""
    from elfgraph.config.memory import GROUPS

    parts: list[str] = []
    for group, model in GROUPS.items():
        parts += [
            f"### `{group}`",
            "",
            cell(SECTION.sub(lambda m: section_link(m.group(1)), model.__doc__ or "")),
            "",
            "| setting | default | range | effect |",
            "|---|---|---|---|",
        ]
        for name, field in model.model_fields.items():
            variable = f"ELFGRAPH_MEMORY__{group.upper()}__{name.upper()}"
            effect = SECTION.sub(lambda m: section_link(m.group(1)), field.description or "")
            parts.append(
                f"| `{group}.{name}`<br>`{variable}` | {shown(field.default)} | "
                f"{allowed(field)} | {cell(effect)} |"
            )
        parts.append("")
    return "\n".join(parts)


def connection_settings(section_link: SectionLink) -> str:
    """The connection Settings: each variable (the first name, ELFGRAPH_'s, wins over the
    second), its default, its allowed values and its effect."""
    from elfgraph.config.connection import Settings

    prefix = Settings.model_config.get("env_prefix", "")
    rows = ["| variable | default | allowed | effect |", "|---|---|---|---|"]
    for name, field in Settings.model_fields.items():
        alias = field.validation_alias
        choices = getattr(alias, "choices", None) or [f"{prefix}{name}".upper()]
        names = "<br>".join(f"`{c}`" for c in choices if isinstance(c, str) and c.isupper())
        effect = SECTION.sub(lambda m: section_link(m.group(1)), field.description or "")
        rows.append(f"| {names} | {shown(field.default)} | {allowed(field)} | {cell(effect)} |")
    return "\n".join(rows) + "\n"


def is_option(param: Any) -> bool:
    """An option, not an argument (Typer's click-like parameters, duck-typed: Typer may
    bring its own copy of click)."""
    return any(name.startswith("-") for name in param.opts)


def commands(group: Any, path: list[str]) -> Iterator[tuple[list[str], Any]]:
    """Every command of a click group, a group before its own commands, in the order
    `--help` lists them."""
    for name, command in group.commands.items():
        if getattr(command, "hidden", False):
            continue
        yield [*path, name], command
        if hasattr(command, "commands"):
            yield from commands(command, [*path, name])


def usage(path: list[str], command: Any) -> str:
    words = ["elfgraph", *path]
    if any(is_option(p) for p in command.params):
        words.append("[OPTIONS]")
    if hasattr(command, "commands"):
        optional = getattr(command, "invoke_without_command", False)
        words.append("[COMMAND [ARGS]...]" if optional else "COMMAND [ARGS]...")
    for param in command.params:
        if not is_option(param):
            word = (param.metavar or param.name or "").upper() + ("..." if param.nargs < 0 else "")
            words.append(word if param.required else f"[{word}]")
    return " ".join(words)


def option_default(param: Any) -> str:
    if param.required:
        return "required"
    if getattr(param, "is_flag", False) or param.default in (None, False, ()):
        return ""
    return shown(param.default)


def cli_commands(section_link: SectionLink) -> str:
    """Each command: what it does, its usage, and a table of its arguments and options."""
    import typer.main

    from elfgraph.cli import app

    root = typer.main.get_command(app)
    parts: list[str] = []
    for path, command in [([], root), *commands(root, [])]:
        title = " ".join(["elfgraph", *path])
        parts += [f"### `{title}`", "", inspect.cleandoc(command.help or ""), ""]
        parts += ["```", usage(path, command), "```", ""]
        rows = [p for p in command.params if not getattr(p, "hidden", False)]
        if rows:
            parts += ["| argument or option | default | effect |", "|---|---|---|"]
        for param in rows:
            if not is_option(param):
                names = f"`{(param.metavar or param.name or '').upper()}`"
            else:
                names = ", ".join(f"`{o}`" for o in [*param.opts, *param.secondary_opts])
            low, high = getattr(param, "min", None), getattr(param, "max", None)
            extra = [f"From {low} to {high}."] if low is not None and high is not None else []
            if isinstance(param.envvar, str):
                extra.append(f"Variable: `{param.envvar}`.")
            effect = " ".join(filter(None, [getattr(param, "help", "") or "", *extra]))
            parts.append(f"| {names} | {option_default(param)} | {cell(effect)} |")
        parts.append("")
    return "\n".join(parts)


def schema_type(schema: dict[str, Any]) -> str:
    """A JSON schema's type in a few words: `string`, `array of string`, `integer ≥ 1 ≤ 100`."""
    words = []
    for option in schema.get("anyOf", [schema]):
        if option.get("type") == "null":
            continue
        word = option.get("type", "any")
        if word == "array":
            word = f"array of {option.get('items', {}).get('type', 'any')}"
        if "enum" in option:
            word = ", ".join(f"`{value}`" for value in option["enum"])
        bounds = [f"{sign} {option[key]}" for key, sign in BOUNDS if key in option]
        words.append(" ".join([word, *bounds]))
    return " or ".join(words)


BOUNDS = (("minimum", "≥"), ("exclusiveMinimum", ">"), ("maximum", "≤"))


def mcp_tools(section_link: SectionLink) -> str:
    """The MCP server's tools as it lists them to a client: what each does, its hints and
    its arguments."""
    import anyio

    from elfgraph.mcp_server.server import build_server

    async def listed() -> list[Any]:
        async def never() -> Any:
            raise AssertionError("listing the tools opens no memory")

        return list(await build_server(never).list_tools())

    parts: list[str] = []
    for tool in anyio.run(listed):
        hints = tool.annotations
        kind = (
            "read-only"
            if hints and hints.read_only_hint
            else "destructive"
            if hints and hints.destructive_hint
            else "writes"
        )
        parts += [
            f"### `{tool.name}`",
            "",
            f"*{kind}*",
            "",
            inspect.cleandoc(tool.description or ""),
            "",
        ]
        schema = tool.input_schema
        properties = schema.get("properties", {})
        if properties:
            parts += ["| argument | type | default | meaning |", "|---|---|---|---|"]
        for name, prop in properties.items():
            default = (
                "required" if name in schema.get("required", []) else shown(prop.get("default"))
            )
            meaning = cell(prop.get("description", ""))
            parts.append(f"| `{name}` | {schema_type(prop)} | {default} | {meaning} |")
        parts.append("")
    return "\n".join(parts)


GENERATORS: dict[str, Callable[[SectionLink], str]] = {
    "memory-settings": memory_settings,
    "connection-settings": connection_settings,
    "cli-commands": cli_commands,
    "mcp-tools": mcp_tools,
}


def behaviour_anchors() -> dict[str, str]:
    """BEHAVIOUR.md's numbered headings ("7.3") and their anchors, slugged as mkdocs.yml
    slugs them (pymdownx's GitHub-style slugs)."""
    from pymdownx.slugs import slugify

    slug = slugify(case="lower")
    text = (DOCS / "BEHAVIOUR.md").read_text(encoding="utf-8")
    return {
        number: slug(title, "-")
        for title, number in re.findall(r"^#{2,3} ((\d+(?:\.\d+)?)\.? .+?)\s*$", text, re.M)
    }


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    """The MkDocs hook: fill in the generated parts of the page being built."""
    if not MARKER.search(markdown):
        return markdown
    anchors = behaviour_anchors()
    behaviour = "../" * page.file.src_uri.count("/") + "BEHAVIOUR.md"

    def section_link(number: str) -> str:
        return f"[§{number}]({behaviour}#{anchors[number]})" if number in anchors else f"§{number}"

    return MARKER.sub(lambda m: GENERATORS[m.group(1)](section_link), markdown)


if __name__ == "__main__":
    print(GENERATORS[sys.argv[1]](lambda number: f"§{number}"))
