"""The audit of a private night record (issue 26 item 2): a night of ``--hands`` hands of Follow
the Queen at ``--players`` seats, each a page's, and the server (a party with no seat), every
hand to the showdown; its record audited by the library (``audit_private_night``, libsodium) and
by the page's own audit (``static/js/privateaudit.js`` in node, @noble/curves), each timed with
its process's CPU clock, and the ratio.

The night is made as ``tests/tools/private_nights.py`` makes the golden ones (fixed secrets and
orders), so both sides audit the same record each run.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.tools.private_nights import TABLE, context, played  # noqa: E402

from wildstud.history.private_night import (  # noqa: E402
    PrivateNight,
    audit_private_night,
    night_of,
)

PAGE = Path(__file__).with_name("private_audit_page.mjs")


def night(hands: int, players: int) -> dict[str, object]:
    """The night's record (JSON), every party's secret published after each hand."""
    made = []
    for number in range(1, hands + 1):
        hand = played(f"bench {number}", players=players, pages=players, hand=number)
        hand.audit()
        made.append((number, context(number), hand.rows))
    return night_of(TABLE, made).to_data()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--players", type=int, default=6)
    args = parser.parse_args()
    record = night(args.hands, args.players)
    start = time.process_time()
    library = audit_private_night(PrivateNight.from_data(record))
    library_seconds = time.process_time() - start
    with tempfile.NamedTemporaryFile("w", suffix=".json") as file:
        json.dump(record, file)
        file.flush()
        done = subprocess.run(
            ["node", str(PAGE), file.name], check=True, capture_output=True, text=True
        )
    page = json.loads(done.stdout)
    assert page["deals"] == library.deals
    assert page["faults"] == len(library.faults) == 0
    size = len(json.dumps(record)) / 1e6
    print(f"{args.hands} hands at {args.players} players, {library.deals} deals, {size:.1f} MB")
    print(f"library (libsodium): {library_seconds:.2f} s CPU")
    each = page["seconds"] / library.deals
    print(f"page (node, noble):  {page['seconds']:.2f} s CPU, {each:.3f} s a deal")
    print(f"ratio page/library:  {page['seconds'] / library_seconds:.1f}")


if __name__ == "__main__":
    main()
