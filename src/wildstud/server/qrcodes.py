"""QR codes of the table's links, drawn by the server with segno.

A link to a seat carries its token, so the code is drawn here rather than by an outside service
that would see the link; the page gets it as SVG markup, the terminal as block characters.

>>> svg("http://127.0.0.1:8000/t/abc", title="Join the table").startswith("<svg")
True
>>> "█" in terminal("http://127.0.0.1:8000/t/abc")
True
>>> 'xmlns="http://www.w3.org/2000/svg"' in image("http://127.0.0.1:8000/t/abc", title="Join")
True
"""

from __future__ import annotations

import io

import segno

# Level M restores a code with about 15% of it unreadable: a phone's camera at an angle across a
# table, or a glare on a TV, without making a long link's code too dense to scan.
_ERROR = "m"


def svg(text: str, *, title: str, scale: int = 4) -> str:
    """The QR code of ``text`` as inline SVG markup, dark on light, with an accessible title."""
    code = segno.make(text, error=_ERROR)
    return str(code.svg_inline(scale=scale, title=title, dark="#000", light="#fff"))


def terminal(text: str) -> str:
    """The QR code of ``text`` drawn in block characters, two rows a line, for a terminal."""
    out = io.StringIO()
    segno.make(text, error=_ERROR).terminal(out=out, compact=True)
    return out.getvalue()


def image(text: str, *, title: str) -> str:
    """The QR code of ``text`` as a standalone SVG document (its namespace declared), to serve
    as an image (``image/svg+xml``) rather than to put inside a page; it has no size of its own
    (a view box only), so it fills the box the page gives it."""
    out = io.BytesIO()
    segno.make(text, error=_ERROR).save(
        out, kind="svg", xmldecl=False, omitsize=True, title=title, dark="#000", light="#fff"
    )
    return out.getvalue().decode()
