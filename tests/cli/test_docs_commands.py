"""Every example command in README.md and docs/ runs as written and succeeds.

The commands are taken from the fenced blocks (lines that start with ``wildstud``,
``.venv/bin/wildstud`` or ``$ wildstud``, continued by a trailing backslash; a systemd unit's
``ExecStart=``) and from inline examples with an option (``Made with `wildstud study ...```).
Each runs in this process through ``wildstud.cli.main``, from the repository's root, with its sizes
made small so the whole file takes seconds: ``--deals`` at most 1,000 (and given where a command
would run a million or stop on a clock), ``--hands`` at most 12 (and given to ``arena``, whose
default is 10,000), ``--cards 7`` counted as 5; a folder the command writes into (``--out``) is
moved to a temporary one, and an upper-case placeholder such as ``FOLDER`` becomes one. ``serve``
cannot run in a test (it serves until stopped, on the address and database the example names): its
arguments are parsed by the real command instead, so an option that does not exist or a value of the
wrong type still fails here.
"""

from __future__ import annotations

import doctest
import importlib
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest
import typer

from tests.tools.cli_run import run
from wildstud.cli import app

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
NOT_RUN = {"serve"}
"""Commands checked by parsing their arguments, not by running them (see above)."""

_FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.S | re.M)
_INLINE = re.compile(r"`((?:\.venv/bin/)?wildstud [a-z]+ [^`]*--[^`]*)`")
_START = re.compile(r"^(?:\$ |ExecStart=)?(?:\S*/)?wildstud ")


@dataclass(frozen=True)
class Example:
    page: str
    line: str
    args: tuple[str, ...]

    @property
    def id(self) -> str:
        return f"{self.page}: wildstud {' '.join(self.args)}"[:120]


def _commands(text: str) -> list[str]:
    found: list[str] = []
    for block in _FENCE.findall(text):
        lines = block.splitlines()
        index = 0
        while index < len(lines):
            line = lines[index].strip()
            index += 1
            while line.endswith("\\") and index < len(lines):
                line = line[:-1] + " " + lines[index].strip()
                index += 1
            if _START.match(line):
                found.append(line)
    found.extend(_INLINE.findall(text))
    return found


def examples() -> list[Example]:
    found = []
    for page in PAGES:
        for line in _commands(page.read_text(encoding="utf-8")):
            words = shlex.split(re.sub(r"^(\$ |ExecStart=)", "", line), comments=True)
            found.append(Example(str(page.relative_to(ROOT)), line, tuple(words[1:])))
    return found


EXAMPLES = examples()


def test_the_pages_have_examples_of_every_command_but_verify() -> None:
    commands = {example.args[0] for example in EXAMPLES}
    assert {"judge", "replay", "odds", "study", "tables", "arena", "serve"} <= commands


def small(args: tuple[str, ...], tmp_path: Path) -> list[str]:
    """The example's arguments with its sizes made small (see the module's description)."""
    out: list[str] = []
    words = list(args)
    index = 0
    while index < len(words):
        word = words[index]
        value = words[index + 1] if index + 1 < len(words) else ""
        if word == "--deals":
            out += [word, str(min(int(value), 1000))]
            index += 2
        elif word == "--hands":
            out += [word, str(min(int(value), 12))]
            index += 2
        elif word == "--cards" and value == "7":
            out += [word, "5"]  # 133,784,560 hands: the same code counts 2,598,960 in a second
            index += 2
        elif word == "--out":
            out += [word, str(tmp_path / "out")]
            index += 2
        elif re.fullmatch(r"[A-Z]{3,}", word) and word not in {"FTQ", "SMBU", "BITCH"}:
            out.append(str(tmp_path / word.lower()))  # a placeholder (FOLDER)
            index += 1
        else:
            out.append(word)
            index += 1
    command = out[0]
    if command in {"study", "odds"} and "--deals" not in out and "--exact" not in out:
        out += ["--deals", "1000"]
    if command == "arena" and "--hands" not in out:
        out += ["--hands", "12"]  # the default is 10,000
    return out


@pytest.mark.parametrize("example", EXAMPLES, ids=[example.id for example in EXAMPLES])
def test_the_example_succeeds(
    example: Example,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.chdir(ROOT)
    args = small(example.args, tmp_path)
    if args[0] in NOT_RUN:
        importlib.import_module(f"wildstud.cli.{args[0]}")  # registers it, as main() does
        root = typer.main.get_command(app)
        context = root.make_context("wildstud", list(args))
        command = root.get_command(context, args[0])  # type: ignore[attr-defined]
        assert command is not None
        command.make_context(args[0], args[1:], parent=context)  # parses, checks every value
        return
    code, out, err = run(capsys, *args)
    assert code == 0, f"{example.page}: {example.line}\n{err}"
    assert out.strip(), example.line


def test_the_python_example_of_docs_json_runs() -> None:
    result = doctest.testfile(str(ROOT / "docs" / "json.md"), module_relative=False)
    assert result.attempted > 0
    assert result.failed == 0
