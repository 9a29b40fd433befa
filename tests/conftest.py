"""Shared test settings: the Hypothesis profiles, and the order that spreads the slow tests.

``default`` runs in the suite. ``thorough`` tries many more examples, for a long run by hand:
``HYPOTHESIS_PROFILE=thorough .venv/bin/pytest tests/test_hands.py``. Deadlines are off in
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
    """
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    slow = [item for item in items if item.get_closest_marker("slow")]
    if workers < 2 or not slow:
        return
    rest = [item for item in items if not item.get_closest_marker("slow")]
    ordered: list[pytest.Item] = []
    left = len(items)
    for worker in range(workers):
        share = left // (workers - worker)  # as xdist's first hand-out splits the collection
        left -= share
        heads = slow[worker::workers]
        ordered += heads + rest[: share - len(heads)]
        del rest[: share - len(heads)]
    items[:] = ordered + rest
