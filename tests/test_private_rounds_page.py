"""The page's side of a private deal's rounds (static/js/privaterounds.js, over privatedeal.js)
plays the server's rounds (wildstud.private_rounds): node pages answer every ask over JSON, open
their own cards and show them with proof, beside Python pages and the server's party, a whole
hand of each game to the showdown, and the audit after it is clean; a page's deal keeps its
secret across asks, as a reload resumes from IndexedDB."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.tools.private_play import CONTEXT, JsonPage, play_pages
from wildstud.cards import Card
from wildstud.private_rounds import DealRounds

PAGE = Path(__file__).parent / "client" / "privaterounds_page.js"

SCRIPTS = Path(__file__).parent.parent / "src" / "wildstud" / "server" / "static" / "js"

pytestmark = [
    pytest.mark.skipif(shutil.which("node") is None, reason="node runs the page's side"),
    pytest.mark.skipif(
        "shareBatch" not in (SCRIPTS / "privatedeal.js").read_text(),
        reason="the page's half of private deal v2 is not in yet",
    ),
]


class NodePage:
    """A party whose answers come from the page's module, in node."""

    def __init__(self, process: subprocess.Popen[str], party: int) -> None:
        self.process, self.party, self.seat = process, party, party
        self.deal = 0
        self.cards: dict[int, Card] = {}

    def _ask(self, op: str, **fields: Any) -> Any:
        request = {"op": op, "context": CONTEXT.decode(), "deal": self.deal, "party": self.party}
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        self.process.stdin.write(json.dumps({**request, **fields}) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def new_deal(self, deal: int) -> None:
        self.deal, self.cards = deal, {}

    def answer(self, asked: dict[str, Any], rounds: DealRounds) -> dict[str, Any]:
        answer: dict[str, Any] = self._ask("answer", asked=asked)
        return answer

    def open(self, points: list[list[Any]]) -> None:
        for position, card in self._ask("open", points=points):
            self.cards[position] = Card(card)

    def show(self, rounds: DealRounds, points: list[list[Any]]) -> dict[str, Any]:
        shown: dict[str, Any] = self._ask("show", seat=self.seat, points=points)
        return shown

    def reveal(self, rounds: DealRounds) -> dict[str, Any]:
        revealed: dict[str, Any] = self._ask("reveal")
        return revealed


@pytest.mark.parametrize("game", ["FTQ", "SMBU", "BD5", "BD7", "BITCH"])
def test_the_pages_module_plays_the_servers_rounds(game: str) -> None:
    with subprocess.Popen(
        ["node", str(PAGE)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    ) as process:
        try:
            pages: list[Any] = [NodePage(process, 0), NodePage(process, 1)]
            pages += [JsonPage(2, 2), JsonPage(3, 3)]  # a Python page, and the server's party
            _, deals = play_pages(pages, game)
            for rounds in deals:  # every party its own secret, the two node pages' too
                assert len(set(rounds.keys.values())) == len(pages)
            # The same ask twice gets the same answer: the deal's secret is kept, not redrawn.
            again = pages[0]._ask("answer", asked={"step": "key"})
            assert again == pages[0]._ask("answer", asked={"step": "key"})
        finally:
            assert process.stdin is not None
            process.stdin.close()
