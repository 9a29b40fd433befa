"""A finished hand's odds at every street, over a real socket: the figures of ``wildstud odds`` on
the hand's own record, nothing the showdown did not show, worked out once."""

from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Any

import pytest

from tests.tools.wsclient import Api
from wildstud.history import load
from wildstud.odds.hindsight import hand_odds
from wildstud.seats import seat_label


def _finished_hand(api: Api, game: str) -> tuple[str, dict[str, Any]]:
    """A table of three calling bots (every hand goes to the showdown) and its first hand."""
    created = api.create(games=[{"game": game}], seats=3, bot_delay=0, hand_pause=0)
    table_id = created["table"]["id"]
    for _ in range(3):
        api.ok(api.host(created, "POST", "/bots", kind="calling-bot"))
    api.ok(api.host(created, "POST", "/start"))
    deadline = time.monotonic() + 30
    while api.get(f"/api/tables/{table_id}")["hands_dealt"] < 2:
        assert time.monotonic() < deadline, "no hand finished in time"
        time.sleep(0.05)
    api.ok(api.host(created, "POST", "/pause"))
    return table_id, api.get(f"/api/tables/{table_id}/hands/1")


@pytest.mark.parametrize("game", ["FTQ", "BITCH"])
def test_a_replays_odds_are_wildstud_odds_on_the_hands_record(
    api: Api, game: str, tmp_path: Path
) -> None:
    table_id, history = _finished_hand(api, game)
    report = api.odds(f"/api/tables/{table_id}/hands/1/odds")
    assert report["number"] == 1
    assert report["split_pot"] is (game == "BITCH")
    # The record anyone may download, as `wildstud odds` would read it cut at each street.
    path = tmp_path / "hand.phh"
    path.write_text(api.http.get(f"/api/tables/{table_id}/hands/1/phh").text)
    theirs = hand_odds(load(path)).to_dict()
    count = len(history["players"])
    # PHH counts players from the dealer's left; the server names engine seats.
    player = {seat: seat_label((seat - history["dealer"] - 1) % count) for seat in range(count)}
    shown = {event["seat"] for event in history["events"] if event["type"] == "shown"}
    assert len(report["streets"]) == len(theirs["streets"])
    for ours, expected in zip(report["streets"], theirs["streets"], strict=True):
        assert (ours["street"], ours["exact"]) == (expected["street"], expected["exact"])
        for seat in ours["seats"]:
            figures = expected["seats"][player[seat["seat"]]]
            assert seat["pot_share"] == pytest.approx(figures["pot_share"]["value"], abs=1e-12)
            assert seat["shown"] is (seat["seat"] in shown)
            assert seat["name"] == history["players"][seat["seat"]]
    # Each street's odds stand where its cards are out: the replay's first step whose events
    # reach that far shows the street.
    steps = api.get(f"/api/tables/{table_id}/hands/1/steps")["steps"]
    reached = list(itertools.accumulate(len(step["events"]) for step in steps))
    for street in report["streets"]:
        at = next(index for index, count in enumerate(reached) if count >= street["event"])
        assert steps[at]["view"]["street"] == street["street"]


def test_a_hands_odds_are_worked_out_once(api: Api) -> None:
    table_id, _ = _finished_hand(api, "SMBU")
    began = time.perf_counter()
    first = api.odds(f"/api/tables/{table_id}/hands/1/odds")
    worked = time.perf_counter() - began
    began = time.perf_counter()
    again = api.odds(f"/api/tables/{table_id}/hands/1/odds")
    kept = time.perf_counter() - began
    assert again == first
    assert kept < max(worked / 2, 0.05)


def test_odds_of_a_hand_that_does_not_exist_are_refused(api: Api) -> None:
    table_id, _ = _finished_hand(api, "FTQ")
    response = api.http.get(f"/api/tables/{table_id}/hands/9999/odds")
    assert response.status_code == 404
    assert "no finished hand 9999" in response.json()["detail"]
