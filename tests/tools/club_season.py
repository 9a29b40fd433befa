"""A club's season worked out by the tests from what anyone may read (the club's book, each
night's luck and the public history of each stored hand), to check the server's standings
against: shared by the server's and the browser's tests of a club's records."""

from __future__ import annotations

from typing import Any

from tests.tools.wsclient import Api

VOLUNTARY = {"call", "complete", "bet", "raise"}
"""The actions that put chips in of a player's own will (a bring-in or an ante does not)."""


def stored_hands(api: Api, table_id: str) -> list[dict[str, Any]]:
    """Every stored hand of a table, each as the spectator's history of it, first hand first."""
    listed = api.get(f"/api/tables/{table_id}/hands?limit=200")
    return [api.get(f"/api/tables/{table_id}/hands/{h['number']}") for h in reversed(listed)]


def season_worked_out(api: Api, host: str) -> dict[str, dict[str, Any]]:
    """Each account's season worked out from the book and the hands' public histories (the
    spectator's view of each finished hand), apart from the server's standings."""
    book = api.get(f"/api/clubs/host/{host}/book")
    by_name = {m["name"]: m["id"] for m in api.get(f"/api/clubs/host/{host}")["members"]}
    found: dict[str, dict[str, Any]] = {}

    def of(account: str) -> dict[str, Any]:
        return found.setdefault(
            account,
            {"net": 0, "nights": 0, "hands": 0, "biggest_pot": 0, "luck": 0.0, "games": {}},
        )

    for entry in book["nights"]:
        for account, net in entry["nets"].items():
            of(account)["net"] += net
            of(account)["nights"] += 1
        if entry["source"] != "played":
            continue
        luck = api.get(f"/api/tables/{entry['night']}/luck")
        for player in luck["players"]:
            of(by_name[player["name"]])["luck"] += player["luck"]
        for hand in stored_hands(api, entry["night"]):
            seats = [by_name[name] for name in hand["players"]]
            taken = [0] * len(seats)
            shown: set[int] = set()
            reached: set[int] = set()
            won: set[int] = set()
            put_in: set[int] = set()
            wilds = [0] * len(seats)
            for event in hand["events"]:
                if event["type"] == "acted" and event["kind"] in VOLUNTARY:
                    put_in.add(event["seat"])
                elif event["type"] == "mucked":  # reached the showdown, gave up there
                    reached.add(event["seat"])
                elif event["type"] == "shown":
                    shown.add(event["seat"])
                    reached.add(event["seat"])
                    wilds[event["seat"]] += sum(card in event["wild"] for card in event["cards"])
                elif event["type"] == "awarded":
                    taken[event["seat"]] += event["amount"]
                    won.add(event["seat"])
            for seat, account in enumerate(seats):
                stats = of(account)
                stats["hands"] += 1
                stats["biggest_pot"] = max(stats["biggest_pot"], taken[seat])
                game = stats["games"].setdefault(
                    hand["code"],
                    {"hands": 0, "voluntary": 0, "showdowns": 0, "showdowns_won": 0,
                     "wilds_at_showdown": 0},
                )  # fmt: skip
                game["hands"] += 1
                game["voluntary"] += seat in put_in
                game["showdowns"] += seat in reached
                game["showdowns_won"] += seat in shown and seat in won
                game["wilds_at_showdown"] += wilds[seat]
    return found
