"""The command line refuses nonsense: each bad input a careless user might type gets one line on
standard error, numbering players from 1, exit status 2, and nothing on standard output."""

# ruff: noqa: E501 (the table of bad inputs reads best one input a line)

from __future__ import annotations

import io
import re
import textwrap
from pathlib import Path

import pytest
from rich.console import Console

from tests.tools.cli_run import run
from wildstud.cli import compiling

EXAMPLE = "examples/ftq-wild-card-moves.phh"
ROOT = Path(__file__).resolve().parents[2]

BAD = [
    # odds: players and seats
    (["odds", "--up", "p1:5s", "--up", "p3:6s", "--players", "2"], "--up names p3, but the table has 2 players (p1 to p2)"),
    (["odds", "--up", "p0:5s"], "--up must name a player as 3 or p3, not 'p0' (players count from 1)"),
    (["odds", "--up", "5s"], "--up must be PLAYER:CARDS"),
    (["odds", "--up", "p1:"], "--up 'p1:' names no cards"),
    (["odds", "--up", "p1:5s", "--up", "p2:6s", "--folded", "p1", "--folded", "p2"], "every player has folded"),
    (["odds", "--up", "p1:5s", "--up", "p2:6s", "--folded", "three"], "--folded must name a player as 3 or p3"),
    (["odds", "--up", "p1:5s", "--up", "p2:6s", "--folded", "p2", "--folded", "2"], "--folded names p2 twice"),
    (["odds", "--hole", "As", "--seat", "p4", "--up", "p1:5s", "--players", "3"], "--hole names p4, but the table has 3 players"),
    (["odds", "--up", "p1:5s", "--up", "p2:6s", "--players", "1"], "--up names p2, but the table has 1 player (p1 to p1)"),
    (["odds", "--up", "p1:5s", "--up", "p2:6s", "--players", "99"], "is for 2 to 8 players, not 99"),
    # odds: cards
    (["odds", "--up", "p1:As", "--up", "p2:As"], "card seen twice: As"),
    (["odds", "--hole", "Kd", "--up", "p1:5s", "--up", "p2:Kd"], "card seen twice: Kd"),
    (["odds", "--up", "p1:5s 5s", "--up", "p2:6s"], "card given twice: 5s"),
    (["odds", "--up", "p1:5s", "--up", "p2:6s", "--seen", "6s"], "card seen twice: 6s"),
    (["odds", "--up", "p1:5x", "--up", "p2:6s"], "not a card: '5x'"),
    # odds: an option that would replace another
    (["odds", "--up", "p1:5s", "--up", "p1:6s"], "--up gives p1's cards twice (5s, then 6s)"),
    (["odds", "--hole", "As", "--hole", "p1:Ad", "--up", "p1:5s", "--up", "p2:6s"], "--hole gives p1's cards twice"),
    (["odds", "--players", "2", "--players", "3"], "--players is given twice (2 and 3): give it once"),
    (["odds", "--seed=1", "--seed", "2"], "--seed is given twice (1 and 2)"),
    (["odds", "--option", "queens=all", "--option", "queens=hidden"], "--option sets queens twice"),
    (["odds", "--option", "no-queen=redeal-still-in", "--option", "no_queen=play-on"], "--option sets no_queen twice"),
    # odds: a centre card where there can be none
    (["odds", "--up", "p1:5s", "--up", "p2:6s", "--centre", "Qs"], "a centre card comes only after the last face-up card (sixth street)"),
    (["odds", "SMBU", "--up", "p1:5s 6s 7s 8s", "--up", "p2:5d 6d 7d 8d", "--centre", "Qs"], "deals no centre card"),
    (
        ["odds", "--option", "final_queen=centre-card", "--up", "p1:5s 6s 7s 8s", "--up", "p2:5d 6d 7d 8d", "--centre", "Qs"],
        "a centre card is dealt only when the last face-up card is a queen, not 8d",
    ),
    # odds: the record and the viewer
    (["odds", "--viewer", "2"], "--viewer goes with --record"),
    (["odds", "--seat", "p2", "--hole", "p2:As"], "--seat says whose cards --hole CARDS gives"),
    (["odds", "--record", EXAMPLE, "--viewer", "p9"], "--viewer names p9, but the table has 4 players (p1 to p4)"),
    (["odds", "--record", EXAMPLE, "--viewer", "0"], "--viewer must name a player as 3 or p3, not '0'"),
    (["odds", "--record", EXAMPLE, "--up", "p1:As"], "--record gives the game and the cards: leave out --up"),
    (["odds", "SMBU", "--record", EXAMPLE], "--record gives the game and the cards: leave out GAME"),
    (["odds", "--record", "no-such-file.phh"], "cannot read no-such-file.phh"),
    # odds: the search
    (["odds", "--time-limit", "0"], "--time-limit must be above 0 seconds, not 0"),
    (["odds", "--time-limit", "-2.5"], "--time-limit must be above 0 seconds, not -2.5"),
    (["odds", "--deals", "0"], "--deals must be at least 1, not 0"),
    (["odds", "--precision", "0"], "--precision must be above 0, not 0"),
    (["odds", "--seed", "-1"], "Invalid value for '--seed'"),
    (["study", "FTQ", "--seed", "-1"], "Invalid value for '--seed'"),
    (["arena", "--seed", "-1", "--hands", "1"], "Invalid value for '--seed'"),
    (["tables", "--cards", "5", "--wild", "Q,Q"], "--wild names Q twice: name each rank or card once"),
    (["judge", "--preset", "pokerkit", EXAMPLE], "The pokerkit preset is for seven-card stud (F7S) only"),
    (["odds", "--exact", "--deals", "5"], "--exact tries every way the last street falls: leave out --deals"),
    (["odds", "--up", "p1:5s", "--up", "p2:6s", "--exact"], "exact odds need every street dealt but the last"),
    (["odds", "XYZ"], "no game called 'XYZ'"),
    # Hole cards alone: what is missing, in a player's words.
    (["odds", "FTQ", "--hole", "p1:As,Ac"], "shows 1 upcard(s); the upcards given stop at 0: name each player's upcards too"),
    # Click's own complaints, in one line too
    (["odds", "--players", "x"], "Invalid value for '--players'"),
    (["odds", "--nope"], "No such option: --nope"),
    (["judge"], "Missing argument 'FILE'"),
    (["tables", "--five-of-a-kind-top", "--five-of-a-kind-below"], "--five-of-a-kind-top and --five-of-a-kind-below contradict"),
    (["nosuchcommand"], "No such command 'nosuchcommand'"),
    # study, serve
    (["study", "FTQ", "--out", "README.md"], "--out README.md is a file, not a folder"),
    (["study", "FTQ", "--out", "README.md/report"], "--out README.md/report: cannot write a report there"),
    (["study", "FTQ", "--deals", "0"], "the number of deals must be at least 1, not 0"),
    (["study", "FTQ", "--players", "1"], "is for 2 to 8 players, not 1"),
    (["judge", "README.md"], "not TOML"),
    (["judge", "examples"], "cannot read examples"),
    (["replay", EXAMPLE, "--step", "--json"], "--step waits between streets on a terminal: not with --json"),
    (["arena", "--bots", "equity"], "the arena needs at least two bots"),
    (["arena", "--bots", "foo,call"], "no bot named 'foo'"),
    (["arena", "--hands", "1", "--bots", "call,random"], "play at least 4 hands"),
    (["serve", "--port", "99999"], "Invalid value for '--port'"),
    (["serve", "--database-url", "nonsense"], "--database-url 'nonsense' is not a database URL"),
    (["serve", "--database-url", "mysql://u@db/x"], "wildstud keeps its tables in PostgreSQL or SQLite"),
    (["serve", "--database-url", "postgresql://u:secret@127.0.0.1:1/db"], "cannot reach the database at postgresql+psycopg://u:***@127.0.0.1:1/db"),
]  # fmt: skip


@pytest.mark.parametrize(("args", "message"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_gets_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    message: str,
) -> None:
    monkeypatch.chdir(ROOT)
    code, out, err = run(capsys, *args)
    assert (code, out) == (2, ""), err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error: ")
    assert message in lines[0]
    assert "secret" not in err


def test_the_readme_odds_example_infers_three_players(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "odds", "FTQ", "--hole", "p1:As,Ac", "--up", "p1:5s", "--up", "p2:Qd",
        "--up", "p3:7c", "--deals", "2000",
    )  # fmt: skip
    assert code == 0, err
    assert [line.split(":")[0].strip() for line in out.splitlines()[1:]] == ["p1", "p2", "p3"]


def test_folded_takes_p3(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "odds", "--up", "p1:5s", "--up", "p2:6s", "--up", "p3:7s", "--folded", "p3",
        "--deals", "1000",
    )  # fmt: skip
    assert code == 0, err
    assert "p3" not in out
    assert "p2: pot share" in out


@pytest.mark.parametrize("command", ["", "odds", "judge", "replay", "study", "tables", "arena"])
def test_help_with_h_at_80_columns_has_no_bool_or_cut_names(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run(capsys, *command.split(), "-h")
    assert code == 0
    assert "Usage: wildstud" in out
    assert "<bool>" not in out
    assert not re.search(r"-[\w-]+…", out)  # no option name cut short
    assert max(len(line) for line in out.splitlines()) <= 80
    again = run(capsys, *command.split(), "--help")
    assert again[1] == out


def test_long_flag_names_are_whole_in_help(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    _, out, _ = run(capsys, "tables", "-h")
    assert "--five-of-a-kind-top / --five-of-a-kind-below" in out


def test_a_kernel_not_in_the_cache_is_announced_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A kernel of one line, in a module of its own: Numba's cache has nothing for it until it
    # has been compiled once (about a second), which is what the notice looks for.
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "tiny_kernel.py").write_text(
        textwrap.dedent(
            """
            from numba import njit

            @njit(cache=True)
            def double(x):
                return 2 * x
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    import tiny_kernel  # type: ignore[import-not-found]

    monkeypatch.setattr(compiling, "_told", False)
    assert not compiling.is_cached(tiny_kernel.double)
    # Told on standard error, a script's too (no terminal here), once a run.
    screen = io.StringIO()
    console = Console(file=screen, width=200)
    assert compiling.announce_compiling(tiny_kernel.double, console=console)
    assert "compiling the simulation" in screen.getvalue()
    assert compiling.SECONDS in screen.getvalue()
    assert not compiling.announce_compiling(tiny_kernel.double, console=console)
    assert not compiling.announce_compiling(tiny_kernel.double)
    assert tiny_kernel.double(2) == 4
    assert compiling.is_cached(tiny_kernel.double)


@pytest.mark.parametrize(
    "argv",
    [
        ["arena", "--hands", "0", "--save-hands", "{tmp}/hands.phhs"],
        ["study", "FTQ", "--players", "99", "--save-hands", "{tmp}/hands.phhs"],
        ["study", "FTQ", "--deals", "-5", "--out", "{tmp}/report"],
        ["study", "FTQ", "--players", "9", "--out", "{tmp}/report", "--save-hands", "{tmp}/h.phhs"],
    ],
)
def test_a_refused_command_leaves_no_file_behind(
    argv: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, *(arg.replace("{tmp}", str(tmp_path)) for arg in argv))
    assert (code, out) == (2, "")
    assert err.startswith("error: ")
    assert list(tmp_path.iterdir()) == []
