"""Shared test settings: the Hypothesis profiles, and the order that spreads the slow tests.

``default`` runs in the suite. ``thorough`` tries many more examples, for a long run by hand:
``HYPOTHESIS_PROFILE=thorough .venv/bin/pytest tests/hands/test_hands.py``. Deadlines are off in
both, because the suite shares its cores and a slow moment is not a failure.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("default", deadline=None)
settings.register_profile("thorough", deadline=None, max_examples=5000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Spread the tests marked ``slow`` over the workers, each at the head of a worker's share.

    pytest-xdist's work stealing first hands each worker an equal, contiguous share of the
    collection, and an idle worker later takes half of another's waiting tests, never one that
    has started. A test of two or three minutes met at the end of a share makes the whole run
    wait for it; met at the start, its worker's other tests are stolen by the idle ones.

    A slow test takes with it the tests of its module that share one of the module's own
    fixtures of module scope (a night played once and read by several tests): left behind in
    another worker's share, they would play the whole night again there (seen in CI as the
    setups of test_house.py and test_ledger.py, 105 to 131 s each, twice).
    """
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    slow = [item for item in items if item.get_closest_marker("slow")]
    if workers < 2 or not slow:
        return
    groups: list[list[pytest.Item]] = []
    grouped: set[pytest.Item] = set()
    for item in slow:
        if item not in grouped:
            groups.append([item, *_sharing_a_module_fixture(item, items)])
            grouped.update(groups[-1])
    rest = [item for item in items if item not in grouped]
    ordered: list[pytest.Item] = []
    left = len(items)
    for worker in range(workers):
        share = left // (workers - worker)  # as xdist's first hand-out splits the collection
        left -= share
        heads = [item for group in groups[worker::workers] for item in group]
        taken = max(share - len(heads), 0)
        ordered += heads + rest[:taken]
        del rest[:taken]
    items[:] = ordered + rest


def _module_fixtures(item: pytest.Item) -> set[str]:
    """The fixtures of module scope that ``item`` uses and that its own module defines."""
    info = getattr(item, "_fixtureinfo", None)  # a doctest has none
    if info is None:
        return set()
    module = item.nodeid.split("::")[0]
    return {
        name
        for name, definitions in info.name2fixturedefs.items()
        if any(d.scope == "module" and d.baseid == module for d in definitions)
    }


def _sharing_a_module_fixture(slow: pytest.Item, items: list[pytest.Item]) -> list[pytest.Item]:
    """The other tests of ``slow``'s module that share one of its module's fixtures with it."""
    shared = _module_fixtures(slow)
    module = slow.nodeid.split("::")[0]
    return [
        item
        for item in items
        if item is not slow
        and item.nodeid.split("::")[0] == module
        and shared & _module_fixtures(item)
    ]
