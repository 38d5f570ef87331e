"""The Step record: one deduction of the logical solver, with its proof and its wording."""

from .compat import dataclass, field

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, NamedTuple

    from .techniques import Technique  # (techniques.py imports this module)

    Candidate = tuple[int, int]  # (cell, digit): a placement, or a candidate removed
    # A chain's link: (from cells, from digit, to cells, to digit, "strong" or "weak").
    Link = tuple[tuple[int, ...], int, tuple[int, ...], int, str]

    class Shorter(NamedTuple):
        """A shorter forcing chain a nested one's sentence names by number: the fact it
        proves ('row 1, column 4 is not 5'), its own sentence, and what the page draws for
        it: its cells and links (as Step's), and the candidate it removes."""

        fact: str
        proof: str
        cells: tuple[int, ...]
        links: tuple[Link, ...]
        elimination: Candidate
else:
    # (typing.NamedTuple above for type checkers; this for both interpreters, MicroPython's
    # collections has namedtuple but no typing)
    from collections import namedtuple

    Shorter = namedtuple("Shorter", "fact proof cells links elimination")


@dataclass("technique placements eliminations cells units digits area explanation links net"
           " dynamic inner area_cells entry", frozen=True)
class Step:
    """One deduction: the digits it places and the candidates it removes, and why.

    `cells` are the pattern ("proof") cells to highlight, `units` the units involved,
    `digits` the digits the pattern is about, `area` where to look as a phrase
    ("in box 4", "for 7s in rows 2 and 6"), `explanation` one sentence in human terms,
    `links` a chain's links in order, each (cells, digit, cells, digit, "strong" or "weak"):
    strong means the two cannot both be false, weak that they cannot both be true.
    `net` and `dynamic` are a forcing net's size and kind as Sudoku Explainer rates them
    (forcing.net_of, of the net the search found; the sentence, cells and links may tell a
    shorter net proving the same; 0 and False for other steps).
    `inner`, a nested forcing chain's: the shorter chains its sentence names by number
    ("shorter chain 2 shows it"), in order (Shorter), for a reader to open one at a time
    (forcing.telling); empty for other steps.
    `area_cells`, the cells `area` names where no unit is the area (a Killer cage): a nudge
    lights them with the units' cells, so a person sees where to look; empty for others.
    Finders leave `technique` (the name) and `entry` (the technique table's row) empty;
    the table fills both in (Technique.find).
    """

    technique: str = ""
    placements: "tuple[Candidate, ...]" = ()
    eliminations: "tuple[Candidate, ...]" = ()
    cells: tuple[int, ...] = ()
    units: tuple[int, ...] = ()
    digits: tuple[int, ...] = ()
    area: str = ""
    explanation: str = ""
    links: "tuple[Link, ...]" = ()
    net: int = 0
    dynamic: bool = False
    inner: "tuple[Shorter, ...]" = ()
    area_cells: tuple[int, ...] = ()
    entry: "Technique | None" = field(default=None, repr=False, compare=False)

    def nudge(self) -> str:
        """A hint naming the technique and where to look, without giving the answer;
        ValueError for a step the table has not named (no `entry` to word it)."""
        if self.entry is None:
            raise ValueError("a step is worded once the technique table names it")
        return self.entry.nudge(self.area)

    def to_dict(self) -> "dict[str, Any]":
        """The step as plain lists, strings and ints (for JSON or crossing to JavaScript)."""
        return {
            "technique": self.technique,
            "placements": [list(p) for p in self.placements],
            "eliminations": [list(e) for e in self.eliminations],
            "cells": list(self.cells),
            "units": list(self.units),
            "digits": list(self.digits),
            "area": self.area,
            "area_cells": list(self.area_cells),
            "explanation": self.explanation,
            "links": links_dicts(self.links),
            "nudge": self.nudge(),
            # each drawn as a step is (cells, links, eliminations, placements)
            "inner": [{"fact": chain.fact, "proof": chain.proof, "cells": list(chain.cells),
                       "links": links_dicts(chain.links),
                       "eliminations": [list(chain.elimination)], "placements": []}
                      for chain in self.inner],
        }


def links_dicts(links: "tuple[Link, ...]") -> "list[dict[str, Any]]":
    """A chain's links as plain dicts (Step.to_dict's "links")."""
    return [{"from": list(a), "from_digit": x, "to": list(b), "to_digit": y, "kind": kind}
            for a, x, b, y, kind in links]
