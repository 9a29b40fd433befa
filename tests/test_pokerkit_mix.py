"""The independent differential with pokerkit on the full mix of hands, a seeded sample.

``tests/pokerkit_mix.py`` plays the mix both ways (two to eight players, stacks short of the
ante, the ante trimmed or not, shows and mucks by hand, partial shows, mucks while the hands are
dealt out all in, shows in another order, free folds, ties, odd chips). This sample of each way
runs in a few seconds; ``python -m tests.pokerkit_mix --hands 2000`` runs the full count and
lists every class of difference left (docs/house-rules.md, "wildstud and pokerkit").
"""

from __future__ import annotations

from tests.pokerkit_mix import pokerkit_to_wildstud, wildstud_to_pokerkit

HANDS = 60

# pokerkit's own faults: a hand it cannot play, or plays to other stacks than its own record.
POKERKIT_S = (
    "pokerkit crashes",
    "pokerkit loses chips",
    "pokerkit's own record",
    "pokerkit ranks a hand shown with cards hidden",
)


def test_wildstud_records_of_the_mix_replay_in_pokerkit_to_the_same_stacks() -> None:
    tally = wildstud_to_pokerkit(HANDS, seed=3)
    assert tally.features["muck"]
    assert tally.features["tie dealt"]
    ours = {kind: n for kind, n in tally.classes.items() if not kind.startswith(POKERKIT_S)}
    assert ours == {}, tally.examples


def test_pokerkit_records_of_the_mix_read_in_wildstud_to_the_same_stacks() -> None:
    tally = pokerkit_to_wildstud(HANDS, seed=3)
    for feature in ("partial show", "muck before the last cards", "show in another order"):
        assert tally.features[feature], feature
    ours = {kind: n for kind, n in tally.classes.items() if not kind.startswith(POKERKIT_S)}
    assert ours == {}, tally.examples
