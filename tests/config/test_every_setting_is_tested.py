"""Each MemoryConfig field a user can set has a test that changes it and sees the memory
behave differently (tests/config/test_setting_*.py, one `test_setting_<field>` each): a
setting nothing reads cannot hide."""

from __future__ import annotations

import re
from pathlib import Path

from elfgraph.config.memory import GROUP_OF

TEST_NAME = re.compile(r"^(?:async )?def test_setting_(\w+)\(", re.MULTILINE)


def test_every_setting_has_a_behaviour_test() -> None:
    tested: list[str] = []
    for path in sorted(Path(__file__).parent.glob("test_setting_*.py")):
        tested += TEST_NAME.findall(path.read_text(encoding="utf-8"))
    assert len(tested) == len(set(tested)), "one test per setting"
    assert set(tested) == set(GROUP_OF)
