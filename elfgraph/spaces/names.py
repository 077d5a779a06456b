"""Space names: what a valid one looks like."""

from __future__ import annotations

import re

from elfgraph.errors import ConfigError

SPACE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


def validate_space_name(name: object) -> str:
    """Return the name if it is a valid space name, else raise ConfigError."""
    if not isinstance(name, str) or not SPACE_NAME.fullmatch(name):
        raise ConfigError(
            f"Invalid space name {name!r}.",
            recovery="Use 1-64 characters: letters, digits, '_', '.', '-', starting with a "
            "letter or digit (e.g. 'default', 'agent-7', 'project.notes').",
        )
    return name
