"""``wildstud serve`` with a private deal's server side timed, for ``private_page.py
--breakdown``: run as ``python benchmarks/private_trace.py FILE serve …``, it wraps a few of the
server's methods (nothing in ``src`` knows of it) and appends one JSON line to ``FILE`` for each
of them, with its wall-clock time (``time.time()``, comparable with the pages' own clocks on the
same machine) and how long it took:

- ``arrived``: a page's ``private`` answer read from its socket (``Table.handle`` called), and
  ``answered`` once the table's actor has carried it out (its reply);
- ``answer``: the private deal's slice taking it (``private_answers._answer``: a copy of the
  rounds, the proof checked, the server's own answers that follow, the frames built);
- ``own``: the server's own answers that follow a page's (``private_answers.server_answers``,
  inside ``answer``: the bots' party unmasking);
- ``tick``: the deal's own tick (``private_progress._tick``: a pass opened, the server's own
  answers in it, or the cards a pass opened handed to the runner);
- ``store``: a write of the actor's (``Actor._carry_out`` of a ``Changes``; ``rows``: the
  private deal's rows in it);
- ``runner``: a change of the hand runner's a private deal asked (``PrivateDeal.carry_out``:
  the cards dealt);
- ``send``: the outbox sending a turn's news (``Outbox.send``), with each ``private`` frame in
  it that asks a page to unmask (``asks``: party, hand, deal, positions).

The tracer writes nothing about a card but what the frames carry: positions and parties.
"""

from __future__ import annotations

import functools
import inspect
import json
import sys
import time
from collections.abc import Callable
from typing import Any, TextIO


def _wrap(
    owner: Any, name: str, what: str, note: Callable[..., dict[str, Any] | None], out: TextIO
) -> None:
    """Time ``owner.name`` (a function or a coroutine function) and write a line for each call
    that ``note`` (given its arguments) makes a dict for (``None``: not traced)."""
    inner = getattr(owner, name)

    def line(start: float, took: float, extra: dict[str, Any]) -> None:
        out.write(json.dumps({"what": what, "at": start, "ms": round(took * 1000, 3), **extra}))
        out.write("\n")
        out.flush()

    if inspect.iscoroutinefunction(inner):

        @functools.wraps(inner)
        async def timed_async(*args: Any, **kwargs: Any) -> Any:
            extra = note(*args, **kwargs)
            start, clock = time.time(), time.perf_counter()
            try:
                return await inner(*args, **kwargs)
            finally:
                if extra is not None:
                    line(start, time.perf_counter() - clock, extra)

        setattr(owner, name, timed_async)
        return

    @functools.wraps(inner)
    def timed(*args: Any, **kwargs: Any) -> Any:
        extra = note(*args, **kwargs)
        start, clock = time.time(), time.perf_counter()
        try:
            return inner(*args, **kwargs)
        finally:
            if extra is not None:
                line(start, time.perf_counter() - clock, extra)

    setattr(owner, name, timed)


def install(out: TextIO) -> None:
    """Wrap the server's methods named in the module's description, each line to ``out``."""
    from wildstud.server.messages import PrivateAnswer
    from wildstud.server.store.records import Changes
    from wildstud.server.table import actor, outbox, private, private_answers, private_progress
    from wildstud.server.table import table as table_module

    def arrived(_table: Any, client: Any, frame: Any) -> dict[str, Any] | None:
        if not isinstance(frame, PrivateAnswer) or frame.answer.get("step") != "unmask":
            return None
        return {"hand": frame.hand, "deal": frame.deal, "seat": client.seat}

    def answer(_state: Any, command: Any, _now: float) -> dict[str, Any]:
        return {"hand": command.frame.hand, "step": command.frame.answer.get("step")}

    def store(_actor: Any, request: object) -> dict[str, Any] | None:
        if not isinstance(request, Changes):
            return None
        return {"rows": len(request.private_rounds)}

    def asks(_outbox: Any, news: Any) -> dict[str, Any]:
        news = list(news)
        found = []
        for item in news:
            frame = getattr(item, "frame", None)
            if isinstance(frame, dict) and frame.get("type") == "private":
                positions = [point[0] for point in frame.get("points") or []]
                found.append(
                    [frame["step"], frame["party"], frame["hand"], frame["deal"], positions]
                )
        return {"asks": found, "_news": news}

    # Outbox.send takes an iterable: the note reads it, so the call is given the list.
    inner_send = outbox.Outbox.send

    def send(self: Any, news: Any) -> None:
        noted = asks(self, news)
        start, clock = time.time(), time.perf_counter()
        try:
            inner_send(self, noted.pop("_news"))
        finally:
            took = round((time.perf_counter() - clock) * 1000, 3)
            out.write(json.dumps({"what": "send", "at": start, "ms": took, **noted}) + "\n")
            out.flush()

    outbox.Outbox.send = send  # type: ignore[method-assign]
    _wrap(table_module.Table, "handle", "arrived", arrived, out)
    _wrap(private_answers, "_answer", "answer", answer, out)
    _wrap(private_answers, "server_answers", "own", lambda *_: {}, out)
    _wrap(private_progress, "_tick", "tick", lambda *_: {}, out)
    _wrap(actor.Actor, "_carry_out", "store", store, out)
    _wrap(
        private.PrivateDeal,
        "carry_out",
        "runner",
        lambda _deal, step: {"step": type(step).__name__},
        out,
    )


def main() -> None:
    """``private_trace.py FILE serve …``: the server, traced to ``FILE``."""
    path, *argv = sys.argv[1:]
    with open(path, "a", encoding="utf-8") as out:
        install(out)
        from wildstud.cli import main as cli

        cli(argv)


if __name__ == "__main__":
    main()
