"""Python opcodes a hand of ``benchmarks/engine.py``'s wildstud player: a count that the machine's
load does not change, for sizing a change to the engine where a timing under load cannot.

Each game's player (6 seats, the benchmark's stakes) plays a warm-up, then the counted hands under
:func:`sys.settrace` with every frame's opcode events on; the count covers everything the hand
runs in Python, the benchmark's own player and the standard library's ``random`` included (the
work in C, such as an ``lru_cache`` hit, counts nothing). Run it with ``PYTHONHASHSEED=0`` and the
side's ``src`` first on ``PYTHONPATH``, once per commit, to compare two::

    PYTHONHASHSEED=0 PYTHONPATH=src .venv/bin/python benchmarks/opcodes.py
    PYTHONHASHSEED=0 PYTHONPATH=src .venv/bin/python benchmarks/opcodes.py FTQ --profile 20

``--profile N`` adds the N functions with the most opcodes, with their share of the hand.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections import Counter
from types import FrameType
from typing import Any

from engine import GAMES, wildstud_player


def count(code: str, *, warm: int, hands: int) -> tuple[float, float, Counter[str]]:
    """Opcodes and Python calls a hand of this game, and the opcodes by function (in all)."""
    play = wildstud_player(code, 6)
    for seed in range(warm):
        play(seed)
    opcodes = calls = 0
    where: Counter[str] = Counter()

    def on_call(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal calls
        calls += 1
        frame.f_trace_opcodes = True
        return on_opcode

    def on_opcode(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal opcodes
        if event == "opcode":
            opcodes += 1
            code = frame.f_code
            where[f"{code.co_filename.rsplit('/src/', 1)[-1]}:{code.co_name}"] += 1
        return on_opcode

    sys.settrace(on_call)
    try:
        for seed in range(warm, warm + hands):
            play(seed)
    finally:
        sys.settrace(None)
    return opcodes / hands, calls / hands, where


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help=f"some of {', '.join(GAMES)} (default: all)")
    parser.add_argument("--warm", type=int, default=300, help="hands played first, not counted")
    parser.add_argument("--hands", type=int, default=200, help="hands counted")
    parser.add_argument("--profile", type=int, default=0, metavar="N")
    args = parser.parse_args(argv)
    for code in args.games:
        if code not in GAMES:
            parser.error(f"not a game: {code} (expected some of {', '.join(GAMES)})")
    games = args.games or list(GAMES)
    if len(games) > 1:
        # A game counted after another in one process would find the shared records and
        # offers of the engine's caches made already: each game gets a fresh process.
        rest = [f"--warm={args.warm}", f"--hands={args.hands}", f"--profile={args.profile}"]
        for code in games:
            subprocess.run([sys.executable, __file__, code, *rest], check=True)
        return
    for code in games:
        opcodes, calls, where = count(code, warm=args.warm, hands=args.hands)
        print(f"{code:6} {opcodes:9,.0f} opcodes a hand {calls:6,.0f} calls a hand")
        for name, total in where.most_common(args.profile):
            share = 100 * total / args.hands / opcodes
            print(f"    {share:5.1f}% {total / args.hands:7,.0f}  {name}")


if __name__ == "__main__":
    main()
