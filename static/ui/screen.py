"""The screens' decisions as plain data: which screen opens, what the home screen's
Continue says, the game's level remembered for its givens, the top bar's level and a new
puzzle's message. static/screen.js makes the first choice before Python runs, by the
same rule as `first_screen`.

No DOM here: MicroPython runs it in the page, CPython in the tests.
"""

import json

from ui.stats import LEVELS
from ui.stopwatch import clock_text

HOME, GAME = "home", "game"
LEVEL_KEY = "sudoku-solver.levels"
LEVEL_MAX_CHARS = 8000  # five 25x25 puzzles' givens and their levels
LEVELS_KEPT = 5  # as many as the timer keeps times for (ui/stopwatch.py)
DOT = " \u00b7 "
ENTERING = "Entering a puzzle"  # a game whose givens are still being typed, as home says it
YOURS = "Your puzzle"  # the top bar's title of a puzzle not rated (yet), or being entered


def first_screen(moment, linked: bool) -> str:
    """The game when a puzzle is on the grid (a saved game, a link, digits typed before
    the UI loaded), else home."""
    return GAME if linked or moment.puzzle.filled_count() else HOME


def home_note(message: tuple) -> str:
    """What the home screen says of the message on show: a warning or an error (a save that
    could not be read, storage refused), which the game's status line would say out of
    sight; '' for the rest."""
    text, tone = message
    return text if tone in ("warn", "error") else ""


def continue_detail(level: str, ms: int, size: int) -> str:
    """What Continue says of the game kept: 'Medium · 4:12' (the size when not 9x9)."""
    words = level or YOURS
    if size != 9:
        words += DOT + str(size) + "\u00d7" + str(size)
    return words + DOT + clock_text(ms)


def levels_from(text) -> list:
    """[givens, level] per puzzle whose level is known, [givens, level, True] where it is a
    floor (a `bound` rating's: "Hard or harder"), newest first; [] for missing or damaged
    text (an entry that is not a known level is left out)."""
    try:
        saved = json.loads(text) if isinstance(text, str) and text else []
    except (ValueError, RuntimeError):  # RuntimeError: deep nesting, as in ui/session.py
        return []
    if not isinstance(saved, list):
        return []
    return [list(e) for e in saved if isinstance(e, list) and len(e) in (2, 3)
            and isinstance(e[0], str) and e[1] in LEVELS and (len(e) == 2 or e[2] is True)
            ][:LEVELS_KEPT]


def known_level(levels: list, givens: str) -> tuple:
    """(the level known for these givens (as text), whether it is a floor), ('', False)
    when none is."""
    for entry in levels:
        if entry[0] == givens:
            return entry[1], len(entry) == 3
    return "", False


def level_for(levels: list, givens: str) -> str:
    """The level known for these givens (as text), '' when none is."""
    return known_level(levels, givens)[0]


def with_level(levels: list, givens: str, level: str, bound: bool = False) -> list:
    """The levels kept with this puzzle's put first (the oldest dropped past LEVELS_KEPT);
    `bound`: the level is a floor (kept as a third field, True)."""
    rest = [e for e in levels if e[0] != givens]
    return ([[givens, level, True] if bound else [givens, level]] + rest)[:LEVELS_KEPT]


def levels_text(levels: list) -> str:
    return json.dumps(levels)


def level_words(playing: bool, level: str) -> str:
    """The top bar's level: the puzzle's level while playing (once known, as
    messages.level_said says it: a floor's "or harder" too), else a title short enough to
    leave room for the rules and Play beside it on a small phone."""
    return level if playing and level else YOURS


def rules_line(playing: bool, rules: str) -> str:
    """The top bar's second line while playing a variant: its `rules` named ('Anti-knight'),
    under the level rather than after it, where beside the timer on a 360 px phone the
    end of 'Unfair or harder · Anti-knight' was cut; '' for classic and while entering
    (the rules button names them then)."""
    return rules if playing else ""


def new_puzzle_words(title: str, givens: int, asked: str, level: str, matched: bool,
                     logical: bool) -> str:
    """What a new puzzle's message says: its givens, and when the level asked for did not
    turn up in time, which level the closest one made is (`level`: its rating, '' if not
    rated)."""
    words = (title + ": " if title else "New puzzle: ") + str(givens) + " givens."
    if not level:
        return words
    if not matched:
        return (words + " No " + asked + " puzzle turned up in time, so this is the closest "
                "one made: it rates " + level + ".")
    if logical:  # a match with logic only asked for needs no trial and error
        return words + " Logic alone solves it: no trial and error (Explain shows how)."
    return words
