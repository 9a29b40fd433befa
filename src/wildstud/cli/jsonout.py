"""Printing a command's JSON: one object, on one line of standard output.

The shapes themselves are the library's (:mod:`wildstud.vocabulary`), so that a program using
the library gets what the command prints.
"""

from __future__ import annotations

import json
import sys

from wildstud.vocabulary import Json

__all__ = ["emit"]


def emit(data: Json) -> None:
    """Print ``data`` as one line of JSON on standard output."""
    json.dump(data, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
