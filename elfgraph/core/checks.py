"""Small input checks shared by the operations that take numbers from agents."""

from __future__ import annotations

import math
from typing import TypeGuard


def is_number(value: object) -> TypeGuard[int | float]:
    """A finite int or float, and not a bool (True is an int to Python, not to an agent)."""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
