"""Query parameters that the driver does not format for a log nobody reads.

The Neo4j driver (6.x) formats every RUN message for its DEBUG log before it checks
whether DEBUG is on: `" ".join(map(repr, (query, parameters, extra)))`. For a batch of
5,000 inbox rows or 500 promotions with 384-float embeddings that repr costs more than
packing and sending them (measured: an UNWIND of 2,000 rows with a 384-float vector each
took 1.25-1.64 s with plain lists and 0.37-0.46 s with these). A list or dict parameter is
therefore handed over as a subclass whose repr is its size. The packer takes subclasses
of list and dict as lists and maps, so what the server receives is unchanged; the driver's
debug log shows `<list of 5000>` instead of the values (which also keeps user text out of
it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class QuietList(list[Any]):
    def __repr__(self) -> str:
        return f"<list of {len(self)}>"


class QuietDict(dict[str, Any]):
    def __repr__(self) -> str:
        return f"<map of {len(self)}>"


def quiet(params: Mapping[str, Any]) -> dict[str, Any]:
    """The parameters with every list and map value wrapped (a shallow copy: nested values
    are not formatted either, since only the outer repr is called)."""
    wrapped: dict[str, Any] = {}
    for name, value in params.items():
        if isinstance(value, list):
            wrapped[name] = QuietList(value)
        elif isinstance(value, dict):
            wrapped[name] = QuietDict(value)
        else:
            wrapped[name] = value
    return wrapped
