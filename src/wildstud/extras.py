"""The optional parts of wildstud and the extras that install them.

The core (cards, the evaluator, the engine, records, odds and the command line's rulings) needs
only NumPy, Numba, Rich and Typer. The table server, the plots and the Dask cluster each come
with an extra of their own; using one without its extra raises :class:`MissingExtraError`, whose
message says what to install, and the command line prints that one line.

>>> require("plots", "math")  # present: nothing happens
>>> try:
...     require("plots", "no_such_module")
... except MissingExtraError as error:
...     print(error)
this needs wildstud's 'plots' extra (no_such_module is not installed): pip install 'wildstud[plots]'
"""

from __future__ import annotations

import importlib

__all__ = ["EXTRAS", "MissingExtraError", "require"]

EXTRAS = {
    "server": ("fastapi", "fastapi_offline", "uvicorn", "sqlalchemy", "alembic", "platformdirs"),
    "plots": ("matplotlib",),
    "dask": ("dask", "distributed"),
    "env": ("pettingzoo", "gymnasium"),
    "private": ("pysodium",),
}
"""Each extra and the modules whose presence shows it is installed."""


class MissingExtraError(ImportError):
    """A part of wildstud was used whose extra is not installed."""

    def __init__(self, extra: str, module: str) -> None:
        super().__init__(
            f"this needs wildstud's {extra!r} extra ({module} is not installed):"
            f" pip install 'wildstud[{extra}]'",
            name=module,
        )
        self.extra = extra


def require(extra: str, *modules: str) -> None:
    """Raise :class:`MissingExtraError` unless every module (default: the extra's) is installed."""
    for module in modules or EXTRAS[extra]:
        try:
            importlib.import_module(module)  # the caller imports it next anyway
        except ModuleNotFoundError as error:
            raise MissingExtraError(extra, error.name or module) from None
