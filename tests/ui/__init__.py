"""Tests of the page's UI modules that need no browser (static/ui/ under CPython).

The UI package lives under static/, so it is put on the import path here, once for all.
"""

import sys
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "static"
if str(STATIC) not in sys.path:
    sys.path.insert(0, str(STATIC))
