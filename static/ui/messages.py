"""Every sentence the UI says, declared once: fixed messages as names, and the functions that
word a worker's reply or a state. The controller (ui/controller.py) picks them; no DOM here.
"""

import protocol
from solver.model.geometry import ANTI_KING, ANTI_KNIGHT, JIGSAW, KILLER, WINDOKU, X, cell_words
from ui.stats import LEVELS

STORAGE_FAILED = ("This browser does not let the page save (storage is blocked or full): "
                  "the grid works, but your work will not be kept after you leave.")
OTHER_TAB = ("Your other tab on this app changed the grid, so this one shows it too "
             "(Undo brings back the grid this tab had).")
SOLVE_READY = "Solve and hints ready; ratings and the rest in a few seconds"
ASK_REPLACE = ("This link opens another puzzle. Replace the game you have in progress "
               "(your digits and notes on it will be lost)?")
PAUSED = "Paused: the clock is stopped and the grid hidden. Press Resume to go on."
PAUSED_BLOCKS = "The game is paused: press Resume to go on."
EMPTY_GRID = "The grid is empty: enter a puzzle first (type, paste, open a file or scan one)."
NOT_STARTED = ("The solver could not start: {}. Reload the page to try again; your grid "
               "is kept.")
# Inside another site's frame: the browser gives the page no storage, and PyScript's Pyodide
# worker cannot start without it (the MicroPython one can: Solve works).
FRAMED = ("Only Solve, Hint and Step work inside another site's page: open the app in its "
          "own tab for the rest.")
FRAMED_NOTE = ("Inside another site's page the full solver cannot start (the browser gives "
               "the app no storage there): only Solve, hints and steps work here, not "
               "ratings, Explain or new games.")
FRAMED_ENGINE = "Solve and hints ready; the full solver cannot start inside another site's page"
FRAMED_LINK = "Open the app in its own tab"
CANCELLED = "Cancelled. Your grid is unchanged; the solver is restarting."
# A tab on an old build that must start a worker after another tab took the new version.
RELOADING = ("Updated in another tab: this tab reloads to the new version to restart the "
             "solver; your game is kept\u2026")
RELOADED = ("This tab reloaded to the app's new version (updated in another tab) to restart "
            "the solver; your game is kept.")
UNDONE, REDONE = "Undone. Redo brings it back.", "Redone."
CLEARED = "Cleared. Undo brings the grid back."
FIX_CONFLICTS = "Fix the conflicts first: candidates of a broken grid mean little."
FILLED_NOTES = ("Every empty cell's candidates are in its notes: tap a digit in notes mode to "
                "take one out. Undo takes them all back.")
NOTES_IN_EMPTY = "Notes go in empty cells: erase the digit there first."
STATE_FAILED = ("Something went wrong showing the grid ({}); your game is kept. Undo or "
                "reload to go on.")
# What each action is doing while the worker works, and the button that starts it.
WAITING = {
    "solve": "Solving\u2026",
    "hint": "Looking for the next step\u2026",
    "step": "Working out the next step\u2026",
    "explain": "Working out every step\u2026",
    "new": "Making a new puzzle\u2026",
    "play": "Checking that the puzzle has one solution\u2026",
    "check": "Checking your digits\u2026",
    "watch": "Tracing the search\u2026",
    "scan": "Reading the photo\u2026",
}
BUTTONS = {"solve": "Solve", "hint": "Hint", "step": "Step", "explain": "Explain",
           "new": "New game", "play": "Play", "check": "Check", "watch": "Watch the search",
           "scan": "Scan"}


def action_of(action: str) -> str:
    """The button's action of a request's action ('learn-hint': the givens' solution
    asked for before Hint goes on)."""
    return action[6:] if action.startswith("learn-") else action


def button(action: str) -> str:
    return BUTTONS.get(action_of(action), action)


def damaged_save(key: str, why: str, kept: bool) -> str:
    """A save that could not be read: what was off, and where it is kept aside."""
    text = "Your saved grid could not be read (" + why + "), so it was not restored"
    if kept:
        return text + "; it is kept aside in this browser's storage as \"" + key + ".damaged\"."
    return text + "."


def queued(action: str) -> str:
    """Pressed while the solver loads: it runs by itself once the solver is ready."""
    return "The solver is still loading; " + action + " will run as soon as it is ready."


def busy(action: str) -> str:
    return "Busy with " + action + ": wait for the answer, or press Cancel to stop."


def stale(action: str) -> str:
    return "The grid changed meanwhile: press " + action + " again."


def plural(count: int, word: str) -> str:
    return str(count) + " " + word + ("" if count == 1 else "s")


def outcome(reply: dict):
    """(message, tone) for the worker's reply to a solve; tone is 'ok', 'warn' or 'error'."""
    status = reply.get("status")
    if status == protocol.UNIQUE:
        return "Solved: the solution is shown in colour, your givens in bold.", "ok"
    if status == protocol.MULTIPLE:
        differ = protocol.differing_cells(reply)
        if differ:
            return ("More than one solution: one is shown, and the " + str(len(differ))
                    + " shaded cells differ in another. Add givens until only one fits.", "warn")
        return (
            "More than one solution: one of them is shown. Add givens until only one fits.",
            "warn",
        )
    if status == protocol.NONE:
        return (
            "No solution: no digit breaks a rule yet, but the givens cannot all be completed.",
            "error",
        )
    if status == protocol.INVALID:
        return "Cannot solve: " + reply.get("message", "the grid breaks the rules") + ".", "error"
    return "The solver failed: " + str(reply.get("message", status)), "error"


def trouble(reply: dict, action: str):
    """(message, tone) for a reply that carries no step: full, no solution, invalid..."""
    status = reply.get("status")
    if status == protocol.FULL:
        return "The grid is full: nothing left to " + action + ".", "ok"
    if status == protocol.NONE:
        return ("No solution: a digit on the grid is wrong, so there is nothing to " + action
                + ". Undo or change your entries.", "error")
    if status == protocol.STUCK:
        return ("No technique this solver knows applies here: the rest needs trial and error "
                "(Solve fills it in).", "warn")
    if status == protocol.INVALID:
        why = reply.get("message", "the grid breaks the rules")
        return "Cannot " + action + ": " + why + ".", "error"
    return "The solver failed: " + str(reply.get("message", status)), "error"


def level_said(level: str, bound: bool) -> str:
    """A level as the page says it (the badge, the top bar, Continue): a `bound` rating's is
    a floor, "<Level> or harder", but for the top level, which nothing is harder than."""
    return level + (" or harder" if bound and level and level != LEVELS[-1] else "")


def rating_words(reply: dict) -> str:
    """The difficulty badge's text for a worker reply to 'rate' (or a rating inside a reply):
    HoDoKu's level with the hardest step, which sets it and which Hint and Explain show, its
    score, then the Sudoku Explainer estimate when there is one (read off the path SE would
    take, whose hardest technique, se_hardest, may be one the hints never show, so it is not
    named here). A `bound` rating (the path not followed through a nested forcing chain,
    or past the badge's time) says its level, step, score and estimate as floors: "or
    harder", "or more" (not the level when it is the top one)."""
    bound = reply.get("bound")  # a reply from an older worker has no such field
    words = (level_said(reply["level"], bool(bound)) + " \u00b7 hardest step: " + reply["hardest"]
             + (" or harder" if bound else "") + " \u00b7 score " + str(reply["score"])
             + (" or more" if bound else ""))
    if not reply["se"]:  # Explain leaves the estimate out (0.0) until the badge has rated
        return words
    if bound:
        return words + " \u00b7 SE " + str(reply["se"]) + " or more"
    return words + " \u00b7 about SE " + str(reply["se"])


def shorter_chain(number: int, fact: str, proof: str) -> str:
    """A nested forcing chain's shorter chain, opened from the lesson: the fact it shows,
    where it runs (inside the main chain, on what that has removed so far), and its own
    sentence."""
    return ("Shorter chain " + str(number) + ": " + fact + ". It runs inside the main chain, "
            "on the candidates left there. " + proof)


def step_told(step: dict) -> str:
    """A step's sentence (a Step.to_dict()) for the status line, whose More shows it whole:
    a nested forcing chain's shorter chains after it, each as the lesson shows it."""
    chains = step.get("inner") or []
    return " ".join([step["explanation"]] + [
        shorter_chain(k + 1, chain["fact"], chain["proof"]) for k, chain in enumerate(chains)])


def chain_label(number: int, shown: bool) -> str:
    """The name a screen reader gives the lesson's button for shorter chain `number`."""
    return ("Hide" if shown else "Show") + " shorter chain " + str(number)


ASK_RESIZE = ("A {size}x{size} grid replaces the game on this one (Undo brings it back). "
              "Change the size?")
SIZE_KEPT = "The size is unchanged: your game is kept."
ASK_ENTER = ("Typing a new puzzle replaces the game in progress (Undo brings it back). "
             "Start an empty grid?")
ENTERING = ("Type the givens: tap a cell, then a digit, or paste a puzzle. Killer, Jigsaw "
            "or other rules: tap Classic at the top. Then press Play.")
# The badge of a grid whose Killer or Jigsaw rules are chosen but not all in yet (a Killer
# with no cage, regions still being painted): rated as it stands, it would be a classic grid.
NOT_RATED_UNTIL = {
    KILLER: "Not rated yet: a Killer is rated once its cages are in.",
    JIGSAW: "Not rated yet: a Jigsaw is rated once all its regions are painted.",
}


# How a puzzle book names each rule (the model's rule names are lower-case keys).
RULE_TITLES = {KILLER: "Killer", JIGSAW: "Jigsaw", X: "X", WINDOKU: "Windoku",
               ANTI_KNIGHT: "Anti-knight", ANTI_KING: "Anti-king"}


def rules_words(names) -> str:
    """A variant's rules as a reader names them: 'Killer X sudoku' ('' for classic)."""
    return rules_name(names) + " sudoku" if names else ""


# Why New game makes a variant no harder than its top level (controller.VARIANT_TOP_LEVEL;
# docs/benchmarks.md, "Variants: New game's generator"): time, but for a Killer its level
# (a Hard one comes from a bank made ahead of time; the generator seldom meets a harder one).
TOP_LEVEL_WHY = {KILLER: "its cages' own logic finishes nearly every Killer made, so a "
                         "harder one seldom turns up"}
TOP_LEVEL_WHY_DEFAULT = "a harder one takes too long to make on a phone"


def variant_top_level(rule: str, asked: str, top: str, made: str) -> str:
    """New game asked a variant (`rule`) for `asked`, above `top`, the hardest it makes;
    `made`, the level the puzzle made rates when it met `top` ('' when it did not: the
    message says its level already)."""
    why = (rule_title(rule) + " puzzles come up to " + top + " for now ("
           + TOP_LEVEL_WHY.get(rule, TOP_LEVEL_WHY_DEFAULT) + ").")
    if made:  # the level made first: three lines of a phone's status show it
        return "This one is " + made + ", not the " + asked + " you asked for: " + why
    return "You asked for " + asked + ", but " + why


def rule_title(name: str) -> str:
    """One rule's name as a choice lists it: 'Killer', 'Anti-knight', 'Classic'."""
    return rules_name(() if name == "classic" else (name,))


def rules_name(names) -> str:
    """The rules in a word or two, as the button choosing them says: 'Killer X', 'Classic'."""
    return " ".join(RULE_TITLES.get(name, name) for name in names) or "Classic"


def ready_to_play(names) -> str:
    """Play found the givens have one solution (a variant: its rules named)."""
    return ("Unique" + (" " + rules_words(names) if names else "") + ": ready to play. The "
            "givens are locked; Check marks mistakes.")


def filled_in(names, givens: int) -> str:
    """A puzzle read from text or a paste went into the grid (a variant: its rules named)."""
    said = (rules_words(names) or "Puzzle") + " filled in: " + plural(givens, "given")
    return said + (", ready to play. Edit unlocks them." if givens else ", ready to play.")


# Entering a variant's rules (ui/entering.py): each message names the problem and the place;
# nothing entered is lost by any of them.
CHOSEN = {
    "classic": "Classic rules: rows, columns and boxes.",
    KILLER: ("Killer: drag over a cage's cells (or tap them one by one), type its sum and "
             "press Add cage. Turn Cage off to type the givens, if any."),
    JIGSAW: ("Jigsaw: drag across cells to paint a region; start on a painted cell to add "
             "to its region, on a blank one for the next region. Turn Region off to type "
             "the givens."),
}
WINDOKU_9X9 = "Windoku's four windows are a 9x9 rule: choose the 9x9 size first."
CAGE_SUM_MISSING = "Type the cage's sum (a whole number) in the Sum box, then press Add cage."
CAGE_NONE_PICKED = "Pick the cage's cells first: drag over them, or tap them one by one."
CAGE_NONE_TO_DELETE = "Tap a cell of the cage to delete first (with Cage on)."
CAGE_DROPPED = "Cells let go: no cage added, nothing else changed."
CAGE_NOT_ADDED = ("Cells are picked for a cage not added yet: type its sum and press Add "
                  "cage, or \u2715 to let them go.")
KILLER_NO_CAGES = ("A Killer needs its cages: drag over a cage's cells, type its sum and "
                   "press Add cage.")


def tool_words(on: bool) -> str:
    """The Cage or Region tool turned on or off."""
    return ("Tool on: drag over cells (or tap them) to pick or paint them." if on else
            "Tool off: tap a cell, then a digit, to type a given.")


# The tool of a Killer and of a Jigsaw while entering, as its button names it.
TOOL_TITLES = {"cage": "Cage", "region": "Region"}


def tool_on_digit(tool: str) -> str:
    """A digit typed while the Cage or Region tool is on: where it goes instead."""
    where = "type the cage's sum in the Sum box" if tool == "cage" else "paint the regions"
    return ("The " + TOOL_TITLES[tool] + " tool is on: " + where + ", or turn "
            + TOOL_TITLES[tool] + " off to type givens.")


def chosen_rules(base: str, size: int) -> str:
    """What to do next once `base` (classic, killer or jigsaw) is chosen."""
    said = CHOSEN[base]
    return said.replace("a region", "a region of " + str(size) + " cells") if base == JIGSAW \
        else said


# What each extra rule asks, said when it is turned on.
RULE_MEANS = {X: "both long diagonals (shaded) hold each digit once",
              WINDOKU: "the four shaded 3x3 windows hold each digit once",
              ANTI_KNIGHT: "cells a knight's move apart hold different digits",
              ANTI_KING: "cells touching diagonally hold different digits"}


def rule_turned(name: str, on: bool) -> str:
    """An extra rule (X, Windoku...) turned on (what it asks) or off."""
    return RULE_TITLES[name] + (" on: " + RULE_MEANS[name] + "." if on else " off.") \
        + " Your digits are kept."


def in_cage(cell: str, total: int) -> str:
    """A cell picked for a new cage is in another one already."""
    return (cell[0].upper() + cell[1:] + " is already in the cage of " + str(total)
            + ": a cell is in one cage at most. Tap that cage with no cells picked to edit "
            "or delete it.")


def cage_picked(total: int, count: int) -> str:
    """A cage tapped with the Cage tool on: picked to change or delete."""
    return ("The cage of " + str(total) + " (" + plural(count, "cell") + ") is picked: "
            "tap cells to add or take them away, change its sum and press Add cage, or press "
            "Delete.")


def cage_cells(count: int) -> str:
    """How many cells are picked for the cage, and what comes next."""
    return plural(count, "cell") + " picked: type the sum and press Add cage." if count \
        else CAGE_NONE_PICKED


def cage_apart(cell: str) -> str:
    """The cells picked are not one joined-up cage."""
    return ("A cage's cells must join up side by side: " + cell + " is apart from the "
            "rest. Tap it to let it go, or pick the cells between.")


def cage_sum_impossible(n: int, count: int, total: int) -> str:
    """No `count` different digits 1..n add up to `total`."""
    if count > n:
        return ("A cage holds " + str(n) + " cells at most (its digits differ): this one has "
                + str(count) + ".")
    low, high = count * (count + 1) // 2, count * (2 * n - count + 1) // 2
    return ("A cage of " + plural(count, "cell") + " cannot make " + str(total) + ": "
            + str(count) + " different digits 1-" + str(n) + " add up to " + str(low) + "-"
            + str(high) + ".")


def cage_added(total: int, count: int, cages: int) -> str:
    return ("Cage of " + str(total) + " added (" + plural(count, "cell") + "); "
            + plural(cages, "cage") + " so far. Undo takes it back.")


def cage_deleted(total: int) -> str:
    return "The cage of " + str(total) + " is deleted. Undo brings it back."


def regions_all_begun(n: int) -> str:
    return ("All " + str(n) + " regions are begun: start a stroke on a painted cell to paint "
            "more of its region.")


def region_painted(region: int, count: int, n: int) -> str:
    return "Region " + str(region) + ": " + str(count) + " of " + str(n) + " cells."


def region_size(region: int, count: int, n: int) -> str:
    """A jigsaw's region with too few or too many cells."""
    if count < n:
        fix = "paint " + plural(n - count, "more cell") + " into it"
    else:
        fix = "paint " + str(count - n) + " of them into another region"
    return ("Region " + str(region) + " has " + str(count) + " cells; each region of a "
            + str(n) + "x" + str(n) + " jigsaw has " + str(n) + ": " + fix + ".")


def region_pieces(region: int, n: int, cell: int) -> str:
    """A jigsaw's region not joined up."""
    return ("Region " + str(region) + " is in pieces: " + cell_words(n, cell) + " is apart "
            "from the rest. A region's cells must join up side by side.")


def regions_unpainted(n: int, cells) -> str:
    """Cells in no region yet."""
    return (plural(len(cells), "cell") + " in no region yet (the first: "
            + cell_words(n, cells[0]) + "): paint each cell into one of the " + str(n)
            + " regions.")
