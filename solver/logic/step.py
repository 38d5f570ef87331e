"""The Step record: one deduction of the logical solver, with its proof and its wording."""

from dataclasses import dataclass

VOWEL_SOUNDS = "AEIOXaeio"  # "an X-Wing", "an XY-Chain", "a unique rectangle"
SEARCH = "Search (trial and error)"  # the technique name of the final step when logic stalls


@dataclass(frozen=True)
class Step:
    """One deduction: the digits it places and the candidates it removes, and why.

    `cells` are the pattern ("proof") cells to highlight, `units` the units involved,
    `digits` the digits the pattern is about, `area` where to look as a phrase
    ("in box 4", "for 7s in rows 2 and 6"), `explanation` one sentence in human terms.
    """

    technique: str
    placements: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    cells: tuple[int, ...] = ()
    units: tuple[int, ...] = ()
    digits: tuple[int, ...] = ()
    area: str = ""
    explanation: str = ""

    def nudge(self) -> str:
        """A hint naming the technique and where to look, without giving the answer."""
        if self.technique == SEARCH:
            return "No logical step applies here: the rest needs trial and error."
        name = self.technique
        if len(name) > 1 and name[1].islower():
            name = name[0].lower() + name[1:]
        if name.split(" (")[0].endswith("s"):  # plural: "locked candidates"
            article = ""
        else:
            article = "an " if name[0] in VOWEL_SOUNDS else "a "
        area = " " + self.area if self.area else ""
        return "Look for " + article + name + area + "."

    def to_dict(self) -> dict:
        """The step as plain lists, strings and ints (for JSON or crossing to JavaScript)."""
        return {
            "technique": self.technique,
            "placements": [list(p) for p in self.placements],
            "eliminations": [list(e) for e in self.eliminations],
            "cells": list(self.cells),
            "units": list(self.units),
            "digits": list(self.digits),
            "area": self.area,
            "explanation": self.explanation,
            "nudge": self.nudge(),
        }
