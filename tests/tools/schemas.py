"""The package's JSON schemas (src/wildstud/schemas) in the tests: one registry of them all, a
command's ``--json`` output checked against its schema, and a validator of a part of one."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from tests.tools.cli_run import run
from wildstud.schemas import COMMANDS, schema

REGISTRY: Registry[Any] = Registry().with_resources(
    (schema(name)["$id"], Resource.from_contents(schema(name))) for name in (*COMMANDS, "common")
)
"""Every schema of the package by its ``$id``, so that their references resolve."""
SCHEMAS = schema("common")["$id"].rsplit("/", 1)[0] + "/"
"""Where the package's schemas say they live: a part's relative references resolve here."""


def checked_json(
    capsys: pytest.CaptureFixture[str], command: str, *args: str, status: int = 0
) -> Any:
    """The JSON ``wildstud command args --json`` prints, once its schema has passed it."""
    code, out, err = run(capsys, command, *args, "--json")
    assert code == status, err
    data = json.loads(out)
    Draft202012Validator(schema(command), registry=REGISTRY).validate(data)
    return data


def validator(part: dict[str, Any]) -> Draft202012Validator:
    """A validator of a part of a schema, its relative references resolved beside the
    package's schemas."""
    return Draft202012Validator({"$id": SCHEMAS + "part.json", **part}, registry=REGISTRY)
