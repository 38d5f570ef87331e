"""The difficulty rating: table coverage, levels from the hardest technique, score ordering,
and the SE estimate (monotone in the techniques' `se`, chain length and repeats)."""

import random
from dataclasses import replace

import pytest

from benchmarks.rating_calibration import (
    FRESH,
    FRESH2,
    SAMPLE,
    START_SE,
    Solved,
    cross_validated,
    descend,
    fit,
    fitted_names,
    linear_terms,
    load_sample,
    print_edits,
    ranks,
    reordered,
    spearman,
    start_point,
    total_error,
)
from solver.api import count_solutions
from solver.logic import State, Step, nested, solve_path
from solver.logic.forcing import find_within
from solver.logic.techniques import BY_NAME, SEARCH, SINGLES, TABLE, TECHNIQUES
from solver.model.errors import PuzzleError
from solver.model.geometry import geometry
from solver.model.puzzle import Puzzle, read
from solver.rating import (
    BELOW_NESTED,
    BELOW_NESTED_SE,
    CANDIDATES_MIDDLE,
    LEVELS,
    MAX_SCORE,
    NESTED,
    SE_CHAINS_FROM,
    SE_DYNAMIC,
    SE_EARLIER,
    SE_LEFT_OUT,
    SE_ORDER,
    SE_PER_50_CANDIDATES,
    SE_PER_LENGTH,
    SE_PER_REPEAT,
    Rating,
    bounded_rating,
    length_ladder,
    level_rank,
    path_context,
    path_summary,
    rate,
    rate_steps,
    se_estimate,
    se_steps,
    se_summary,
    solves_within,
    technique_estimate,
    technique_level,
    untrialled_candidates,
)
from solver.search.engine import search
from tests.checks import full_grid, load_lines
from tests.logic.positions import blank, pattern
from tests.logic.test_forcing import THREE

# Project Euler's first grid: every cell falls to naked or hidden singles.
SINGLES_ONLY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"


def test_a_singles_only_puzzle_rates_easy():
    puzzle = read(SINGLES_ONLY)
    path = solve_path(puzzle)
    assert {step.technique for step in path.steps} <= {t.name for t in SINGLES}
    rating = rate(puzzle)
    assert rating.level == "Easy"
    assert BY_NAME[rating.hardest] in SINGLES
    assert rating.steps == len(path.steps)
    assert rating.score == sum(BY_NAME[step.technique].weight for step in path.steps)


def test_hard_puzzles_rate_above_easy_ones():
    easy = rate(read(SINGLES_ONLY))
    hard = [rate(read(line)) for line in load_lines("top95.txt")[:12]]
    for h in hard:
        assert h.rank > easy.rank
        assert h.score > easy.score
    assert any(h.level == "Extreme" for h in hard)


def test_level_is_that_of_the_hardest_technique_used():
    for line in load_lines("top95.txt")[:4] + [SINGLES_ONLY]:
        puzzle = read(line)
        steps = solve_path(puzzle).steps
        rating = rate_steps(steps)
        used = {level_rank(technique_level(step.technique)) for step in steps}
        assert rating.rank >= max(used)
        assert rating.hardest in {step.technique for step in steps}
        assert level_rank(technique_level(rating.hardest)) == max(used)


def test_a_score_past_a_levels_limit_raises_the_level():
    hidden = Step(technique="Hidden single")  # Easy, 14 points each
    pair = Step(technique="Naked pair")  # Medium, 60
    assert rate_steps([hidden] * 57).level == "Easy"  # 798 points
    assert rate_steps([hidden] * 58).level == "Medium"  # 812 > 800
    assert rate_steps([pair] + [hidden] * 67).level == "Medium"  # 998
    assert rate_steps([pair] + [hidden] * 68).level == "Hard"  # 1012 > 1000
    assert rate_steps([pair] + [hidden] * 150).level == "Extreme"  # 2160: past Unfair's 1800
    rating = rate_steps([pair] + [hidden] * 68)
    assert rating.hardest == "Naked pair" and rating.score == 1012
    assert rate_steps([pair] + [hidden] * 150, ceilings=False).level == "Medium"


def test_a_variants_level_is_its_hardest_techniques_whatever_its_score():
    from solver.generator import generate

    puzzle = generate(9, "Medium", seed=0, rules=["killer"]).puzzle
    rating = rate(puzzle)
    assert rating.score > MAX_SCORE["Hard"]  # 100+ steps: a classic grid would be Extreme
    assert rating.level == technique_level(rating.hardest) == "Medium"


@pytest.mark.parametrize("name", ["jigsaw", "anti-king", "jigsaw 6x6"])
def test_the_badges_rating_of_a_variant_is_its_full_rating_short_of_the_nested_row(name):
    # the page's badge rates a pasted variant with nested=False, as it rates a classic grid
    from tests.test_variants import PUZZLES

    puzzle = read(PUZZLES[name])
    badge = rate(puzzle, nested=False)
    assert not badge.bound and badge == rate(puzzle)
    assert badge.level == technique_level(badge.hardest)  # a variant's: its hardest step's


def test_the_badges_time_budget_rates_the_steps_so_far_as_floors():
    # rate(nested=False, seconds=...) stops following the path once that much time has
    # passed: the steps so far, rated, marked bound, without an SE estimate. A budget of a
    # nanosecond has passed after the first step: so that first step alone is rated.
    from tests.test_variants import PUZZLES

    puzzle = read(PUZZLES["x"])
    first = rate(puzzle, nested=False, seconds=1e-9)
    badge = rate(puzzle, nested=False)
    path = solve_path(puzzle, techniques=BELOW_NESTED).steps
    assert first.bound and first.steps == 1 and first.hardest == path[0].technique
    assert first.se == 0.0 and first.se_hardest == ""
    assert first.rank <= badge.rank and first.score <= badge.score
    assert rate(puzzle, nested=False, seconds=10**6) == badge  # ample: the same rating
    # a puzzle solved in one step is finished whatever the budget
    full = full_grid(9)
    one_left = Puzzle(full.geometry, [0, *full.cells[1:]])
    assert not rate(one_left, nested=False, seconds=1e-9).bound


@pytest.mark.parametrize("seconds", [0, -1, True, "2", float("nan"), float("inf"), 10**400])
def test_a_time_budget_is_a_positive_number_and_only_for_the_badge(seconds):
    puzzle = read(PARTS_WAYS)
    with pytest.raises(PuzzleError, match="seconds"):
        rate(puzzle, nested=False, seconds=seconds)
    with pytest.raises(PuzzleError, match="seconds"):
        rate(puzzle, seconds=1.0)  # nested=True: the full rating has no budget


def test_solves_within_agrees_with_rate():
    for line in load_lines("top95.txt")[:3] + [SINGLES_ONLY]:
        puzzle = read(line)
        rank = rate(puzzle).rank
        for level in LEVELS[:-1]:
            assert solves_within(puzzle, level) == (level_rank(level) >= rank), (line, level)


def test_empty_path_and_unknown_level():
    assert rate_steps([]).level == "Easy"
    assert rate_steps([]).score == 0
    with pytest.raises(ValueError, match="Easy"):
        level_rank("Diabolical")


def test_rank_correlation_helper():
    assert ranks([10, 30, 20, 20]) == [1.0, 4.0, 2.5, 2.5]
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    assert spearman([1, 2, 3], [5, 5, 5]) == 0.0


def test_untrialled_candidates_count_what_one_trial_cannot_rule_out():
    g = geometry(4)
    empty = State.from_puzzle(Puzzle(g, [0] * 16))
    assert untrialled_candidates(empty) == 16 * 4  # nothing is ruled out on an empty board
    solution = search(g, [0] * 16, 1)[0]
    one_gap = State.from_puzzle(Puzzle(g, (0,) + solution[1:]))
    assert untrialled_candidates(one_gap) == 1
    start = State.from_puzzle(read(load_lines("top95.txt")[6]))
    assert 0 < untrialled_candidates(start) < sum(bin(m).count("1") for m in start.cands)


def test_a_puzzle_without_solution_is_refused():
    lines = load_lines("tdoku_test_puzzles_count.txt")
    unsolvable = [line.split(":")[0] for line in lines if line.split(":")[1] == "0"]
    with pytest.raises(PuzzleError):
        rate(read(unsolvable[0]))


def test_rate_with_the_path_already_solved_gives_the_same_rating():
    for line in load_lines("top95.txt")[:6]:
        puzzle = read(line)
        assert rate(puzzle, solve_path(puzzle)) == rate(puzzle)


def chain(name: str, links: int) -> Step:
    """A step of technique `name` whose chain has `links` links (their content is not read)."""
    return Step(technique=name, links=((), ) * links)


def test_length_ladder_follows_sudoku_explainers_thresholds():
    # SE's thresholds 4, 5, 7, 9, 13, 17, 25, 33: one step past each
    assert [length_ladder(n) for n in (0, 4, 5, 6, 7, 8, 9, 10, 13, 14, 17, 18, 25, 26)] == [
        0, 0, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7]
    assert all(length_ladder(n) <= length_ladder(n + 1) for n in range(200))


def test_se_estimate_is_monotone_in_the_techniques_se_value():
    rows = sorted((t for t in TABLE if t.name != SEARCH), key=lambda t: t.se)
    for easier, harder in zip(rows, rows[1:], strict=False):
        assert rate_steps([Step(technique=easier.name)]).se <= rate_steps(
            [Step(technique=harder.name)]).se
        # one harder step among easy ones sets the estimate
        mixed = rate_steps([Step(technique=easier.name)] * 3 + [Step(technique=harder.name)])
        assert mixed.se == round(harder.se, 1)


def test_se_estimate_follows_chain_length_and_repeats_but_not_singles():
    name = "Alternating inference chain"
    base = BY_NAME[name].se
    assert rate_steps([chain(name, 4)]).se == round(base, 1)
    assert rate_steps([chain(name, 13)]).se == round(base + 4 * SE_PER_LENGTH, 1)
    lengths = [rate_steps([chain(name, n)]).se for n in range(3, 40)]
    # the fit may find that length adds nothing (0): never less for a longer chain
    assert lengths == sorted(lengths) and (lengths[-1] > lengths[0]) == (SE_PER_LENGTH > 0)
    repeated = [rate_steps([chain(name, 5)] * k).se for k in range(1, 30)]
    assert repeated == sorted(repeated) and repeated[-1] > repeated[0]
    # five steps of five links: one ladder step of length and one of repeats
    assert rate_steps([chain(name, 5)] * 5).se == round(base + SE_PER_LENGTH + SE_PER_REPEAT, 1)
    hidden = Step(technique="Hidden single")
    assert rate_steps([hidden] * 60).se == rate_steps([hidden]).se == BY_NAME["Hidden single"].se


def test_se_estimate_of_a_path_is_read_from_its_summary():
    steps = [Step(technique="Hidden single"), chain("X-Chain", 6), chain("X-Chain", 9),
             Step(technique="Naked pair"), chain("X-Chain", 9)]
    middle = CANDIDATES_MIDDLE  # no candidate counts given
    assert path_summary(steps) == {"Hidden single": (0, 1, middle, 0),
                                   "X-Chain": (9, 3, middle, 0), "Naked pair": (0, 1, middle, 0)}
    # the candidates are those open as the first of the longest steps starts
    assert path_summary(steps, candidates=[200, 190, 150, 140, 120]) == {
        "Hidden single": (0, 1, 200, 0), "X-Chain": (9, 3, 150, 0), "Naked pair": (0, 1, 140, 0)}
    assert rate_steps(steps).se == se_estimate(path_summary(steps))
    assert se_estimate({}) == rate_steps([]).se == 0.0
    # another table of values, another estimate: the values come from the `se` argument
    assert se_estimate({"Naked pair": (0, 1, middle, 0)}, se=lambda name: 9.0) == 9.0
    search = Step(technique=SEARCH)
    assert path_summary([search], untrialled=30) == {SEARCH: (30, 1, middle, 0)}
    # a search left early (more undecided) never rates lower
    assert rate_steps([search], 30).se >= rate_steps([search], 3).se
    assert rate_steps([search], 30, [200]).se > rate_steps([search], 30, [60]).se


def test_hard_puzzles_estimate_above_easy_ones_on_ses_scale():
    easy = rate(read(SINGLES_ONLY))
    assert easy.se <= max(t.se for t in SINGLES)
    hard = [rate(read(line)) for line in load_lines("top95.txt")[:12]]
    assert all(h.se >= easy.se for h in hard)
    assert sum(h.se >= 6.5 for h in hard) >= 6  # SE rates its chains 6.5 and up
    assert MAX_SCORE == {"Easy": 800, "Medium": 1000, "Hard": 1600, "Unfair": 1800}


def test_the_calibration_fit_recovers_the_se_values_it_was_given():
    # two techniques fitted (table values from 6 up), one pattern kept at SE's own value
    truth = {"XY-Chain": 7.1, "Forcing chain": 8.4}
    rows = [Solved(se=truth[name], rating=None,
                   summary={name: (0, 1, CANDIDATES_MIDDLE, 0), "X-Wing": (0, 1, 200, 0)})
            for name in truth for _ in range(3)]
    values, constants = fit(rows)
    assert values == truth
    assert constants == {"per_length": 0.0, "per_repeat": 0.0, "per_50_candidates": 0.0,
                         "dynamic": 0.0}


def test_the_fit_of_only_some_rows_keeps_the_rest_and_the_constants():
    # --only: the named row is fitted, the other row and the constants stay the code's,
    # though the full fit would move them (XY-Chain's lines say 7.5)
    middle = (0, 1, CANDIDATES_MIDDLE, 0)
    rows = [Solved(se=se, rating=None, summary={name: middle})
            for name, se in (("Forcing chain", 8.0), ("XY-Chain", 7.5)) for _ in range(3)]
    assert fit(rows)[0] == {"XY-Chain": 7.5, "Forcing chain": 8.0}
    values, constants = fit(rows, only=["Forcing chain"])
    assert values == {"Forcing chain": 8.0}
    assert constants == {"per_length": SE_PER_LENGTH, "per_repeat": SE_PER_REPEAT,
                         "per_50_candidates": SE_PER_50_CANDIDATES, "dynamic": SE_DYNAMIC}
    # cross-validated likewise: the forcing chain's lines exact, XY-Chain's at the code's value
    spear, error = cross_validated(rows, only=["Forcing chain"])
    assert error == pytest.approx(abs(7.5 - BY_NAME["XY-Chain"].se) / 2)


def test_the_fit_says_when_its_edits_reorder_the_path_it_read():
    kept = {name: BY_NAME[name].se for name in ("AIC with ALS nodes", "Forcing chain")}
    assert reordered(kept) == []
    # the forcing chain past every other row's `se`: tried last, so the path changes
    assert "Forcing chain" in reordered(kept | {"Forcing chain": 9.9})


def test_the_calibration_fit_recovers_a_per_candidate_amount():
    # SE rises 0.2 for every 50 candidates the grid holds at the chain: the fit finds 0.2
    rows = [Solved(se=round(7.5 + 0.2 * (n - CANDIDATES_MIDDLE) / 50, 1), rating=None,
                   summary={"Forcing chain": (0, 1, n, 0)}) for n in (50, 100, 150, 200, 250)]
    values, constants = fit(rows)
    assert values == {"Forcing chain": 7.5}
    assert constants["per_50_candidates"] == pytest.approx(0.2)


def test_the_technique_that_sets_se_is_named():
    # HoDoKu's order rates pointing and claiming alike (the first used is its hardest);
    # SE rates claiming higher, and the badge names what sets "about SE"
    rating = rate_steps([Step(technique="Locked candidates (pointing)"),
                         Step(technique="Locked candidates (claiming)")])
    assert rating.hardest == "Locked candidates (pointing)"
    assert rating.se_hardest == "Locked candidates (claiming)"
    assert rating.se == BY_NAME["Locked candidates (claiming)"].se
    assert rate_steps([]).se_hardest == ""
    for line in load_lines("top95.txt")[:3]:
        puzzle = read(line)
        path = solve_path(puzzle)
        summary = path_summary(path.steps, *path_context(puzzle, path.steps))
        rating = rate(puzzle, path)
        parts = {name: technique_estimate(name, use) for name, use in summary.items()}
        assert max(parts.values()) == parts[rating.se_hardest]
        assert rating.se == round(parts[rating.se_hardest], 1)


def test_chains_on_a_fuller_grid_estimate_higher_and_patterns_do_not_move():
    chain_name, pattern = "Forcing chain", "X-Wing"
    assert BY_NAME[chain_name].se >= SE_CHAINS_FROM > BY_NAME[pattern].se
    full, sparse = [CANDIDATES_MIDDLE + 100], [CANDIDATES_MIDDLE - 100]
    step = Step(technique=chain_name)
    gap = rate_steps([step], candidates=full).se - rate_steps([step], candidates=sparse).se
    assert gap == pytest.approx(round(4 * SE_PER_50_CANDIDATES, 1), abs=0.11)
    assert SE_PER_50_CANDIDATES > 0
    wing = Step(technique=pattern)
    assert rate_steps([wing], candidates=full).se == rate_steps([wing], candidates=sparse).se \
        == BY_NAME[pattern].se


def test_path_context_counts_the_grid_before_each_step():
    puzzle = read(load_lines("top95.txt")[1])
    steps = solve_path(puzzle).steps
    counts = path_context(puzzle, steps)[1]
    assert len(counts) == len(steps)
    assert counts[0] == sum(bin(m).count("1") for m in State.from_puzzle(puzzle).cands)
    assert counts == sorted(counts, reverse=True) and counts[-1] < counts[0]


def test_the_fit_prints_only_the_edits_to_make(capsys):
    unchanged, moved = "Forcing chain", "XY-Chain"
    print_edits({unchanged: BY_NAME[unchanged].se, moved: BY_NAME[moved].se + 0.3},
                {"per_length": SE_PER_LENGTH, "per_repeat": SE_PER_REPEAT + 0.02,
                 "per_50_candidates": SE_PER_50_CANDIDATES, "dynamic": SE_DYNAMIC})
    out = capsys.readouterr().out
    assert f"{moved}: se {BY_NAME[moved].se} -> {BY_NAME[moved].se + 0.3:.1f}" in out
    assert unchanged not in out and "(1 fitted values unchanged)" in out
    assert f"SE_PER_REPEAT = {SE_PER_REPEAT + 0.02:.2f}  (now {SE_PER_REPEAT})" in out
    assert f"SE_PER_LENGTH = {SE_PER_LENGTH:.2f}\n" in out  # unchanged: no "(now ...)"


def test_cross_validation_predicts_each_row_from_the_other_folds():
    # two techniques whose SE ratings never overlap: any fold's fit orders them right
    rows = [Solved(se=se, rating=None, summary={name: (0, 1, CANDIDATES_MIDDLE, 0)})
            for _ in range(4) for name, se in (("XY-Chain", 7.1), ("Forcing chain", 8.6))]
    spear, error = cross_validated(rows)
    assert spear == pytest.approx(1.0) and error == pytest.approx(0.0)


def test_the_fit_restarts_past_where_coordinate_descent_stalls():
    # the shared rows' estimate is the higher of the two values: lowering either alone moves
    # nothing there, so descent from the start stalls at 6.6; lowering both together fits
    # better, and only a restart from a perturbed point finds that
    middle = (0, 1, CANDIDATES_MIDDLE, 0)
    shared = {"XY-Chain": middle, "Forcing chain": middle}
    rows = [Solved(se=6.0, rating=None, summary=shared) for _ in range(3)] + [
        Solved(se=6.6, rating=None, summary={name: use}) for name, use in shared.items()]
    free = fitted_names(rows)
    stalled_values, stalled_consts, stalled_error = descend(rows, free, *start_point())
    assert [stalled_values[name] for name in free] == [START_SE, START_SE]
    values, constants = fit(rows)
    table = {t.name: t.se for t in TABLE} | values
    assert total_error(linear_terms(rows, table), table, constants) < stalled_error
    assert all(value < START_SE for value in values.values())


def test_the_fit_is_deterministic_whatever_the_global_random_state():
    rows = [Solved(se=se, rating=None, summary={name: (length, 1, candidates, 0)})
            for name, se, length, candidates in (
                ("XY-Chain", 7.1, 6, 150), ("Forcing chain", 8.6, 10, 200),
                ("Forcing chain", 8.3, 4, 120), ("XY-Chain", 7.4, 12, 90))]
    random.seed(1)
    first = fit(rows)
    random.seed(2)
    assert fit(rows) == first


def test_a_forcing_nets_size_and_kind_reach_the_se_estimate():
    # the hand-made net of tests/logic/test_forcing.py: static (r1c1's cell verity) when the
    # solver prefers it, dynamic (r1c1 = 3 after two removals) when only the dynamic is sought
    state = pattern(blank(), cands=THREE)
    static, dynamic = BY_NAME["Forcing chain"].find(state), find_within(state, 8, [0], {})
    assert (static.dynamic, dynamic.dynamic) == (False, True)
    dynamic = replace(dynamic, technique="Forcing chain")
    # a dynamic net's length is its size, not its trail's links; a static net's is 0
    assert dynamic.net == 12 and len(dynamic.links) == 5
    assert path_summary([static, dynamic]) == {"Forcing chain": (12, 2, CANDIDATES_MIDDLE, 1)}
    assert path_summary([static]) == {"Forcing chain": (0, 1, CANDIDATES_MIDDLE, 0)}
    base = BY_NAME["Forcing chain"].se
    assert rate_steps([static]).se == round(base, 1)
    # five dynamic steps: one ladder step of repeats and one of dynamic steps, and the
    # net's 12 facts four of length; five static ones: the repeats alone
    assert (length_ladder(5), length_ladder(12)) == (1, 4)
    assert rate_steps([dynamic] * 5).se == round(
        base + SE_PER_REPEAT + SE_DYNAMIC + 4 * SE_PER_LENGTH, 1)
    assert rate_steps([static] * 5).se == round(base + SE_PER_REPEAT, 1)
    # fitted: SE rates its dynamic chains above its static ones
    assert rate_steps([dynamic] * 5).se > rate_steps([static] * 5).se


def test_the_calibration_fit_recovers_a_dynamic_amount():
    # SE rises 0.3 per ladder step of dynamic nets (past 4, 5, 7, 9 ... of them), not with
    # the steps of other kinds: the fit finds 0.3 and nothing for repeats, give or take one
    # step of its grid (the two move together where every step is dynamic)
    rows = [Solved(se=8.0 + 0.3 * length_ladder(dynamic), rating=None,
                   summary={"Forcing chain": (4, count, CANDIDATES_MIDDLE, dynamic)})
            for count, dynamic in ((1, 0), (9, 0), (9, 9), (13, 0), (13, 13), (6, 6))]
    values, constants = fit(rows)
    assert values == {"Forcing chain": 8.0}
    assert constants["dynamic"] == pytest.approx(0.3, abs=0.021)
    assert constants["per_repeat"] == pytest.approx(0.0, abs=0.021)


def test_fresh_samples_are_usable_held_out_sets():
    """The held-out SE-rated samples: 389 and 380 puzzles with one solution each, rated on
    SE's scale, sharing none with each other or with the shared sample the fit reads (else
    they would not be held out)."""
    fresh = [load_sample(path=FRESH), load_sample(path=FRESH2)]
    assert [len(f) for f in fresh] == [389, 380]
    for sample in fresh:
        assert all(7.0 <= rating <= 9.1 for _, rating in sample)
        assert all(count_solutions(text) == 1 for text, _ in sample)
    texts = [{text for text, _ in f} for f in fresh]
    assert not texts[0] & texts[1]
    if not SAMPLE.exists():
        pytest.skip("../shared/puzzles/rated_se_sample.txt is not beside the checkout")
    shared = {text for text, _ in load_sample()}
    assert not (texts[0] | texts[1]) & shared


# Generated (Unfair, seed 3): the solver's path takes a hidden rectangle and a Sue de Coq,
# patterns Sudoku Explainer lacks, where a chain also applies.
PARTS_WAYS = "7....3.594.........81..7.2..58.7..1.1.......2.6..1.57..3.4..76.........161.2....5"
# Generated (Hard, seed 1) and (Unfair, seed 0): the paths part at a W-Wing, a 2-String Kite.
MORE_PARTING = ("..1..6..5.....94.3...3.12..6...2.39..7.....2..25.3...6..94.2...1.65.....3..1..6..",
                "6.....8...97.2.16......7...5...7.4...6.8.2.3...9.3...2...3......28.1.35...3.....9")


def test_se_order_tries_techniques_by_their_se_value():
    assert sorted(SE_ORDER, key=lambda t: t.se) == list(SE_ORDER)
    assert {t.name for t in SE_ORDER} == {t.name for t in TABLE
                                          if t.name != SEARCH and t.name not in SE_LEFT_OUT}
    assert set(SE_EARLIER) == {t.name for t in TECHNIQUES}
    for name, earlier in SE_EARLIER.items():
        after = [t for t in SE_ORDER if TECHNIQUES.index(t) > TECHNIQUES.index(BY_NAME[name])]
        # SE_ORDER's rows before it that the table tries after it; a left-out row: all of those
        kept = [t for t in after if name in SE_LEFT_OUT or t.se < BY_NAME[name].se]
        assert list(earlier) == kept


def test_se_steps_are_the_se_ordered_path_reusing_the_solvers_prefix():
    for text in (PARTS_WAYS, *MORE_PARTING):
        puzzle = read(text)
        steps = solve_path(puzzle).steps
        ordered = se_steps(puzzle, steps)
        assert ordered == list(solve_path(puzzle, techniques=SE_ORDER).steps)
        assert ordered != list(steps)
        # where they part, the SE-ordered path takes a technique SE_ORDER tries first
        k = next(k for k, (a, b) in enumerate(zip(steps, ordered, strict=False)) if a != b)
        order = [t.name for t in SE_ORDER]
        assert order.index(ordered[k].technique) < order.index(steps[k].technique)


# rated_se_sample.txt line 431 (SE 8.2): the solver's path takes an AIC with ALS nodes.
ALS_AIC_PATH = "000700600300002050060003009200009500040805060001200008900300040070500001002004000"


def test_the_se_ordered_path_leaves_out_the_rows_se_has_no_counterpart_for():
    # Sudoku Explainer has no ALS techniques: where the solver takes an AIC with ALS nodes,
    # the path the estimate reads takes another step (a chain SE has)
    assert SE_LEFT_OUT == {"AIC with ALS nodes"}
    puzzle = read(ALS_AIC_PATH)
    steps = solve_path(puzzle).steps
    assert "AIC with ALS nodes" in {s.technique for s in steps}
    ordered = se_steps(puzzle, steps)
    assert ordered == list(solve_path(puzzle, techniques=SE_ORDER).steps)
    assert SE_LEFT_OUT.isdisjoint(s.technique for s in ordered)
    assert rate(puzzle).se_hardest not in SE_LEFT_OUT
    # a left-out row's step is never kept, even at a state both paths reach: here the
    # SE-ordered path meets the solver's where it takes the row, and takes another step
    def states(path):
        state, seen = State.from_puzzle(puzzle), []
        for step in path:
            seen.append((state.values, state.cands))
            state = state.apply(step)
        return seen
    k = next(k for k, s in enumerate(steps) if s.technique == "AIC with ALS nodes")
    met = states(ordered).index(states(steps)[k])
    assert ordered[met].technique not in SE_LEFT_OUT


def test_the_se_estimate_reads_the_se_ordered_path_and_the_level_the_solvers():
    puzzle = read(PARTS_WAYS)
    steps = solve_path(puzzle).steps
    used = {s.technique for s in steps}
    assert {"Hidden rectangle", "Sue de Coq"} <= used
    rating = rate(puzzle)
    ordered = se_steps(puzzle, steps)
    assert rating.se == se_estimate(path_summary(ordered, *path_context(puzzle, ordered)))
    assert se_summary(puzzle) == se_summary(puzzle, steps)
    assert rating.hardest == rate_steps(steps).hardest
    assert rating.se_hardest in {s.technique for s in ordered}
    # without the SE-ordered path (the generator's attempts): the level and score alone
    quick = rate(puzzle, se=False)
    assert (quick.level, quick.score, quick.hardest, quick.se, quick.se_hardest) == (
        rating.level, rating.score, rating.hardest, 0.0, "")


# Every 5th of the hardest: paths that need a nested forcing chain (tests/logic/test_nested.py)
HARDEST = [line.split()[0] for line in load_lines("forum_hardest_1106.txt")][::5]


def counting_nested_branches(monkeypatch) -> list[int]:
    """Count the nested forcing chain's branches made from now on (its unit of work: each
    follows a whole branch and its inner searches), one entry each."""
    made: list[int] = []

    class Counted(nested.NestedBranch):
        def __init__(self, *args, **kwargs) -> None:
            made.append(1)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(nested, "NestedBranch", Counted)
    return made


def test_the_badges_rating_stops_before_a_nested_chain_and_says_floors(monkeypatch):
    # rate(nested=False), the page's badge: where the path needs a nested forcing chain it
    # makes not one nested branch (5-22 s of CPython a path with them) and says what the
    # stall makes sure: Extreme, that chain or harder, a score and estimate as floors
    made = counting_nested_branches(monkeypatch)
    puzzle = read(HARDEST[0])
    badge = rate(puzzle, nested=False)
    assert made == []
    head = solve_path(puzzle, techniques=BELOW_NESTED).steps
    assert head[-1].technique == SEARCH  # stalled where only the nested row was left
    assert badge.bound and badge.level == "Extreme" and badge.hardest == NESTED.name
    assert badge.steps == len(head)  # the steps before the stall, and one nested step
    assert badge.score == rate_steps(head[:-1]).score + NESTED.weight
    assert badge.se >= NESTED.se == 9.5
    # the counter counts: the nested row itself makes branches in that stall
    state = State.from_puzzle(puzzle)
    for step in head[:-1]:
        state = state.apply(step)
    assert next(nested.nested_forcing(state, budget=1000), None) is None and made


def test_the_badges_rating_is_the_full_one_where_no_path_needs_the_nested_row():
    # the rows before the nested chain's are tried as ever, so every rating that never
    # reaches it is the same, field for field (benchmarks/badge_rating.py: hundreds more)
    for text in (PARTS_WAYS, *MORE_PARTING, *load_lines("top95.txt")[:3], SINGLES_ONLY):
        puzzle = read(text)
        full, badge = rate(puzzle), rate(puzzle, nested=False)
        assert badge == full and not badge.bound
        assert rate(puzzle, se=False, nested=False) == rate(puzzle, se=False)
    assert BELOW_NESTED_SE == tuple(t for t in SE_ORDER if t is not NESTED)


def test_a_bound_keeps_what_is_sure_and_raises_the_rest_to_the_nested_rows():
    # a template (weight 10000) before the stall stays the hardest step; a higher estimate
    # of the steps before stays; a path that did not stall keeps its level and score
    template = Rating("Extreme", 10500, "Template set", 5, 9.7, "Template set")
    assert bounded_rating(template, True, True) == Rating(
        "Extreme", 12500, "Template set", 6, 9.7, "Template set", bound=True)
    easy = Rating("Hard", 900, "X-Wing", 3, 3.2, "X-Wing")
    assert bounded_rating(easy, True, False) == Rating(
        "Extreme", 2900, NESTED.name, 4, 3.2, "X-Wing", bound=True)
    assert bounded_rating(easy, False, True) == Rating(
        "Hard", 900, "X-Wing", 3, 9.5, NESTED.name, bound=True)


def test_a_path_is_refused_with_nested_false():
    puzzle = read(PARTS_WAYS)
    with pytest.raises(PuzzleError):
        rate(puzzle, solve_path(puzzle), nested=False)
    with pytest.raises(PuzzleError):
        rate(puzzle, nested=0)
