"""Shared test settings: the Hypothesis profiles.

``default`` runs in the suite. ``thorough`` tries many more examples, for a long run by hand:
``HYPOTHESIS_PROFILE=thorough .venv/bin/pytest tests/test_hands.py``. Deadlines are off in
both, because the suite shares its cores and a slow moment is not a failure.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("default", deadline=None)
settings.register_profile("thorough", deadline=None, max_examples=5000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
