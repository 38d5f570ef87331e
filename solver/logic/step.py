"""The Step record: one deduction of the logical solver, with its proof and its wording."""

from dataclasses import dataclass

VOWEL_SOUNDS = "AEIOXaeio"  # "an X-Wing", "an XY-Chain", "a unique rectangle"


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
        name = self.technique
        if len(name) > 1 and name[1].islower():
            name = name[0].lower() + name[1:]
        article = "an" if name[0] in VOWEL_SOUNDS else "a"
        area = " " + self.area if self.area else ""
        return "Look for " + article + " " + name + area + "."
