"""benchmarks/page_trace.py reads a Chromium trace of the benchmark's pages (its runs are too
long for the suite: these tests feed it a few events as Chromium writes them)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

# The benchmarks' folder is not a package: its scripts import each other from beside them.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
page_trace = importlib.import_module("page_trace")


def _meta(pid: int, tid: int, process: str, thread: str) -> list[dict[str, Any]]:
    return [
        {"ph": "M", "name": "process_name", "pid": pid, "tid": 0, "args": {"name": process}},
        {"ph": "M", "name": "thread_name", "pid": pid, "tid": tid, "args": {"name": thread}},
    ]


def _x(pid: int, tid: int, name: str, ts: int, dur: int, **extra: Any) -> dict[str, Any]:
    return {"ph": "X", "name": name, "pid": pid, "tid": tid, "ts": ts, "dur": dur, **extra}


def test_each_event_is_charged_its_own_thread_time_in_the_window_it_starts_in() -> None:
    events = [
        *_meta(1, 10, "Renderer", "CrRendererMain"),
        *_meta(1, 11, "Renderer", "ThreadPoolForegroundWorker"),
        *_meta(2, 20, "GPU Process", "VizCompositorThread"),
        # A task of 10 ms (8 ms of CPU) holding a 4 ms paint (3 of CPU): 5 ms its own.
        _x(1, 10, "RunTask", 1_000_000, 10_000, tdur=8_000),
        _x(1, 10, "Paint", 1_002_000, 4_000, tdur=3_000),
        _x(1, 11, "RasterTask", 1_005_000, 2_000),
        {"ph": "B", "name": "RunTask", "pid": 2, "tid": 20, "ts": 1_006_000, "tts": 0},
        {"ph": "E", "name": "RunTask", "pid": 2, "tid": 20, "ts": 1_007_500, "tts": 1_000},
        # After the window: not counted.
        _x(1, 10, "Paint", 3_000_000, 4_000),
    ]
    summary = page_trace.summarize({"traceEvents": events}, [(1.0, 2.0)])
    assert summary["busy_ms"] == {
        "GPU Process: viz": 1.0,
        "Renderer: main": 8.0,
        "Renderer: workers": 2.0,
    }
    assert summary["pages_ms"] == [8.0]
    assert summary["main_own_ms_mean"] == {"RunTask": 5.0, "Paint": 3.0}
    assert summary["counts_mean"]["Paint"] == 1.0
    assert summary["counts_mean"]["RasterTask"] == 1.0


def test_a_script_call_is_named_by_its_function_and_file() -> None:
    call = _x(
        1,
        10,
        "FunctionCall",
        0,
        1,
        args={
            "data": {"url": "http://h/static/js/socket.js", "functionName": "", "lineNumber": 57}
        },
    )
    assert page_trace._label(call) == "FunctionCall (anonymous) socket.js:57"
