"""What the server logs, and the secrets it never logs.

The links of a table carry its secrets in their paths (``/host/…``, ``/join/…``, ``/seat/…``,
``/watch/…``, ``/felt/…``, the same under ``/ws/`` and ``/api/``), and uvicorn's access log and
WebSocket lines print paths. Every line the server prints goes through
:class:`RedactingFormatter` (or :class:`RedactingAccessFormatter` for the access log), which
replaces the path segment after each of those words with ``…``, and any run of 32 or more
URL-safe characters anywhere in the line (a token in an odd place, or a token's SHA-256 digest)
with ``…`` too. Table ids (16 characters) and everything else a line says are kept, so the
access log still tells which request got which answer.

>>> redact('127.0.0.1:5000 - "GET /api/host/3q2-7wAbCdEf/start HTTP/1.1" 200')
'127.0.0.1:5000 - "GET /api/host/…/start HTTP/1.1" 200'
>>> redact('"WebSocket /ws/seat/abc?x=1" [accepted]')
'"WebSocket /ws/seat/…?x=1" [accepted]'
>>> redact("GET /api/tables/" + "x" * 43 + "/hands")
'GET /api/tables/…/hands'
>>> redact("table Ab3dEf9hIj2lMn0p: the driver failed")
'table Ab3dEf9hIj2lMn0p: the driver failed'
"""

from __future__ import annotations

import datetime
import json
import logging
import re
from typing import Any

from uvicorn.logging import AccessFormatter, DefaultFormatter

from wildstud.serving import LOG_FORMS, LOG_LEVELS

__all__ = [
    "LOG_FORMS",
    "LOG_LEVELS",
    "JsonLines",
    "RedactingAccessFormatter",
    "RedactingFormatter",
    "log_config",
    "redact",
]


_TOKEN_PATH = re.compile(r"(?P<kind>/(?:host|join|seat|watch|felt))/[^/\s?#\"'<>]+")
# Tokens are 43 characters and digests 64; ids are 16. Nothing else the server logs (paths,
# class names, migration revisions) holds such a run without a slash, dot or space in it.
_LONG_RUN = re.compile(r"[A-Za-z0-9_-]{32,}")
_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
_ACCESS_MESSAGE = '%(client_addr)s - "%(request_line)s" %(status_code)s'
_ACCESS_FORMAT = f"%(asctime)s %(levelname)s %(name)s: {_ACCESS_MESSAGE}"


def redact(text: str) -> str:
    """``text`` with every token path segment and every token-like run replaced by ``…``."""
    return _LONG_RUN.sub("…", _TOKEN_PATH.sub(r"\g<kind>/…", text))


class RedactingFormatter(DefaultFormatter):
    """uvicorn's formatter, redacting the whole line: message, arguments and traceback."""

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


class RedactingAccessFormatter(AccessFormatter):
    """uvicorn's access-log formatter, redacting the request line."""

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


class JsonLines(logging.Formatter):
    """One JSON object a line, for a log collector: the time (UTC), the level, the logger and
    the message, redacted as every line is (a traceback goes in the message).

    >>> record = logging.LogRecord("wildstud.server", logging.INFO, "", 0,
    ...     "GET /api/host/%s/start", ("secret-token",), None)
    >>> line = json.loads(JsonLines().format(record))
    >>> line["level"], line["logger"], line["message"]
    ('info', 'wildstud.server', 'GET /api/host/…/start')
    """

    def __init__(self, access: bool = False) -> None:
        super().__init__()
        self.inner: logging.Formatter = (
            RedactingAccessFormatter(_ACCESS_MESSAGE, use_colors=False)
            if access
            else RedactingFormatter("%(message)s", use_colors=False)
        )

    def format(self, record: logging.LogRecord) -> str:
        moment = datetime.datetime.fromtimestamp(record.created, datetime.UTC)
        return json.dumps(
            {
                "time": moment.isoformat(timespec="milliseconds"),
                "level": record.levelname.lower(),
                "logger": record.name,
                "message": self.inner.format(record),
            },
            ensure_ascii=False,
        )


def log_config(level: str, form: str = "text") -> dict[str, Any]:
    """The :func:`logging.config.dictConfig` of the server at ``level``: uvicorn's loggers,
    ours and every other (the root logger) print through the redacting formatters, as text
    lines or (``form="json"``) as :class:`JsonLines`.

    >>> config = log_config("info")
    >>> config["loggers"]["uvicorn.access"]["level"], sorted(config["formatters"])
    ('INFO', ['access', 'default'])
    >>> log_config("info", "json")["formatters"]["access"]
    {'()': <class 'wildstud.server.logs.JsonLines'>, 'access': True}
    """
    name = level.upper()
    formatters: dict[str, dict[str, Any]] = (
        {"default": {"()": JsonLines}, "access": {"()": JsonLines, "access": True}}
        if form == "json"
        else {
            "default": {"()": RedactingFormatter, "fmt": _FORMAT, "use_colors": False},
            "access": {"()": RedactingAccessFormatter, "fmt": _ACCESS_FORMAT, "use_colors": False},
        }
    )
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": formatters,
        "handlers": {
            "default": {
                "class": "logging.StreamHandler",
                "formatter": "default",
                "stream": "ext://sys.stderr",
            },
            "access": {
                "class": "logging.StreamHandler",
                "formatter": "access",
                "stream": "ext://sys.stdout",
            },
        },
        "loggers": {
            "uvicorn": {"handlers": ["default"], "level": name, "propagate": False},
            "uvicorn.error": {"level": name},
            "uvicorn.access": {"handlers": ["access"], "level": name, "propagate": False},
        },
        "root": {"handlers": ["default"], "level": name},
    }
