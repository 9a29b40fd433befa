"""What every frame the server sends is made of (:mod:`wildstud.server.frames`,
:mod:`wildstud.server.deal_frames`): a part that forbids any field it does not name, and a frame
that goes on the wire as its JSON data, leaving out the fields it says are left out when empty.

>>> class Ping(OutFrame):
...     left_out_when_empty = frozenset({"note"})
...     type: str = "ping"
...     note: str | None = None
>>> Ping().frame()
{'type': 'ping'}
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict

__all__ = ["OutFrame", "Part"]


class Part(BaseModel):
    """A part of a frame: every field required unless it says otherwise, nothing else."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class OutFrame(Part):
    """A frame the server sends."""

    left_out_when_empty: ClassVar[frozenset[str]] = frozenset()
    """Fields left out of the frame when they are ``None`` or ``False``."""

    def frame(self) -> dict[str, Any]:
        """The frame as JSON data, as it goes on the wire."""
        data = self.model_dump(mode="json", by_alias=True)
        for name in self.left_out_when_empty:
            if data.get(name) in (None, False):
                del data[name]
        return data
