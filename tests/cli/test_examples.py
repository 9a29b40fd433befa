"""The records in ``examples/``: each rule sheet's worked examples and each house rule, ruled on
through ``wildstud judge --json`` and checked against what the sheets and the house rules say."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from wildstud.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
COVERED = frozenset(
    {
        "bd5-folded-hole-cards",
        "bd7-three-wild-cards",
        "bitch-queen-of-spades-turns-up",
        "bitch-queen-of-spades-wild",
        "bitch-reante",
        "bitch-split-pot",
        "burn-cards-community-card",
        "double-ace-flush",
        "f7s-low-card-brings-in",
        "five-of-a-kind-below",
        "ftq-centre-card",
        "ftq-extra-antes",
        "ftq-last-queen-no-wild",
        "ftq-no-queen-redeal-everyone",
        "ftq-no-queen-redeal-still-in",
        "ftq-pay-for-wild",
        "ftq-queens-all",
        "ftq-queens-hidden",
        "ftq-queens-hidden-after-face-up",
        "ftq-wild-card-moves",
        "natural-beats-wild",
        "smbu-pimp-daddy",
        "smbu-wild-cards-change-hands",
    }
)


class Judge:
    """``wildstud judge FILE --json`` on an example, as the command line runs it."""

    def __init__(self, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
        self.capsys = capsys
        self.tmp_path = tmp_path

    def __call__(self, name: str, *, strip: str | None = None) -> Any:
        """The ruling on example ``name`` (less the text ``strip``: the same hand without a
        house rule)."""
        assert name in COVERED
        path = EXAMPLES / f"{name}.phh"
        if strip is not None:
            text = path.read_text(encoding="utf-8")
            assert strip in text
            path = self.tmp_path / f"{name}.phh"
            path.write_text(text.replace(strip, ""), encoding="utf-8")
        with pytest.raises(SystemExit) as done:
            main(["judge", str(path), "--json"])
        captured = self.capsys.readouterr()
        assert done.value.code == 0, captured.err
        ruling = json.loads(captured.out)
        for pot in ruling["pots"]:  # each award, with its part of the pot, adds up to the shares
            awards = pot.pop("awards")
            assert sum(award["chips"] for award in awards) == sum(pot["shares"].values())
        return ruling


@pytest.fixture
def judge(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Judge:
    return Judge(capsys, tmp_path)


def test_every_example_has_its_test() -> None:
    assert {path.stem for path in EXAMPLES.glob("*.phh")} == COVERED


def wild_after(ruling: Any, card: str) -> list[str]:
    return next(entry["wild"] for entry in ruling["wild_timeline"] if entry["card"] == card)


def reason_of(ruling: Any, card: str) -> str:
    return next(entry["reason"] or "" for entry in ruling["wild_timeline"] if entry["card"] == card)


def everyone(ruling: Any, wild: list[str]) -> dict[str, list[str]]:
    return dict.fromkeys(ruling["hands"], wild)


def total(ruling: Any) -> int:
    return sum(pot["amount"] for pot in ruling["pots"])


# --- the rule sheets' worked examples -----------------------------------------------------------


def test_follow_the_queen_the_wild_card_moves(judge: Judge) -> None:
    ruling = judge("ftq-wild-card-moves")
    assert ruling["game"] == "FTQ"
    assert wild_after(ruling, "Qd") == []
    assert wild_after(ruling, "7c") == ["7"]
    assert wild_after(ruling, "Qh") == []
    assert wild_after(ruling, "4s") == ["4"]
    assert ruling["final_wild"] == everyone(ruling, ["4"])
    p2 = ruling["hands"]["p2"]
    assert p2["cards"] == ["As", "Ac", "5s", "7c", "9d", "Jh", "4h"]
    assert p2["category"] == "THREE_OF_A_KIND"
    assert sorted(p2["best_five"][:3]) in (["Ac", "Ad", "As"], ["Ac", "Ah", "As"])
    assert p2["best_five"][3:] == ["Jh", "9d"]
    assert ruling["pots"] == [{"amount": 12, "shares": {"p2": 12}}]
    assert ruling["payouts"] == {"p1": 0, "p2": 12, "p3": 0, "p4": 0}
    assert ruling["redeals"] == 0


def test_smack_my_bitch_up_the_wild_cards_change_hands(judge: Judge) -> None:
    ruling = judge("smbu-wild-cards-change-hands")
    assert wild_after(ruling, "Qh") == ["Q"]
    assert wild_after(ruling, "7d") == ["Q", "7"]
    assert wild_after(ruling, "Ks") == ["K"]
    assert 'the table calls "Smack My Bitch Up!"' in reason_of(ruling, "Ks")
    assert wild_after(ruling, "2h") == ["K"]  # the card after a king follows nothing
    assert wild_after(ruling, "Qc") == ["Q"]
    assert wild_after(ruling, "3h") == ["Q", "3"]
    assert ruling["final_wild"] == everyone(ruling, ["Q", "3"])
    assert ruling["hands"]["p1"]["category"] == "FOUR_OF_A_KIND"  # two wild queens
    assert ruling["hands"]["p2"]["category"] == "STRAIGHT_FLUSH"  # three wild threes
    assert ruling["hands"]["p2"]["best_five"] == ["Jd", "Td", "9d", "8d", "7d"]
    assert ruling["hands"]["p3"]["category"] == "TWO_PAIR"  # kings are plain kings again
    assert ruling["payouts"] == {"p1": 0, "p2": 9, "p3": 0}


def test_the_bitch_the_queen_of_spades_turns_up(judge: Judge) -> None:
    ruling = judge("bitch-queen-of-spades-turns-up")
    assert ruling["redeals"] == 1
    assert "the deal stops" in reason_of(ruling, "Qs")
    assert set(ruling["hands"]) == {"p1", "p2", "p3"}  # the two who folded are not redealt
    assert "Qs" in ruling["hands"]["p3"]["cards"][:2]
    assert ruling["hands"]["p1"]["category"] == "FULL_HOUSE"
    # 5 antes, the bring-in and two calls (6), then the bring-in and two calls again (6): no
    # new antes. The odd chip goes to the high half.
    assert ruling["pots"] == [{"amount": 17, "shares": {"p1": 9, "p3": 8}}]
    assert ruling["payouts"] == {"p1": 9, "p2": 0, "p3": 8, "p4": 0, "p5": 0}


def test_the_bitch_a_split_pot(judge: Judge) -> None:
    ruling = judge("bitch-split-pot")
    assert ruling["hands"]["p1"]["category"] == "FLUSH"
    assert ruling["hands"]["p1"]["best_five"] == ["Ah", "Kh", "9h", "6h", "3h"]
    assert ruling["hands"]["p2"]["category"] == "ONE_PAIR"
    assert ruling["final_wild"] == {"p1": [], "p2": []}
    assert ruling["pots"] == [{"amount": 12, "shares": {"p1": 6, "p2": 6}}]


# --- Who Da Baby Daddy Is -----------------------------------------------------------------------


def test_baby_daddy_seven_cards_last_card_wild_for_its_player(
    judge: Judge,
) -> None:
    ruling = judge("bd7-three-wild-cards")
    assert ruling["game"] == "BD7"
    assert ruling["final_wild"] == {"p1": ["9"], "p2": ["7"], "p3": ["2"]}
    assert all(entry["wild"] == [] for entry in ruling["wild_timeline"])
    assert "nines are wild for p1 only" in reason_of(ruling, "9s")
    p1 = ruling["hands"]["p1"]
    assert p1["category"] == "FOUR_OF_A_KIND"
    assert [card[0] for card in p1["best_five"]] == ["A", "A", "A", "A", "K"]
    assert ruling["hands"]["p2"]["category"] == "STRAIGHT_FLUSH"
    assert ruling["hands"]["p2"]["best_five"] == ["Ah", "Kh", "Qh", "Jh", "Th"]
    assert ruling["payouts"] == {"p1": 0, "p2": 3, "p3": 0}


def test_baby_daddy_five_cards_with_a_folded_players_unknown_cards(
    judge: Judge,
) -> None:
    ruling = judge("bd5-folded-hole-cards")
    assert ruling["game"] == "BD5"
    assert set(ruling["hands"]) == {"p1", "p2", "p4"}
    assert ruling["final_wild"] == {"p1": ["9"], "p2": ["3"], "p4": ["8"]}
    assert {name: hand["category"] for name, hand in ruling["hands"].items()} == dict.fromkeys(
        ("p1", "p2", "p4"), "FOUR_OF_A_KIND"
    )
    assert ruling["payouts"] == {"p1": 19, "p2": 0, "p3": 0, "p4": 0}


# --- Follow the Queen's house rules ------------------------------------------------------------


def test_queens_all(judge: Judge) -> None:
    ruling = judge("ftq-queens-all")
    assert wild_after(ruling, "Qd") == ["Q"]
    assert ruling["final_wild"] == everyone(ruling, ["Q", "8"])
    assert ruling["hands"]["p1"]["category"] == "THREE_OF_A_KIND"  # its hidden Q♣ is wild
    assert ruling["hands"]["p3"]["category"] == "FOUR_OF_A_KIND"
    assert ruling["payouts"] == {"p1": 0, "p2": 0, "p3": 9}


def test_queens_hidden(judge: Judge) -> None:
    ruling = judge("ftq-queens-hidden")
    assert wild_after(ruling, "Qd") == []  # a face-up queen is not wild
    assert ruling["final_wild"] == {"p1": ["6", "Qh"], "p2": ["6"], "p3": ["6"]}
    assert ruling["hands"]["p2"]["category"] == "ONE_PAIR"
    assert ruling["hands"]["p1"]["category"] == "THREE_OF_A_KIND"
    assert ruling["payouts"] == {"p1": 9, "p2": 0, "p3": 0}


def test_queens_hidden_after_face_up(judge: Judge) -> None:
    ruling = judge("ftq-queens-hidden-after-face-up")
    before = ruling["wild_timeline"][: [e["card"] for e in ruling["wild_timeline"]].index("Qh")]
    assert len(before) == 7
    assert all(entry["wild"] == [] for entry in before)  # p1's Q♣ in the hole waits
    assert wild_after(ruling, "Qh") == ["Q"]
    assert "in the hole" in reason_of(ruling, "Qh")
    assert ruling["final_wild"] == everyone(ruling, ["Q", "5"])
    assert ruling["hands"]["p1"]["category"] == "THREE_OF_A_KIND"
    assert ruling["payouts"] == {"p1": 9, "p2": 0, "p3": 0}


def test_centre_card_after_a_last_queen(judge: Judge) -> None:
    ruling = judge("ftq-centre-card")
    last = ruling["wild_timeline"][-1]
    assert (last["card"], last["player"], last["wild"]) == ("8h", None, ["8"])
    assert wild_after(ruling, "6s") == ["6"]
    assert wild_after(ruling, "Qc") == []
    assert ruling["final_wild"] == everyone(ruling, ["8"])
    assert ruling["hands"]["p2"]["category"] == "THREE_OF_A_KIND"
    assert ruling["payouts"] == {"p1": 0, "p2": 9, "p3": 0}


def test_a_last_queen_leaves_nothing_wild(judge: Judge) -> None:
    ruling = judge("ftq-last-queen-no-wild")
    assert ruling["wild_timeline"][-1]["card"] == "Qc"
    assert ruling["final_wild"] == everyone(ruling, [])
    assert ruling["hands"]["p3"]["category"] == "TWO_PAIR"
    assert ruling["payouts"] == {"p1": 0, "p2": 0, "p3": 9}


def test_no_queen_redeal_for_the_players_still_in(judge: Judge) -> None:
    ruling = judge("ftq-no-queen-redeal-still-in")
    assert ruling["redeals"] == 1
    assert "no queen was dealt face up" in reason_of(ruling, "3s")
    assert set(ruling["hands"]) == {"p1", "p2"}
    assert ruling["final_wild"] == {"p1": ["7"], "p2": ["7"]}
    # 3 antes and 4 in bets in the first deal, 4 in bets in the second, no new antes.
    assert total(ruling) == 11
    assert ruling["payouts"] == {"p1": 0, "p2": 11, "p3": 0}


def test_no_queen_redeal_for_everyone(judge: Judge) -> None:
    ruling = judge("ftq-no-queen-redeal-everyone")
    assert ruling["redeals"] == 1
    assert set(ruling["hands"]) == {"p1", "p2", "p3"}  # p3 folded in the first deal
    # 7 from the first deal, 3 new antes and 6 in bets in the second.
    assert total(ruling) == 16
    assert ruling["payouts"] == {"p1": 0, "p2": 16, "p3": 0}


def test_pay_for_wild_cards(judge: Judge) -> None:
    ruling = judge("ftq-pay-for-wild")
    assert wild_after(ruling, "7d") == ["7"]
    assert total(ruling) == 3 + 6 + 2 + 2  # antes, bring-in and calls, two payments
    assert ruling["payouts"] == {"p1": 0, "p2": 0, "p3": 13}


def test_extra_antes(judge: Judge) -> None:
    ruling = judge("ftq-extra-antes")
    assert ruling["final_wild"] == everyone(ruling, ["Q", "7"])
    assert total(ruling) == 3 + 2 + 1 + 1 + 6  # antes, the queen, 7♠ wild, 7♥ turned wild, bets
    assert ruling["hands"]["p2"]["category"] == "FULL_HOUSE"
    assert ruling["payouts"] == {"p1": 0, "p2": 13, "p3": 0}


# --- Smack My Bitch Up and The Bitch's house rules ---------------------------------------------


def test_pimp_daddy_is_called_when_a_king_cancels_the_wild_cards(
    judge: Judge,
) -> None:
    ruling = judge("smbu-pimp-daddy")
    assert 'the table calls "Pimp Daddy!"' in reason_of(ruling, "Ks")
    assert "Smack" not in json.dumps(ruling)
    assert ruling["final_wild"] == everyone(ruling, ["Q", "3"])
    assert ruling["payouts"] == {"p1": 0, "p2": 9, "p3": 0}


def test_queen_of_spades_wild_instead_of_half_the_pot(judge: Judge) -> None:
    ruling = judge("bitch-queen-of-spades-wild")
    assert ruling["final_wild"] == {"p1": [], "p2": ["Qs"]}
    assert ruling["hands"]["p2"]["category"] == "STRAIGHT"
    assert ruling["pots"] == [{"amount": 12, "shares": {"p1": 12}}]
    split = judge(
        "bitch-queen-of-spades-wild", strip='_house_rules = { queen_of_spades = "wild" }\n'
    )
    assert split["pots"] == [{"amount": 12, "shares": {"p1": 6, "p2": 6}}]


def test_the_bitch_reante_on_redeal(judge: Judge) -> None:
    ruling = judge("bitch-reante")
    assert ruling["redeals"] == 1
    assert total(ruling) == 3 + 3 + 6
    assert ruling["payouts"] == {"p1": 12, "p2": 0, "p3": 0}
    plain = judge("bitch-reante", strip="_house_rules = { reante_on_redeal = true }\n")
    assert total(plain) == 3 + 6


# --- house rules of every game ------------------------------------------------------------------


def test_burn_cards_and_a_community_card(judge: Judge) -> None:
    ruling = judge("burn-cards-community-card")
    assert len(ruling["hands"]) == 8
    assert all(hand["cards"][-1] == "Kc" for hand in ruling["hands"].values())
    assert ruling["final_wild"] == everyone(ruling, ["J"])
    assert ruling["hands"]["p3"]["category"] == ruling["hands"]["p7"]["category"] == "STRAIGHT"
    assert ruling["pots"] == [{"amount": 8, "shares": {"p3": 4, "p7": 4}}]


def test_natural_beats_wild(judge: Judge) -> None:
    ruling = judge("natural-beats-wild")
    p1, p2 = ruling["hands"]["p1"], ruling["hands"]["p2"]
    assert [card[0] for card in p1["best_five"]] == [card[0] for card in p2["best_five"]]
    assert ruling["pots"] == [{"amount": 6, "shares": {"p1": 6}}]
    tied = judge("natural-beats-wild", strip="_house_rules = { natural_beats_wild = true }\n")
    assert tied["pots"] == [{"amount": 6, "shares": {"p1": 3, "p2": 3}}]


def test_five_of_a_kind_below_a_straight_flush(judge: Judge) -> None:
    ruling = judge("five-of-a-kind-below")
    assert ruling["final_wild"] == everyone(ruling, ["Q", "9"])
    assert ruling["hands"]["p1"]["category"] == "STRAIGHT_FLUSH"
    assert ruling["hands"]["p2"]["best_five"] == ["9h", "8h", "7h", "6h", "5h"]
    assert ruling["payouts"] == {"p1": 0, "p2": 6}


def test_five_of_a_kind_on_top_by_default(judge: Judge) -> None:
    top = judge("five-of-a-kind-below", strip=", five_of_a_kind_top = false")
    assert top["hands"]["p1"]["category"] == "FIVE_OF_A_KIND"
    assert top["hands"]["p1"]["best_five"][0][0] == "4"
    assert top["payouts"] == {"p1": 6, "p2": 0}


def test_double_ace_flush(judge: Judge) -> None:
    ruling = judge("double-ace-flush")
    assert ruling["hands"]["p2"]["best_five"] == ["Ad", "Ad", "8d", "5d", "2d"]
    assert ruling["payouts"] == {"p1": 0, "p2": 6}
    plain = judge("double-ace-flush", strip="_house_rules = { double_ace_flush = true }\n")
    assert plain["hands"]["p2"]["best_five"] == ["Ad", "Kd", "8d", "5d", "2d"]
    assert plain["payouts"] == {"p1": 6, "p2": 0}


def test_plain_seven_card_stud_the_low_card_by_suit_brings_in(judge: Judge) -> None:
    ruling = judge("f7s-low-card-brings-in")
    assert ruling["game"] == "F7S"
    assert all(entry["wild"] == [] for entry in ruling["wild_timeline"])
    assert ruling["final_wild"] == everyone(ruling, [])
    assert ruling["hands"]["p2"]["category"] == "THREE_OF_A_KIND"
    assert ruling["hands"]["p1"]["category"] == "TWO_PAIR"
    assert ruling["pots"] == [{"amount": 78, "shares": {"p2": 78}}]
    assert ruling["payouts"] == {"p1": 0, "p2": 78, "p3": 0}
    assert ruling["redeals"] == 0
