"""The player's settings, kept across reloads in localStorage: notes mode, auto-check,
whether the timer is shown, whether New puzzle asks for logic only, and the level and rules
New game makes puzzles of. Each is declared once here, with its default; another tab's change
arrives through `take`.

No DOM here: the page hands in the saved text and a function that stores new text
(window.appStorage), so MicroPython runs it in the page and CPython in the tests.
"""

import json

from ui.entering import CLASSIC, NEW_GAME_RULES
from ui.stats import LEVELS

SETTINGS_KEY = "sudoku-solver.settings"
SETTINGS_MAX_CHARS = 1000  # a save longer than this is not ours: defaults instead
# name -> default (notes mode, auto-check, the timer shown, New puzzle's "logic only": each
# off until the player asks; New game's level: Medium, index.html's selected option; its
# rules: classic)
DEFAULTS = {"notes": False, "auto_check": False, "timer": False, "logical_only": False,
            "new_level": "Medium", "new_rules": CLASSIC}
# The settings that hold one of a few words instead of a flag: name -> the words allowed.
CHOICES = {"new_level": LEVELS, "new_rules": NEW_GAME_RULES}


def allowed(name: str, value) -> bool:
    """Can setting `name` hold `value`: a bool for a flag, one of its CHOICES for a choice?"""
    choices = CHOICES.get(name)
    return isinstance(value, bool) if choices is None else \
        isinstance(value, str) and value in choices


def settings_from(text) -> dict:
    """Every setting from the saved JSON text: its saved value where that is one it can
    hold (`allowed`), else its default (missing, damaged or foreign text gives the
    defaults)."""
    values = dict(DEFAULTS)
    try:
        saved = json.loads(text) if isinstance(text, str) and text else {}
    except (ValueError, RuntimeError):  # RuntimeError: deep nesting, as session.from_storage
        saved = {}
    if isinstance(saved, dict):
        for name in DEFAULTS:
            if allowed(name, saved.get(name)):
                values[name] = saved[name]
    return values


class Settings:
    """The settings now, saved through `store(text)` whenever one changes."""

    def __init__(self, text, store):
        self.values = settings_from(text)
        self.store = store

    def get(self, name: str):
        """A setting's value: a bool, or for a choice (CHOICES) its word."""
        return self.values[name]

    def set(self, name: str, value) -> None:
        """Change one setting (a name of DEFAULTS) and save them all: a flag takes any value
        as its truth, a choice only one of its words (ValueError otherwise)."""
        if name not in DEFAULTS:
            raise KeyError(name)
        if name in CHOICES and not allowed(name, value):
            raise ValueError(name + " cannot be " + repr(value))
        self.values[name] = value if name in CHOICES else bool(value)
        self.store(json.dumps(self.values))

    def take(self, text) -> list:
        """Another tab saved `text`: adopt its settings (not saved again: it is the stored
        text) and return the names whose value changed here."""
        values = settings_from(text)
        changed = [name for name in DEFAULTS if values[name] != self.values[name]]
        self.values = values
        return changed
