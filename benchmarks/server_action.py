"""A table's CPU per action in one process, without sockets: where a server action's time goes.

``benchmarks/server.py`` measures the whole server (sockets, HTTP, every client on the same
cores); this script measures the table alone, so that a change to the table's own work (the
engine's step, the store's write, each audience's frame) shows without the noise of a loaded
machine. It creates ``--tables`` tables of 6 seats on an in-memory SQLite store (dealer's
choice of FTQ, SMBU, BD7 and The Bitch): 3 players, each with one connection held in memory
that keeps only the size of what it is sent, 3 random bots, and one spectator, as
``benchmarks/server.py`` seats them. The players act at once on their turns (checking or
calling, a bet or raise one time in five, a fold one time in ten when facing a bet), choose the
game and show or muck at random; the bots act at once. It plays until the players have sent
``--actions`` actions and prints the process's CPU per action (every acted event of every
hand, the bots' too, as the spectator was sent them). The decks and the bots' choices are
seeded from ``--seed`` as the players' are (``benchmarks/seeded.py``), so a run plays the same
hands as any other run of the same seed, of this commit or another: old and new compare on the
same work.

``--profile N`` runs the same under :mod:`cProfile` with the thread's CPU clock and prints the
N functions with the most CPU (with everything they call); the profiler's own cost makes every
figure larger, small functions most.

From the repository root::

    .venv/bin/python benchmarks/server_action.py                  # 2,000 player actions
    .venv/bin/python benchmarks/server_action.py --profile 40
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import json
import pstats
import random
import time
from collections.abc import Callable
from typing import Any

from seeded import seed_server
from wildstud.server.lobby import Lobby
from wildstud.server.messages import Act, Choose, Show
from wildstud.server.schemas import GameEntry, TableSettings
from wildstud.server.seating import SeatKind
from wildstud.server.store import Store
from wildstud.server.table import Table, TableStatus

ACTED = '"type":"acted"'


class Connection:
    """A client's connection held in memory: it counts what it is sent."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.frames = 0
        self.bytes = 0
        self.acted = 0
        """Acted events sent (counted for a spectator: every action of the table once)."""

    def send(self, text: str) -> None:
        self.frames += 1
        self.bytes += len(text)
        if self.seat is None:
            self.acted += text.count(ACTED)

    def close(self, code: int, reason: str) -> None:
        pass

    def then(self, callback: Callable[[], None]) -> None:
        callback()


class Night:
    """One table under test: its players' connections and its spectator's."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.players: dict[int, Connection] = {}
        self.spectator = Connection(None)
        self.seq: dict[int, int] = {}

    def next_seq(self, seat: int) -> int:
        self.seq[seat] = self.seq.get(seat, self.table.seats[seat].last_seq) + 1
        return self.seq[seat]

    async def play(self, rng: random.Random) -> bool:
        """Send the one request a player owes now, if any; whether one was sent."""
        table = self.table
        choosing = table.driver.choosing
        if choosing is not None and choosing.button in self.players:
            seat = choosing.button
            entry = rng.choice(choosing.entries)
            frame: Any = Choose(type="choose", seq=self.next_seq(seat), entry=entry)
            await table.handle(self.players[seat], frame)
            return False
        live = table.live
        if live is None:
            return False
        if live.hand.to_show_or_muck:
            for engine in live.hand.to_show_or_muck:
                seat = live.setup.lineup[engine]
                if seat in self.players:
                    show = rng.random() < 0.5
                    frame = Show(type="show", seq=self.next_seq(seat), show=show)
                    await table.handle(self.players[seat], frame)
                    break
            return False
        if live.hand.to_act is None:
            return False
        seat = live.setup.lineup[live.hand.to_act]
        if seat not in self.players:
            return False
        options = {option.kind.value: option for option in live.hand.legal_actions()}
        kind: str = next(k for k in ("check", "call", "bring-in", "fold") if k in options)
        amount = None
        roll = rng.random()
        for aggressive in ("bet", "raise", "complete"):
            if aggressive in options and roll < 0.2:
                kind, amount = aggressive, options[aggressive].min_amount
        if "fold" in options and "check" not in options and roll > 0.9:
            kind, amount = "fold", None
        frame = {"type": "act", "seq": self.next_seq(seat), "action": kind, "amount": amount}
        act = Act.model_validate(frame)  # as the socket reads a frame: the kind checked
        await table.handle(self.players[seat], act)
        return True


async def run(args: argparse.Namespace, profile: cProfile.Profile | None) -> dict[str, Any]:
    """Set the tables up, play, and return the figures."""
    rng = random.Random(args.seed)
    seed_server(args.seed)  # the same decks and bots' choices on both sides of a comparison
    store = Store("sqlite://")
    lobby = Lobby(store)
    await lobby.open()
    settings = TableSettings(
        name="bench",
        games=[GameEntry(game=code) for code in ("FTQ", "SMBU", "BD7", "BITCH")],
        seats=6,
        bot_delay=0,
        hand_pause=0,
        showdown_pause=0,
        redeal_pause=0,
        runout_pause=0,
        action_clock=3600,
        choice_clock=3600,
        muck_clock=60,
    )
    nights = []
    for _ in range(args.tables):
        table, _ = await lobby.create(settings)
        night = Night(table)
        for name in ("ann", "bob", "cy"):
            seat, _token = await table.join(name, None)
            night.players[seat.index] = Connection(seat.index)
            await table.attach(night.players[seat.index])
        for _ in range(3):
            await table.add_bot(SeatKind.RANDOM_BOT, None, None)
        await table.attach(night.spectator)
        nights.append(night)
    for night in nights:
        await night.table.set_status(TableStatus.RUNNING)
    sent = 0
    started = time.process_time()
    if profile is not None:
        profile.enable()
    while sent < args.actions:
        for night in nights:
            sent += await night.play(rng)
        await asyncio.sleep(0)  # the tables' actors: the bots, the dealer
    if profile is not None:
        profile.disable()
    cpu = time.process_time() - started
    connections = [c for night in nights for c in (*night.players.values(), night.spectator)]
    actions = sum(night.spectator.acted for night in nights)
    hands = sum(night.table.hands_dealt for night in nights)
    for night in nights:
        await night.table.stop()
    store.close()
    return {
        "tables": args.tables,
        "player_actions": sent,
        "actions": actions,
        "hands": hands,
        "frames": sum(c.frames for c in connections),
        "kilobytes": round(sum(c.bytes for c in connections) / 1000),
        "cpu_s": round(cpu, 3),
        "cpu_ms_per_action": round(1000 * cpu / actions, 3) if actions else None,
    }


def main() -> None:
    """Parse the options, run, print the figures (and the profile)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--actions", type=int, default=2000, help="player actions to send")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", type=int, default=0, help="print the N costliest functions")
    args = parser.parse_args()
    profile = cProfile.Profile(time.thread_time_ns, 1e-9) if args.profile else None
    figures = asyncio.run(run(args, profile))
    print(json.dumps(figures))
    if profile is not None:
        out = io.StringIO()
        stats = pstats.Stats(profile, stream=out)
        stats.sort_stats("cumulative").print_stats(args.profile)
        print(out.getvalue())


if __name__ == "__main__":
    main()
