"""The engine does what it did: the fingerprint of about 10,000 seeded hands is the committed one.

A change meant to keep behaviour (a speed-up, a rename, a split of a module) keeps the hash; a
change meant to alter it (a ruling, a wording) rewrites ``tests/golden/engine-fingerprint.txt``
with ``scripts/engine-fingerprint --write`` and says why in its commit.
"""

from __future__ import annotations

import pytest

from tests.tools.fingerprint import GOLDEN, fingerprint


@pytest.mark.slow
def test_the_engine_plays_every_sampled_hand_as_the_committed_fingerprint_says() -> None:
    assert fingerprint() == GOLDEN.read_text().strip(), (
        "the engine's behaviour changed: if that is meant, run scripts/engine-fingerprint --write"
        " and say why in the commit"
    )
