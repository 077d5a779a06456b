"""Who and when read from a log line's header (docs/BEHAVIOUR.md §7.9)."""

from __future__ import annotations

from datetime import date

import pytest

from elfgraph.core.logline import header

MAY_8 = date(2023, 5, 8)


@pytest.mark.parametrize(
    ("line", "speaker", "body", "told"),
    [
        ("Caroline: I went to the group (8 May 2023)", "Caroline", "I went to the group", MAY_8),
        ("Caroline (1:56 pm on 8 May, 2023): I went", "Caroline", "I went", MAY_8),
        ("Maria [8 May 2023]: we moved", "Maria", "we moved", MAY_8),
        ("[2023-05-08 13:56] Maria: hello there", "Maria", "hello there", MAY_8),
        ("2023-05-08 13:56 - Maria: hi", "Maria", "hi", MAY_8),
        ("(8 May 2023) Maria: yes", "Maria", "yes", MAY_8),
        ("Maria, 8 May 2023: we moved", "Maria", "we moved", MAY_8),
        ("Maria - 8 May 2023 - we moved", "Maria", "we moved", MAY_8),
        ("Maria at 1:56 pm on 8 May 2023: hi", "Maria", "hi", MAY_8),
        ("Mary Ann: sure", "Mary Ann", "sure", None),
        ("We moved to Lisbon.", None, "We moved to Lisbon.", None),
        ("Maria (my sister): hi", None, "Maria (my sister): hi", None),
        ("the deploy: use AWS_PROFILE", None, "the deploy: use AWS_PROFILE", None),
    ],
)
def test_common_log_layouts(line: str, speaker: str | None, body: str, told: date | None) -> None:
    found = header(line)
    assert (found.speaker, found.body, found.told) == (speaker, body, told)


def test_the_two_locomo_layouts_read_alike() -> None:
    inline = header("Caroline: I went to a support group yesterday (8 May 2023)")
    leading = header("Caroline (1:56 pm on 8 May, 2023): I went to a support group yesterday")
    assert inline == leading
