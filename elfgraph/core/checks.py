"""Small input checks shared by every operation that takes values from agents."""

from __future__ import annotations

import math
from typing import TypeGuard

INVALID_TEXT = "holds a lone surrogate or a NUL character, which cannot be stored"


def is_number(value: object) -> TypeGuard[int | float]:
    """A finite int or float, and not a bool (True is an int to Python, not to an agent)."""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def is_encodable(text: str) -> bool:
    """Text the driver can send: encodable as UTF-8, so no lone surrogate ("\\ud800")."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def is_storable(text: str) -> bool:
    """Text to keep in the graph: encodable, and free of NUL."""
    return is_encodable(text) and "\x00" not in text


def is_text(value: object) -> TypeGuard[str]:
    """A str that can be stored (see is_storable)."""
    return isinstance(value, str) and is_storable(value)


def shown(value: object, limit: int = 40) -> str:
    """A value for an error message: its repr, cut short, never raising."""
    try:
        text = repr(value)
    except Exception:  # a repr that fails must not hide the real problem
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def is_flag(value: object) -> TypeGuard[bool]:
    """True or False, nothing else (1 and "yes" are not flags)."""
    return isinstance(value, bool)
