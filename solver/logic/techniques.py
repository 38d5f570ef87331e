"""The technique table: every technique the logical solver knows, declared here and only here,
easiest first. The order is the difficulty order the solver tries them in (HoDoKu's: hidden
pairs and triples, rated Medium, before the Hard naked quad); the last row is the search step
that finishes a puzzle when no technique applies.

A row gives the name steps carry (`Step.technique`, shown on the page), the finder, the
level and weight the rating uses (HoDoKu's defaults, from its Options.DEFAULT_SOLVER_STEPS;
not tuned), its Sudoku Explainer value `se` (SE's own rating for the patterns SE has; the
values from 6 up fitted to SE ratings: benchmarks/rating_calibration.py), the phrase a hint
names it by, whether it assumes a unique solution, and the variant rules it holds under
(`rules`: every rule unless the row says fewer; the solver skips a row on a puzzle with a
rule the row does not hold under).
A finder is a generator of every instance of its pattern, without a name, the one a hint
gives first; `Technique.find` takes that first one and `Technique.find_all` every one, both
named from the table. A finder that stops at a work budget kept small for hints (Franken
and Mutant fish, the ALS rows, Death Blossom) has a `more`: the same search with the larger
listing budget, whose further steps find_all lists after the finder's.
"""

from functools import partial

from ..model.geometry import JIGSAW, RULE_NAMES, Geometry
from . import (
    aic,
    als,
    chains,
    colouring,
    fish,
    forcing,
    intersections,
    killer,
    locked_forcing,
    nested,
    rectangles,
    single_digit,
    singles,
    subsets,
    sue_de_coq,
    templates,
    uniqueness,
    wings,
)
from .compat import dataclass, replace
from .state import State
from .step import Step

# typing.TYPE_CHECKING without the typing module, which MicroPython lacks (it never reads
# annotations); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    from .state import Finder

LEVELS = ("Easy", "Medium", "Hard", "Unfair", "Extreme")  # HoDoKu's, easiest first

# The variant rules a row holds under (Technique.rules). Most finders read units and peers
# from the geometry, so any rules: a jigsaw's regions are units where the boxes were, X's
# diagonals and Windoku's windows more units, anti-knight/king and cage cells more peers.
ANY_RULES: frozenset[str] = frozenset(RULE_NAMES)
# Finders that read the boxes by their classic shape (box_of, box_rows): not on a jigsaw.
BOX_SHAPED: frozenset[str] = ANY_RULES - {JIGSAW}
# The uniqueness rows: their deadly pattern's swap is another solution only under the
# classic rules (a diagonal, a window, a knight's or king's move, a cage's sum or a
# region not shaped as a box may tell the two apart).
CLASSIC: frozenset[str] = frozenset()


# a row is itself: compared by identity, cheaply
@dataclass("name finder level weight se phrase needs_unique more rules", frozen=True, eq=False)
class Technique:
    """One row of the table.

    `finder(state)` yields the technique's steps (deterministic, unnamed), the one a hint
    shows first; None for the search step, which solve_path makes itself. `level` is one
    of LEVELS and `weight` the score per step (HoDoKu's); `se` the difficulty of one step
    on Sudoku Explainer's scale (rating.se_estimate); `phrase` completes "Look for ..." in
    a hint ("an X-Wing"); `needs_unique` marks techniques valid only when the puzzle has
    exactly one solution. `more`, for a finder cut short by a work budget, is the same search
    with the listing budget: find_all lists its steps after the finder's (hints never ask).
    `rules`, the variant rules (geometry.RULE_NAMES) under which its steps are sound.
    """

    name: str
    finder: "Finder | None"
    level: str
    weight: int
    se: float
    phrase: str
    needs_unique: bool = False
    more: "Finder | None" = None
    rules: frozenset[str] = ANY_RULES

    def holds(self, g: Geometry) -> bool:
        """Are this technique's steps sound under the rules of `g` (each in its `rules`)?"""
        return all(name in self.rules for name in g.rule_names())

    def find(self, state: State) -> Step | None:
        """The technique's first step in `state`, named, or None (always for the search
        step, which solve_path makes itself)."""
        if self.finder is None:
            return None
        step = next(self.finder(state), None)
        return None if step is None else self.named(step)

    def find_all(self, state: State) -> "Iterator[Step]":
        """Every step of the technique in `state`, named, the first being find's (lazily:
        the rest cost nothing until asked for; a chain's may be many), then those only the
        listing budget reaches (`more`), each once; none for the search step."""
        if self.finder is None:
            return
        listed: set[Step] = set()
        for step in self.finder(state):
            if self.more is not None:
                listed.add(step)
            yield self.named(step)
        if self.more is not None:
            for step in self.more(state):
                if step not in listed:
                    listed.add(step)
                    yield self.named(step)

    def named(self, step: Step) -> Step:
        """`step` as a step of this technique: its name, and its entry for the wording."""
        return replace(step, technique=self.name, entry=self)

    def nudge(self, area: str) -> str:
        """A hint naming the technique and where to look ("in box 4"), not the answer."""
        if self.finder is None:
            return "No logical step applies here: the rest needs " + self.phrase + "."
        return "Look for " + self.phrase + (" " + area if area else "") + "."


SINGLES: tuple[Technique, ...] = (  # also what model.candidates.settle_singles applies
    Technique("Full house", singles.full_house, "Easy", 4, 1.0, "a full house"),
    Technique("Naked single", singles.naked_single, "Easy", 4, 2.3, "a naked single"),
    Technique("Hidden single", singles.hidden_single, "Easy", 14, 1.5, "a hidden single"),
)

TABLE: tuple[Technique, ...] = SINGLES + (
    # The Killer rows (SudokuWiki's killer strategies; neither HoDoKu nor SE has them): level
    # and weight set beside locked candidates', whose kind of reasoning they share; `se` not
    # fitted (no rated sample is a Killer). They find nothing without cages.
    Technique("Cage combinations", killer.cage_combinations_finder, "Medium", 40, 2.5,
              "the combinations a cage's sum allows"),
    Technique("Locked candidates (pointing)", intersections.pointing, "Medium", 50, 2.6,
              "locked candidates (pointing)"),
    Technique("Locked candidates (claiming)", intersections.claiming, "Medium", 50, 2.8,
              "locked candidates (claiming)"),
    # Locked candidates through seen pairs that are no unit (anti-knight, anti-king, a
    # cage): nothing on other rules; level, weight and `se` as claiming's.
    Technique("Locked candidates (seen by all)", intersections.seen_by_all, "Medium", 50,
              2.8, "a digit whose places in a unit all see one cell outside it"),
    Technique("Rule of 45", killer.rule_of_45, "Medium", 50, 2.8,
              "the rule of 45 (a unit's cells left out of its cages make the rest of its sum)"),
    Technique("Cage/unit overlap", killer.cage_unit_overlap, "Medium", 60, 3.0,
              "a digit a cage must hold, locked in a unit (or a unit's digit locked in a cage)"),
    Technique("Naked pair", subsets.naked(2), "Medium", 60, 3.0, "a naked pair"),
    Technique("Naked triple", subsets.naked(3), "Medium", 80, 3.6, "a naked triple"),
    Technique("Hidden pair", subsets.hidden(2), "Medium", 70, 3.4, "a hidden pair"),
    Technique("Hidden triple", subsets.hidden(3), "Medium", 100, 4.0, "a hidden triple"),
    Technique("Naked quad", subsets.naked(4), "Hard", 120, 5.0, "a naked quad"),
    Technique("Hidden quad", subsets.hidden(4), "Hard", 150, 5.4, "a hidden quad"),
    Technique("X-Wing", fish.fish(2), "Hard", 140, 3.2, "an X-Wing"),
    Technique("Swordfish", fish.fish(3), "Hard", 150, 3.8, "a swordfish"),
    Technique("Jellyfish", fish.fish(4), "Hard", 160, 5.2, "a jellyfish"),
    Technique("Remote Pair", chains.remote_pair, "Hard", 110, 7.3,
              "a remote pair (a chain of cells holding the same two digits)"),
    Technique("XY-Wing", wings.xy_wing, "Hard", 160, 4.2, "an XY-Wing"),
    Technique("XYZ-Wing", wings.xyz_wing, "Hard", 180, 4.4, "an XYZ-Wing"),
    Technique("W-Wing", wings.w_wing, "Hard", 150, 7.2, "a W-Wing"),
    Technique("Skyscraper", single_digit.skyscraper, "Hard", 130, 7.2, "a skyscraper"),
    Technique("2-String Kite", single_digit.two_string_kite, "Hard", 150, 7.1, "a 2-String Kite",
              rules=BOX_SHAPED),
    Technique("Turbot Fish", chains.turbot_fish, "Hard", 120, 7.1,
              "a Turbot Fish (two strong links joined by a weak one)"),
    Technique("Empty rectangle", single_digit.empty_rectangle, "Hard", 120, 7.2,
              "an empty rectangle", rules=BOX_SHAPED),
    Technique("Finned X-Wing", fish.finned_fish(2), "Hard", 130, 7.1,
              "a finned (or sashimi) X-Wing"),
    Technique("Simple colouring (colour trap)", colouring.colour_trap, "Hard", 150, 7.2,
              "a simple colouring (colour trap)"),
    Technique("Simple colouring (colour wrap)", colouring.colour_wrap, "Hard", 150, 6.9,
              "a simple colouring (colour wrap)"),
    Technique("Unique rectangle (type 1)", uniqueness.unique_rectangle_1, "Hard", 100, 4.5,
              "a unique rectangle (type 1)", needs_unique=True, rules=CLASSIC),
    # HoDoKu rates every uniqueness test Hard, 100.
    Technique("Unique rectangle (type 2)", uniqueness.unique_rectangle_2, "Hard", 100, 4.6,
              "a unique rectangle (type 2)", needs_unique=True, rules=CLASSIC),
    Technique("Unique rectangle (type 3)", rectangles.unique_rectangle_3, "Hard", 100, 4.6,
              "a unique rectangle (type 3)", needs_unique=True, rules=CLASSIC),
    Technique("Unique rectangle (type 4)", uniqueness.unique_rectangle_4, "Hard", 100, 4.6,
              "a unique rectangle (type 4)", needs_unique=True, rules=CLASSIC),
    Technique("Unique rectangle (type 5)", rectangles.unique_rectangle_5, "Hard", 100, 9.0,
              "a unique rectangle (type 5)", needs_unique=True, rules=CLASSIC),
    Technique("Unique rectangle (type 6)", rectangles.unique_rectangle_6, "Hard", 100, 7.8,
              "a unique rectangle (type 6)", needs_unique=True, rules=CLASSIC),
    Technique("Hidden rectangle", rectangles.hidden_rectangle, "Hard", 100, 7.8,
              "a hidden rectangle", needs_unique=True, rules=CLASSIC),
    # Avoidable rectangles: a rectangle whose placed (not given) digits could swap. SE has
    # none; its `se` is its unique rectangle's of the same type (1 and 2).
    Technique("Avoidable rectangle (type 1)", rectangles.avoidable_rectangle_1, "Hard", 100,
              4.5, "an avoidable rectangle (type 1: placed digits that could swap)",
              needs_unique=True, rules=CLASSIC),
    Technique("Avoidable rectangle (type 2)", rectangles.avoidable_rectangle_2, "Hard", 100,
              4.6, "an avoidable rectangle (type 2: placed digits that could swap)",
              needs_unique=True, rules=CLASSIC),
    Technique("BUG+1", uniqueness.bug_plus_one, "Hard", 100, 5.6, "a BUG+1", needs_unique=True,
              rules=CLASSIC),
    Technique("Finned swordfish", fish.finned_fish(3), "Unfair", 200, 7.8,
              "a finned (or sashimi) swordfish"),
    Technique("Finned jellyfish", fish.finned_fish(4), "Unfair", 250, 7.9,
              "a finned (or sashimi) jellyfish"),
    Technique("Sue de Coq", sue_de_coq.sue_de_coq, "Unfair", 250, 7.8,
              "a Sue de Coq (where a line crosses a box)"),
    # HoDoKu's Multi-Colors 1 and 2 (one row there, weight 200; tried here, in HoDoKu's
    # order, among the Unfair rows, so rated Unfair: a level never sits among harder ones);
    # `se` as the colour trap's.
    Technique("Multi-colouring (type 1)", colouring.multi_colours_1, "Unfair", 200, 7.2,
              "a multi-colouring (two clusters of strong links whose colours see each other)"),
    Technique("Multi-colouring (type 2)", colouring.multi_colours_2, "Unfair", 200, 7.2,
              "a multi-colouring (a colour seeing both colours of another cluster)"),
    Technique("X-Chain", chains.x_chain, "Unfair", 260, 6.9, "an X-Chain"),
    Technique("XY-Chain", chains.xy_chain, "Unfair", 260, 7.2, "an XY-Chain"),
    Technique("Alternating inference chain", aic.aic, "Unfair", 280, 7.1,
              "an alternating inference chain (AIC) or nice loop"),
    Technique("Grouped alternating inference chain", aic.grouped_aic, "Unfair", 300, 7.9,
              "a grouped AIC (a chain through part of a box line)"),
    Technique("ALS-XZ", als.als_xz, "Unfair", 300, 8.2, "an ALS-XZ (two almost locked sets)",
              more=partial(als.als_xz, listing=True)),
    Technique("ALS-XY-Wing", als.als_xy_wing, "Unfair", 320, 8.2,
              "an ALS-XY-Wing (three almost locked sets)",
              more=partial(als.als_xy_wing, listing=True)),
    # HoDoKu's ALS-XY-Chain; `se` fitted like the other chains (rating_calibration --fit).
    Technique("ALS chain", als.als_chain, "Unfair", 340, 8.2,
              "an ALS chain (almost locked sets linked one to the next)",
              more=partial(als.als_chain, listing=True)),
    # HoDoKu's Death Blossom: an ALS technique, after its ALS chain; `se` not fitted.
    Technique("Death Blossom", als.death_blossom, "Unfair", 360, 8.3,
              "a Death Blossom (a cell whose every digit locks one of a few almost locked"
              " sets)", more=partial(als.death_blossom, listing=True)),
    # HoDoKu's grouped nice loops and AICs with ALS nodes (its Grouped rows, weight 300):
    # after the ALS rows, whose patterns such chains also make; `se` as the ALS chain's.
    Technique("AIC with ALS nodes", aic.als_aic, "Unfair", 300, 8.2,
              "an AIC through an almost locked set (cells with one digit more than cells)",
              more=partial(aic.als_aic, listing=True)),
    # Franken and Mutant fish (fish.complex_fish_finder): HoDoKu's levels and weights; SE
    # has no such pattern, so `se` is set just below the forcing chain's (not fitted).
    Technique("Franken X-Wing", fish.complex_fish_finder("Franken", 2, False),
              "Unfair", 300, 8.3, "a Franken X-Wing (boxes among its rows or columns)",
              more=fish.complex_fish_finder("Franken", 2, False, listing=True)),
    Technique("Franken swordfish", fish.complex_fish_finder("Franken", 3, False),
              "Unfair", 350, 8.3, "a Franken swordfish (boxes among its rows or columns)",
              more=fish.complex_fish_finder("Franken", 3, False, listing=True)),
    Technique("Franken jellyfish", fish.complex_fish_finder("Franken", 4, False),
              "Unfair", 370, 8.3, "a Franken jellyfish (boxes among its rows or columns)",
              more=fish.complex_fish_finder("Franken", 4, False, listing=True)),
    Technique("Finned Franken X-Wing", fish.complex_fish_finder("Franken", 2, True),
              "Unfair", 390, 8.3, "a finned Franken X-Wing (boxes among its rows or columns)",
              more=fish.complex_fish_finder("Franken", 2, True, listing=True)),
    Technique("Finned Franken swordfish", fish.complex_fish_finder("Franken", 3, True),
              "Unfair", 410, 8.3, "a finned Franken swordfish (boxes among its rows or columns)",
              more=fish.complex_fish_finder("Franken", 3, True, listing=True)),
    Technique("Finned Franken jellyfish", fish.complex_fish_finder("Franken", 4, True),
              "Unfair", 430, 8.3, "a finned Franken jellyfish (boxes among its rows or columns)",
              more=fish.complex_fish_finder("Franken", 4, True, listing=True)),
    Technique("Mutant X-Wing", fish.complex_fish_finder("Mutant", 2, False),
              "Extreme", 450, 8.3, "a mutant X-Wing (rows, columns and boxes mixed)",
              more=fish.complex_fish_finder("Mutant", 2, False, listing=True)),
    Technique("Mutant swordfish", fish.complex_fish_finder("Mutant", 3, False),
              "Extreme", 450, 8.3, "a mutant swordfish (rows, columns and boxes mixed)",
              more=fish.complex_fish_finder("Mutant", 3, False, listing=True)),
    Technique("Mutant jellyfish", fish.complex_fish_finder("Mutant", 4, False),
              "Extreme", 450, 8.3, "a mutant jellyfish (rows, columns and boxes mixed)",
              more=fish.complex_fish_finder("Mutant", 4, False, listing=True)),
    Technique("Finned mutant X-Wing", fish.complex_fish_finder("Mutant", 2, True),
              "Extreme", 470, 8.3, "a finned mutant X-Wing (rows, columns and boxes mixed)",
              more=fish.complex_fish_finder("Mutant", 2, True, listing=True)),
    Technique("Finned mutant swordfish", fish.complex_fish_finder("Mutant", 3, True),
              "Extreme", 470, 8.3, "a finned mutant swordfish (rows, columns and boxes mixed)",
              more=fish.complex_fish_finder("Mutant", 3, True, listing=True)),
    Technique("Finned mutant jellyfish", fish.complex_fish_finder("Mutant", 4, True),
              "Extreme", 470, 8.3, "a finned mutant jellyfish (rows, columns and boxes mixed)",
              more=fish.complex_fish_finder("Mutant", 4, True, listing=True)),
    # Sizes 5 and 6 (fish.SEARCH_ORDER's last parts, so hints rarely reach them): HoDoKu
    # rates every squirmbag and whale, Franken or Mutant, finned or not, Extreme, 470;
    # `se` as the smaller ones'.
    Technique("Franken squirmbag", fish.complex_fish_finder("Franken", 5, False),
              "Extreme", 470, 8.3, "a Franken squirmbag (boxes among its rows or columns)",
              more=fish.complex_fish_finder("Franken", 5, False, listing=True)),
    Technique("Franken whale", fish.complex_fish_finder("Franken", 6, False),
              "Extreme", 470, 8.3, "a Franken whale (boxes among its rows or columns)",
              more=fish.complex_fish_finder("Franken", 6, False, listing=True)),
    Technique("Finned Franken squirmbag", fish.complex_fish_finder("Franken", 5, True),
              "Extreme", 470, 8.3, "a finned Franken squirmbag (boxes among its rows or columns)",
              more=fish.complex_fish_finder("Franken", 5, True, listing=True)),
    Technique("Finned Franken whale", fish.complex_fish_finder("Franken", 6, True),
              "Extreme", 470, 8.3, "a finned Franken whale (boxes among its rows or columns)",
              more=fish.complex_fish_finder("Franken", 6, True, listing=True)),
    Technique("Mutant squirmbag", fish.complex_fish_finder("Mutant", 5, False),
              "Extreme", 470, 8.3, "a mutant squirmbag (rows, columns and boxes mixed)",
              more=fish.complex_fish_finder("Mutant", 5, False, listing=True)),
    Technique("Mutant whale", fish.complex_fish_finder("Mutant", 6, False),
              "Extreme", 470, 8.3, "a mutant whale (rows, columns and boxes mixed)",
              more=fish.complex_fish_finder("Mutant", 6, False, listing=True)),
    Technique("Finned mutant squirmbag", fish.complex_fish_finder("Mutant", 5, True),
              "Extreme", 470, 8.3, "a finned mutant squirmbag (rows, columns and boxes mixed)",
              more=fish.complex_fish_finder("Mutant", 5, True, listing=True)),
    Technique("Finned mutant whale", fish.complex_fish_finder("Mutant", 6, True),
              "Extreme", 470, 8.3, "a finned mutant whale (rows, columns and boxes mixed)",
              more=fish.complex_fish_finder("Mutant", 6, True, listing=True)),
    Technique("Forcing chain", forcing.forcing_net, "Extreme", 700, 8.4,
              "a forcing chain (follow each choice until it breaks or they agree)"),
    # HoDoKu's Template Set and Delete, after its forcing chains and nets; `se` between the
    # forcing chain's and the search's (not fitted: no path of the rated sample gets here).
    # Templates place a digit by rows, columns and boxes of the classic shape: on other
    # rules they list a superset of the real placements, so what every one uses, or none
    # does, still holds (not on a jigsaw, whose regions are no boxes).
    Technique("Template set", templates.template_set, "Extreme", 10000, 9.5,
              "a template set (a cell every placement of all of a digit uses)",
              rules=BOX_SHAPED),
    Technique("Template delete", templates.template_delete, "Extreme", 10000, 9.5,
              "a template delete (a candidate no placement of all of a digit uses)",
              rules=BOX_SHAPED),
    # Sudoku Explainer's forcing chains with its "+" techniques (HoDoKu has none): branches
    # that follow locked candidates too (pointing, claiming, seen by all), where a knight's
    # move leaves singles nothing (docs/benchmarks.md, variant logic); tried only when the
    # forcing chains and templates fail, so a classic path that never got past them keeps
    # its steps. `se` 9.0, SE's dynamic "+" chains' (between its dynamic 8.5 and nested
    # 9.5; not fitted: no path of the rated sample gets here); weight between the forcing
    # chain's and the nested one's.
    Technique("Forcing chain with locked candidates", locked_forcing.locked_forcing,
              "Extreme", 1000, 9.0,
              "a forcing chain whose choices also follow locked candidates (a digit left in "
              "a unit only where one cell sees all its places)"),
    # Sudoku Explainer's nested forcing chains (HoDoKu has none): tried only when every
    # row above fails; its inner chains are dynamic, `se` SE's first nested value (not
    # fitted: no path of the rated sample gets here); weight between the forcing chain's
    # and the search's.
    Technique("Nested forcing chain", nested.nested_forcing, "Extreme", 2000, 9.5,
              "a nested forcing chain (a forcing chain helped by shorter ones inside it)"),
    # HoDoKu's brute force step; ours fills every cell left, and the rating adds to its
    # weight for each candidate one trial cannot rule out (rating.SEARCH_SCORE_PER_CANDIDATE).
    # Its `se` is not fitted (no path of the rated sample needs search): 10, past SE's
    # dynamic forcing chains (8.5-9.5), where its nested ones begin.
    Technique("Search (trial and error)", None, "Extreme", 10000, 10.0, "trial and error"),
)

TECHNIQUES: tuple[Technique, ...] = tuple(t for t in TABLE if t.finder is not None)
SEARCH_TECHNIQUE: Technique = TABLE[-1]
SEARCH: str = SEARCH_TECHNIQUE.name  # the technique name of the final step when logic stalls
# The costliest row, tried only when every other fails: the page's badge rates without it
# (rating.rate's nested=False).
NESTED_TECHNIQUE: Technique = next(t for t in TABLE if t.finder is nested.nested_forcing)
# A chain with almost locked sets as nodes, which Sudoku Explainer has no counterpart for:
# the path the SE estimate reads leaves it out (rating.SE_LEFT_OUT).
ALS_AIC_TECHNIQUE: Technique = next(t for t in TABLE if t.finder is aic.als_aic)
BY_NAME: dict[str, Technique] = {t.name: t for t in TABLE}
# The rows before the forcing chain's: what a hint tries on the page's MicroPython worker,
# where a forcing net takes tens of seconds (Pyodide goes on from there: static/worker.py).
BEFORE_FORCING: tuple[Technique, ...] = TECHNIQUES[:next(
    i for i, t in enumerate(TECHNIQUES) if t.finder is forcing.forcing_net)]
# The rows of the two easiest levels (singles, locked candidates, pairs and triples; a
# prefix of the table): what a 9x9 hint tries on the page's own thread before either worker
# is ready, ~0.1 s at most there (MicroPython, desktop speed) where the next rows take
# seconds; a worker goes on when none applies (ui/requests.py's answer_here).
BEFORE_HARD: tuple[Technique, ...] = TECHNIQUES[:next(
    i for i, t in enumerate(TECHNIQUES) if LEVELS.index(t.level) > LEVELS.index("Medium"))]


def technique_names() -> tuple[str, ...]:
    """Every technique name, easiest first (the names steps carry in `Step.technique`)."""
    return tuple(t.name for t in TECHNIQUES)
