"""The TOML that records are written in reads back, with tomllib, as exactly what was written."""

from __future__ import annotations

import datetime
import math
import tomllib

from hypothesis import given
from hypothesis import strategies as st

from wildstud.history.phh import _literal

scalars = (
    st.text()
    | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.floats(allow_nan=False)
    | st.booleans()
    | st.dates()
    | st.times()
)


@given(st.lists(scalars, max_size=4) | scalars)
def test_every_value_reads_back_as_written(value: object) -> None:
    assert tomllib.loads(f"v = {_literal(value)}")["v"] == value


def test_not_a_number_reads_back_as_not_a_number() -> None:
    assert math.isnan(tomllib.loads(f"v = {_literal(math.nan)}")["v"])


def test_control_characters_and_delete_are_escaped() -> None:
    text = "".join(map(chr, range(32))) + '"\\\x7f'
    written = _literal(text)
    assert all(ord(char) >= 32 and char != "\x7f" for char in written)
    assert tomllib.loads(f"v = {written}")["v"] == text


def test_a_date_and_time_keep_their_isoformat() -> None:
    moment = datetime.datetime(2026, 12, 1, 10, 30, 5)
    assert _literal(moment) == "2026-12-01T10:30:05"
