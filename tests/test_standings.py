"""A club's season (issue 27 item 3): standings and friends' statistics counted from the hand
records, checked against the hands as the engine played them (a scan of their own events and
the records' winnings), and exported as CSV and JSON."""

from __future__ import annotations

import csv
import dataclasses
import datetime
import io
import json
import random

import pytest

from wildstud.bots import RandomBot, play_out
from wildstud.cards import Deck
from wildstud.deal import Acted, Hand, Shown
from wildstud.history import HandRecord, read_record, write_record
from wildstud.history.export import record_from_hand
from wildstud.standings import SeasonNight, in_season, standings, to_csv, to_data

GAMES = ("FTQ", "SMBU", "BD7", "the-bitch")
FRIENDS = ("Ann", "Bob", "Cy", "Di", "Ed")


def _night(
    number: int, rng: random.Random
) -> tuple[SeasonNight, list[tuple[Hand, tuple[str, ...]]]]:
    played = []
    records = []
    for _ in range(8):
        names = tuple(rng.sample(FRIENDS, rng.randint(2, 5)))
        stacks = [rng.randint(10, 200) for _ in names]  # short ones go all in: luck
        hand = Hand(rng.choice(GAMES), stacks, deck=Deck(seed=rng.randrange(2**32)))
        play_out(hand, RandomBot(seed=rng.randrange(2**32)))
        record = dataclasses.replace(record_from_hand(hand), players=names)
        records.append(read_record(write_record(record)))  # as stored, and read back
        played.append((hand, names))
    nets = dict.fromkeys(FRIENDS[:3], 0)
    nets[FRIENDS[0]], nets[FRIENDS[1]] = 10 * number, -10 * number
    date = datetime.date(2026, 11, 1) + datetime.timedelta(days=7 * number)
    return SeasonNight(f"n{number}", date, nets, tuple(records)), played


def test_the_season_counts_what_the_engine_played() -> None:
    rng = random.Random(7)
    nights, hands = [], []
    for number in range(1, 4):
        night, played = _night(number, rng)
        nights.append(night)
        hands += played
    table = standings(nights)
    records = [
        record for night in nights for record in night.hands if isinstance(record, HandRecord)
    ]
    assert len(records) == len(hands)  # these nights are made of records alone
    for name in FRIENDS:
        mine = [(hand, names.index(name)) for hand, names in hands if name in names]
        stats = table[name]
        assert stats.hands == len(mine)
        by_game: dict[str, list[tuple[Hand, int]]] = {}
        for hand, seat in mine:
            by_game.setdefault(hand.rules.code, []).append((hand, seat))
        assert set(stats.games) == set(by_game)
        for code, games in by_game.items():
            figures = stats.games[code]
            assert figures.hands == len(games)
            # Chips put in of one's own will: an action that added chips, not the bring-in.
            assert figures.voluntary == sum(
                any(isinstance(e, Acted) and e.seat == seat and e.added > 0
                    and e.kind != "bring-in" for e in hand.events)
                for hand, seat in games
            )  # fmt: skip
            shown = [
                (hand, seat) for hand, seat in games
                if any(isinstance(e, Shown) and e.seat == seat for e in hand.events)
            ]  # fmt: skip
            assert figures.showdowns == len(shown)
            assert figures.showdowns_won == sum(
                any(a.seat == seat for a in hand.awards) for hand, seat in shown
            )
        # The biggest pot from the records' own winnings field.
        won = [
            record.winnings[(record.players or ()).index(name)]
            for record in records
            if name in (record.players or ()) and record.winnings
        ]  # fmt: skip
        assert stats.biggest_pot == max(won, default=0)
    assert [table[name].net for name in ("Ann", "Bob")] == [60, -60]
    assert next(iter(table)) == "Ann"  # best net first
    assert sum(stats.net for stats in table.values()) == 0
    # Each all-in hand's luck adds up to nothing, so the season's does; somebody had some.
    assert sum(stats.luck for stats in table.values()) == pytest.approx(0, abs=1e-6)
    assert any(abs(stats.luck) > 1 for stats in table.values())
    assert any(
        stats.games[code].wilds_at_showdown for stats in table.values() for code in stats.games
    )


def test_a_season_is_the_nights_between_its_dates_and_exports() -> None:
    rng = random.Random(3)
    nights = [_night(number, rng)[0] for number in range(1, 4)]
    autumn = in_season(nights, datetime.date(2026, 11, 1), datetime.date(2026, 11, 15))
    assert [night.night for night in autumn] == ["n1", "n2"]
    table = standings(autumn)
    rows = list(csv.DictReader(io.StringIO(to_csv(table))))
    totals = {row["member"]: row for row in rows if not row["game"]}
    assert {name: int(row["net"]) for name, row in totals.items()} == {
        name: stats.net for name, stats in table.items()
    }
    per_game = [row for row in rows if row["game"]]
    assert sum(int(row["hands"]) for row in per_game) == sum(s.hands for s in table.values())
    data = json.loads(json.dumps(to_data(table)))
    assert [item["member"] for item in data] == list(table)
    assert data[0]["games"] == {
        game: dataclasses.asdict(figures)
        for game, figures in sorted(table[data[0]["member"]].games.items())
    }


def test_a_tournaments_chips_are_not_money() -> None:
    """A tournament's hands count among the hands and games, never in the biggest pot or the
    luck: its pots are tournament chips, and its money is the night's nets."""
    rng = random.Random(11)
    night, _ = _night(1, rng)
    tournament = dataclasses.replace(night, night="t1", chips_are_money=False)
    cash = standings([night])
    chips = standings([tournament])
    assert any(stats.biggest_pot for stats in cash.values())
    assert any(abs(stats.luck) > 1 for stats in cash.values())
    for name, stats in chips.items():
        assert (stats.biggest_pot, stats.luck) == (0, 0.0)
        assert (stats.net, stats.hands, stats.games) == (
            cash[name].net,
            cash[name].hands,
            cash[name].games,
        )
    # Beside a cash night, the biggest pot and the luck are the cash night's alone.
    both = standings([night, dataclasses.replace(tournament, nets={})])
    for name, stats in both.items():
        assert (stats.biggest_pot, stats.luck) == (cash[name].biggest_pot, cash[name].luck)
        assert stats.hands == 2 * cash[name].hands
