"""The independent differential with pokerkit on the full mix of hands, a seeded sample.

``tests/tools/pokerkit_mix.py`` plays the mix both ways (two to eight players, stacks short of the
ante, the ante trimmed or not, shows and mucks by hand, partial shows, mucks while the hands are
dealt out all in, shows in another order, free folds, ties, odd chips). This sample of each way
runs in a few seconds; ``python -m tests.tools.pokerkit_mix --hands 2000`` runs the full count and
lists every class of difference left (docs/house-rules.md, "wildstud and pokerkit").
"""

from __future__ import annotations

import pytest

from tests.tools.pokerkit_mix import _pokerkit_replays, pokerkit_to_wildstud, wildstud_to_pokerkit
from wildstud.errors import RecordError
from wildstud.history import Tolerance, read_record, replay

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


# The two classes the full count found last, each as its smallest record from the mix: pokerkit
# still asks the last player with chips to act after a free fold left nobody to bet against, and
# writes that player's answer before the shows and mucks of the run-out.
HEAD = """\
variant = 'F7S'
ante_trimming_status = false
bring_in = 5
small_bet = 10
big_bet = 20
"""
CHECK_THEN_MUCK = HEAD + (
    "antes = [3, 3, 3, 3]\n"
    "starting_stacks = [30, 17, 15, 7]\n"
    "actions = ['d dh p1 6d2h8c', 'd dh p2 Td5c4s', 'd dh p3 9cAsTs', 'd dh p4 JsQcKc',"
    " 'p2 cbr 10', 'p3 cbr 12', 'p4 f', 'p1 cc', 'p2 cc', 'd dh p1 Jc', 'd dh p2 5d',"
    " 'd dh p3 6h', 'p1 f', 'p2 cc', 'p2 sm', 'p3 sm 9cAsTs6h', 'd dh p3 7h']\n"
)
FOLD_AFTER_FREE_FOLD = HEAD + (
    "antes = [3, 3, 3]\n"
    "starting_stacks = [152, 29, 12]\n"
    "actions = ['d dh p1 6c5s3h', 'd dh p2 6s5h3d', 'd dh p3 6h5d3c', 'p3 cbr 9', 'p1 cc',"
    " 'p2 cc', 'd dh p1 Td', 'd dh p2 Tc', 'd dh p3 Ts', 'p1 cc', 'p2 cc', 'd dh p1 3s',"
    " 'd dh p2 4s', 'd dh p3 4h', 'p1 cc', 'p2 cc', 'd dh p1 Js', 'd dh p2 Jh', 'd dh p3 Jd',"
    " 'p1 f', 'p2 f']\n"
)


@pytest.mark.parametrize(
    ("text", "warned"),
    [(CHECK_THEN_MUCK, "the check changes nothing"), (FOLD_AFTER_FREE_FOLD, "given up as a muck")],
    ids=["a check then a muck", "a fold"],
)
def test_the_answer_to_a_free_fold_reads_leniently_to_pokerkits_stacks(
    text: str, warned: str
) -> None:
    expected = _pokerkit_replays(text)
    assert expected is not None
    with pytest.raises(RecordError, match="folds with nothing to call"):
        replay(read_record(text, preset="pokerkit"))
    played = replay(read_record(text, preset="pokerkit"), lenient=True)
    assert played.hand.stacks == expected
    reasons = [str(warning) for warning in played.warnings if warning.kind is Tolerance.FREE_FOLD]
    assert any(warned in reason for reason in reasons), reasons
