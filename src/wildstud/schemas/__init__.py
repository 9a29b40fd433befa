"""The JSON Schemas of ``wildstud ... --json``: one file a command, and the shapes they share.

Each command's ``--json`` prints one object that its schema here describes (Draft 2020-12;
``docs/json.md`` explains the vocabulary). The files are in the package, so a program reading
wildstud's output can check it against the schema of the version it runs:

>>> sorted(COMMANDS)
['arena', 'judge', 'odds', 'replay', 'study', 'tables', 'verify']
>>> schema("odds")["title"], schema("odds")["$id"].rsplit("/", 1)[1]
('wildstud odds --json', 'odds.schema.json')
>>> schema("common")["$defs"]["player"]["pattern"]
'^p[1-9][0-9]*$'
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from typing import Any

__all__ = ["COMMANDS", "schema"]

COMMANDS = ("arena", "judge", "odds", "replay", "study", "tables", "verify")
"""The commands with a ``--json`` output (``serve`` has none: it logs, with ``--log-format
json`` for a collector)."""


@cache
def schema(name: str) -> dict[str, Any]:
    """The schema ``name.schema.json`` (a command, or ``common`` for the shared shapes)."""
    text = files(__name__).joinpath(f"{name}.schema.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data
