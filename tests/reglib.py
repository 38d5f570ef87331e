"""HoDoKu's regression library (`../shared/reglib/reglib-1.3.txt`, GPL-3 data: read there at
run time, never copied here): its cases, the position each describes, and how our techniques
fare on one. Shared by tests/test_reglib.py and benchmarks/reglib.py.

A case is a line `:<code>[-<variant>]:<digits>:<grid>:<deleted>:<eliminations>:<placements>:`;
the variant `x` marks a fail case (the technique must find nothing). The position is built
as HoDoKu builds it (solver.model.files.read_puzzles, then State.from_entry): every digit of
the grid placed, `+` ones as the player's, every empty cell given the digits no peer holds,
then the deleted candidates removed.
"""

import itertools
from dataclasses import dataclass
from functools import cached_property

from solver.logic import State, Step, next_step
from solver.logic.techniques import BY_NAME, TECHNIQUES
from solver.model.files import hodoku_candidate, read_puzzles
from solver.search.engine import search
from tests.checks import PUZZLES

REGLIB = PUZZLES.parent / "reglib" / "reglib-1.3.txt"

# HoDoKu's technique codes -> the names of our table that make that step: HoDoKu's technique
# first, then named equivalents (the same deduction under another name of ours). A name not
# in the table yet is the one its row is to have (branch techniques, issue 25): until then
# the line is an xfail; from then on it is asserted. Siamese fish (a code with a trailing
# 1, e.g. 03111) are two fish of the base code at once: their parts are found one by one.
CODES: dict[str, tuple[str, ...]] = {
    "0000": ("Full house", "Naked single", "Hidden single"),
    "0002": ("Hidden single",),
    "0003": ("Naked single",),
    "0100": ("Locked candidates (pointing)",),
    "0101": ("Locked candidates (claiming)",),
    "0110": ("Naked pair",),  # a Locked Pair: a naked pair in a box and a line at once
    "0111": ("Naked triple",),
    "0200": ("Naked pair",),
    "0201": ("Naked triple",),
    "0202": ("Naked quad",),
    "0210": ("Hidden pair",),
    "0211": ("Hidden triple",),
    "0212": ("Hidden quad",),
    "0300": ("X-Wing",),
    "0301": ("Swordfish",),
    "0302": ("Jellyfish",),
    "0310": ("Finned X-Wing",),
    "0311": ("Finned swordfish",),
    "0312": ("Finned jellyfish",),
    "0320": ("Finned X-Wing",),  # sashimi: our finned fish take them too
    "0321": ("Finned swordfish",),
    "0322": ("Finned jellyfish",),
    "0330": ("Franken X-Wing",),
    "0331": ("Franken swordfish",),
    "0332": ("Franken jellyfish",),
    "0340": ("Finned Franken X-Wing",),
    "0341": ("Finned Franken swordfish",),
    "0342": ("Finned Franken jellyfish",),
    "0360": ("Finned mutant X-Wing",),
    "0361": ("Finned mutant swordfish",),
    "0362": ("Finned mutant jellyfish",),
    "0363": ("Finned mutant squirmbag",),
    "0364": ("Finned mutant whale",),
    "0400": ("Skyscraper", "Turbot Fish"),
    "0401": ("2-String Kite", "Turbot Fish"),
    "0402": ("Empty rectangle",),
    "0403": ("Turbot Fish", "Skyscraper", "2-String Kite", "X-Chain"),
    "0404": ("2-String Kite",),  # a Dual 2-String Kite: two kites at once
    "0405": ("Empty rectangle",),  # a Dual Empty Rectangle: two at once
    "0500": ("Simple colouring (colour trap)",),
    "0501": ("Simple colouring (colour wrap)",),
    "0502": ("Multi-colouring (type 1)",),
    "0503": ("Multi-colouring (type 2)",),
    "0600": ("Unique rectangle (type 1)",),
    "0601": ("Unique rectangle (type 2)",),
    "0602": ("Unique rectangle (type 3)",),
    "0603": ("Unique rectangle (type 4)",),
    "0604": ("Unique rectangle (type 5)",),
    "0605": ("Unique rectangle (type 6)",),
    "0606": ("Hidden rectangle",),
    "0607": ("Avoidable rectangle (type 1)",),
    "0608": ("Avoidable rectangle (type 2)",),
    "0610": ("BUG+1",),
    "0701": ("X-Chain", "Turbot Fish"),
    "0702": ("XY-Chain", "Remote Pair", "XY-Wing"),
    "0703": ("Remote Pair",),
    "0706": ("Alternating inference chain",),  # nice loops: continuous,
    "0707": ("Alternating inference chain",),  # discontinuous,
    "0708": ("Alternating inference chain", "X-Chain", "XY-Chain"),  # and AIC
    "0709": ("Grouped alternating inference chain",),
    "0710": ("Grouped alternating inference chain",),
    "0711": ("Grouped alternating inference chain",),
    "0800": ("XY-Wing",),
    "0801": ("XYZ-Wing",),
    "0803": ("W-Wing",),
    "0901": ("ALS-XZ",),
    "0902": ("ALS-XY-Wing",),
    "0903": ("ALS chain", "AIC with ALS nodes"),  # its sets as nodes of an AIC
    "0904": ("Death Blossom",),
    "1101": ("Sue de Coq",),
    "1201": ("Template set",),
    "1202": ("Template delete",),
}
# The chains' equivalents: a shorter or plainer chain of ours proving the same.
# HoDoKu's grouped nice loops and AICs (0709-0711) take ALS nodes too: ours in their own row.
CHAINS = ("Alternating inference chain", "Grouped alternating inference chain",
          "AIC with ALS nodes", "X-Chain", "XY-Chain", "ALS-XZ", "ALS-XY-Wing", "ALS chain")
for code in ("0706", "0707", "0708", "0709", "0710", "0711"):
    CODES[code] += tuple(n for n in CHAINS if n not in CODES[code])

MAX_INSTANCES = 400  # a technique's steps looked at per case: chains can list thousands
# Not asked for "another technique": HoDoKu has no nested forcing chains (its nets map to our
# forcing chain row), and listing theirs spends their work budget, seconds a case.
UNASKED = ("Nested forcing chain",)


@dataclass(frozen=True)
class Case:
    """One line of the library: its number in the file, code, variant and text."""

    number: int
    code: str  # '0603', '03111'
    variant: str  # '', '1', 'x'
    line: str

    @property
    def fails(self) -> bool:
        """A fail case: the technique must find nothing here."""
        return self.variant == "x"

    @property
    def base(self) -> str:
        """The code of the technique (a siamese fish's base fish: its trailing 1 dropped)."""
        return self.code[:4]

    @property
    def names(self) -> tuple[str, ...]:
        """Our names for the technique: HoDoKu's own first, then equivalents."""
        return CODES.get(self.base, ("HoDoKu " + self.base,))

    @property
    def implemented(self) -> bool:
        """Does our table have HoDoKu's technique (its first name)?"""
        return self.names[0] in BY_NAME

    @cached_property
    def state(self) -> State:
        """The position, as HoDoKu builds it."""
        [entry] = read_puzzles(self.line)
        return State.from_entry(entry)

    @cached_property
    def expected(self) -> frozenset:
        """The line's result as candidates removed (a placement: its cell's other ones)."""
        fields = self.line.split(":")
        g = self.state.geometry
        removed = [hodoku_candidate(g, w) for w in fields[5].split()]
        placed = [hodoku_candidate(g, w) for w in fields[6].split()] if len(fields) > 6 else []
        return effect(self.state, placed, removed)

    @cached_property
    def solution(self):
        """The grid's one solution (givens and placed digits), or None if it has more."""
        found = search(self.state.geometry, list(self.state.values), 2)
        return found[0] if len(found) == 1 else None


def cases() -> list[Case]:
    """Every active case of the library, in file order (commented lines are not)."""
    found = []
    for number, line in enumerate(REGLIB.read_text().split("\n"), 1):
        if line.startswith(":"):
            code, _, variant = line.split(":")[1].partition("-")
            found.append(Case(number, code, variant, line.strip()))
    return found


def effect(state: State, placements, eliminations) -> frozenset:
    """A step's result as the ('-', cell, digit) candidates it removes, a placement removing
    its cell's other candidates (HoDoKu writes a BUG+1 as their removal), or marked ('+',
    cell, digit) when its cell has no other; what follows from a placement is not listed."""
    found = {("-", cell, digit) for cell, digit in eliminations}
    for cell, digit in placements:
        others = [("-", cell, d) for d in range(1, state.geometry.size + 1)
                  if d != digit and state.has(cell, d)]
        found.update(others or [("+", cell, digit)])
    return frozenset(found)


def step_effect(state: State, step: Step) -> frozenset:
    return effect(state, step.placements, step.eliminations)


def wrong(case: Case, step: Step) -> bool:
    """Does `step` contradict the case's solution (a wrong placement or elimination)?"""
    solution = case.solution
    if solution is None:
        return False
    return any(solution[c] != d for c, d in step.placements) or any(
        solution[c] == d for c, d in step.eliminations)


@dataclass
class Judgement:
    """How some techniques fare on a case: `exact` 'at once' (one step gives the line's
    result), 'in parts' (steps that each give part of it give all of it together) or '';
    `found` whether any step was found; `wrong` the steps that contradict the solution."""

    exact: str = ""
    found: bool = False
    wrong: tuple = ()
    by: str = ""  # the technique that gave the exact result


def judge(case: Case, names) -> Judgement:
    """Look through the steps of the techniques `names` (those our table has), up to
    MAX_INSTANCES each, for the line's result."""
    state, expected = case.state, case.expected
    verdict = Judgement()
    parts, by = set(), []
    for name in names:
        technique = BY_NAME.get(name)
        if technique is None or technique.finder is None:
            continue
        for step in itertools.islice(technique.find_all(state), MAX_INSTANCES):
            verdict.found = True
            if wrong(case, step):
                verdict.wrong += (step,)
            got = step_effect(state, step)
            if got == expected and not case.fails:
                verdict.exact, verdict.by = "at once", name
                return verdict
            if got and got <= expected:
                parts |= got
                by.append(name)
    if parts == expected and expected and not case.fails:
        verdict.exact, verdict.by = "in parts", by[0]
    return verdict


def table_judgement(case: Case) -> tuple[str, Judgement]:
    """Where the case lands in the per-code table (benchmarks/reglib.py): 'same' (our
    technique or a named equivalent gives the result; for a fail case, finds nothing),
    'another' (another technique of ours does), 'other steps' (ours find only other
    steps), 'nothing', or 'wrong' (a step of ours looked at contradicts the solution),
    with the judgement that put it there. Other techniques are asked only when ours fail."""
    own = judge(case, case.names[:1] if case.fails else case.names)
    first = next_step(case.state)
    bad = own.wrong + ((first,) if first and wrong(case, first) else ())
    if not bad and (own.exact or (case.fails and not own.found)):
        return "same", own
    others = judge(case, [t.name for t in TECHNIQUES
                          if t.name not in case.names and t.name not in UNASKED])
    bad += others.wrong
    if bad:
        return "wrong", Judgement(wrong=bad)
    if others.exact and not case.fails:
        return "another", others
    return ("other steps" if own.found or others.found or first else "nothing"), own
