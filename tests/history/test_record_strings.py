"""Records as strings (loads, dumps) beside files (load, dump), and the wrong call named."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from wildstud.errors import RecordError
from wildstud.history import dump, dumps, load, loads, read_record, record_to_fields

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "ftq-centre-card.phh"


def test_loads_and_dumps_are_the_text_forms_of_load_and_dump(tmp_path: Path) -> None:
    record = load(EXAMPLE)
    assert loads(dumps(record)) == record == loads(EXAMPLE.read_bytes())
    assert load(str(EXAMPLE)) == load(io.BytesIO(EXAMPLE.read_bytes())) == record
    dump(record, tmp_path / "again.phh")
    assert (tmp_path / "again.phh").read_text() == dumps(record)


def test_a_record_s_text_given_to_load_names_loads() -> None:
    with pytest.raises(RecordError, match=r"^load\(\) reads a file.*use loads\(text\)$"):
        load(EXAMPLE.read_text())


def test_a_missing_file_is_still_an_os_error() -> None:
    with pytest.raises(FileNotFoundError):
        load("no/such/record.phh")


def test_json_given_to_loads_names_record_from_fields() -> None:
    fields = record_to_fields(load(EXAMPLE))
    for text in (json.dumps(fields), json.dumps([fields])):
        with pytest.raises(RecordError, match=r"^not TOML: .*\(this is JSON: give .*json\.loads"):
            loads(text)
        with pytest.raises(RecordError, match="this is JSON"):
            read_record(text)


def test_a_file_name_given_to_loads_names_load() -> None:
    with pytest.raises(RecordError, match=r"this is a file name: use load\('hands/1\.phh'\)"):
        loads("hands/1.phh")
    with pytest.raises(RecordError, match=r"not a file: use load\("):
        loads(EXAMPLE)  # type: ignore[arg-type]


def test_other_text_that_is_not_toml_is_refused_without_a_guess() -> None:
    with pytest.raises(RecordError, match=r"^not TOML: ") as refused:
        loads("variant: FTQ")
    assert "this is" not in str(refused.value)
