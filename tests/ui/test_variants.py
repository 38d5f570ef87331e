"""Variants on the page under CPython (issue 28): a Killer and a Jigsaw X read from text keep
their rules through the session, the controller's keys and requests, the save and the ?p=
link; Solve and Check give the variant's answer (the library's, asked here on its own); a
repeat on a diagonal or in a cage is a conflict; Hint, Step and Explain coach a variant (each
step agreeing with the library's solution), Watch searches under a variant's rules, the rating
badge rates a pasted variant (and says why not while its cages or regions are not in); the
drawing's geometry (jigsaw borders, shaded units, cage
outlines and sums) checked against the rules read independently of the page's code; New
game with a choice of rules (seeded: the same puzzle each time), the choice remembered, a
variant always a 9x9 and capped at the level it is made at in good time."""

import json

import pytest

from solver import analyse
from solver.model.puzzle import read
from tests.checks import EASY, search_solutions
from tests.killer import Killer, unique_killer
from tests.test_variants import JIGSAW_MAP, PUZZLES
from tests.ui.fakes import DictStore, Page, run
from ui import messages
from ui.cages import INSET, cage_shapes
from ui.cells import cell_classes, sum_cells
from ui.links import address_query, link_from_query, query_text, quoted, share_query
from ui.session import PLAY, Moment, Session
from ui.storage import STORAGE_KEY, restore, to_storage

JIGSAW_X = PUZZLES["jigsaw x"]


def killer(seed: int = 7) -> str:
    """A 9x9 Killer with no givens and one solution (tests/killer.py's seeded maker)."""
    return unique_killer(9, seed, solutions=search_solutions)[0]


def playing(text: str, store=None) -> Page:
    page = Page(store=store)
    assert page.ctl.open_text(text)
    return page


@pytest.mark.parametrize("text", [JIGSAW_X, killer()], ids=["jigsaw x", "killer"])
def test_a_variant_read_from_text_keeps_its_rules_and_solves_as_the_library_does(text):
    async def flow():
        page = playing(text)
        puzzle = read(text)
        assert page.ctl.session.puzzle == puzzle  # the rules too (Puzzle.__eq__)
        assert page.ctl.view()["grid"].geometry.rules == puzzle.rules
        names = " ".join(messages.RULE_TITLES[name] for name in puzzle.rules.names)
        assert page.ctl.view()["message"][0].startswith(names + " sudoku filled in")
        request = page.ctl.solve()
        assert read(request.payload["puzzle"]) == puzzle  # the worker gets the rules
        page.act(request)
        await page.settle()
        assert page.ctl.view()["message"][0].startswith("Solved")
        assert page.ctl.session.solution.cells == analyse(puzzle).solution.cells
    run(flow)


def test_an_empty_killer_replaces_an_empty_classic_grid():
    """Same digits (none), other rules: a new moment, not 'nothing changed'."""
    page = Page()
    assert page.ctl.open_text(killer())
    assert page.ctl.session.puzzle.geometry.cages
    assert page.ctl.open_text(killer(8))
    assert page.ctl.session.puzzle == read(killer(8))


def test_two_killers_with_the_same_givens_have_their_own_answers():
    async def flow():
        page = playing(killer(7))
        first = page.ctl.givens_text()
        for request in page.ctl.background():
            page.act(request)
        await page.settle()
        assert page.ctl.answer().cells == analyse(read(killer(7))).solution.cells
        assert page.ctl.open_text(killer(8))
        assert page.ctl.givens_text() != first and page.ctl.answer() is None
        assert page.ctl.key() != first
    run(flow)


def test_check_marks_a_digit_wrong_under_the_variant_rules():
    async def flow():
        page = playing(JIGSAW_X)
        answer = analyse(read(JIGSAW_X)).solution
        ctl = page.ctl
        cells, g = ctl.session.puzzle.cells, ctl.session.puzzle.geometry
        empty = [i for i, d in enumerate(cells) if not d]
        right = empty[0]
        ctl.select(right)
        ctl.digit(answer.cells[right])
        cells = ctl.session.puzzle.cells
        # a digit breaking no rule on the grid, yet not the variant's answer
        wrong, digit = next((i, d) for i in empty[1:] for d in range(1, 10)
                            if d != answer.cells[i] and all(cells[p] != d for p in g.peers[i]))
        ctl.select(wrong)
        ctl.digit(digit)
        page.act(ctl.check())
        await page.settle()
        assert ctl.view()["message"][0].startswith("1 wrong digit")
        assert ctl.wrong() == [wrong]
    run(flow)


def test_a_repeat_on_a_diagonal_or_in_a_cage_is_a_conflict():
    page = playing(JIGSAW_X)
    ctl = page.ctl
    g = ctl.session.puzzle.geometry
    diagonal = [r * 9 + r for r in range(9)]
    # two empty cells of the diagonal sharing no row, column or region
    a, b = next((a, b) for a in diagonal for b in diagonal if a < b
                and not ctl.session.puzzle.cells[a] and not ctl.session.puzzle.cells[b]
                and g.rules.regions[a] != g.rules.regions[b])
    digit = next(d for d in range(1, 10) if all(
        ctl.session.puzzle.cells[p] != d for p in g.peers[a] + g.peers[b]))
    ctl.session.set_phase("enter")
    for cell in (a, b):
        ctl.select(cell)
        ctl.digit(digit)
    view = ctl.view()
    assert [i for i, c in enumerate(view["grid"].cells) if c.conflict] == [a, b]
    assert "diagonal" in view["message"][0]
    page = playing(killer())
    cells = page.ctl.session.puzzle.geometry.cages[0][1]
    if len(cells) == 1:
        cells = next(c for _, c in page.ctl.session.puzzle.geometry.cages if len(c) > 1)
    page.ctl.session.set_phase("enter")
    for cell in cells[:2]:
        page.ctl.select(cell)
        page.ctl.digit(1)
    assert "conflict" in page.ctl.view()["message"][0].lower()
    assert page.ctl.solve() is None  # said on the main thread, no round trip


def agrees(step: dict, solution) -> bool:
    """Does a step's every placement and removal agree with the one solution?"""
    return (all(solution.cells[c] == d for c, d in step["placements"])
            and all(solution.cells[c] != d for c, d in step["eliminations"]))


@pytest.mark.parametrize("text", [JIGSAW_X, killer()], ids=["jigsaw x", "killer"])
def test_hint_and_step_coach_a_variant_as_they_do_a_classic_puzzle(text):
    async def flow():
        page = playing(text)
        solution = analyse(read(text)).solution
        page.act(page.ctl.hint())
        await page.settle()
        assert "Press Hint again for the step" in page.ctl.view()["message"][0]
        shown = page.ctl.shown_step
        assert shown is not None and agrees(shown, solution)
        before = page.ctl.session.puzzle.filled_count()
        request = page.ctl.step()  # the step on show is applied without asking again
        if request is not None:
            page.act(request)
            await page.settle()
        assert page.ctl.view()["message"][0].startswith(shown["technique"] + ": ")
        assert page.ctl.session.puzzle.filled_count() == before + len(shown["placements"])
    run(flow)


def test_explain_gives_a_killer_lesson_whose_every_step_agrees_with_the_solution():
    async def flow():
        text = killer()
        page = playing(text)
        page.act(page.ctl.explain())
        await page.settle()
        assert page.ctl.screen == "lesson"
        assert page.ctl.view()["message"][0].startswith("Lesson: ")
        steps = page.ctl.lesson_on.steps
        solution = analyse(read(text)).solution
        assert steps and all(agrees(step, solution) for step in steps)
        assert "Cage combinations" in {step["technique"] for step in steps}
    run(flow)


def test_watch_searches_a_variant_under_its_rules():
    from solver.search.trace import trace

    async def flow():
        page = playing(PUZZLES["jigsaw"])
        request = page.ctl.watch("fewest")
        assert read(request.payload["puzzle"]) == read(PUZZLES["jigsaw"])  # rules and all
        page.act(request)
        await page.settle()
        expected = trace(read(PUZZLES["jigsaw"]), "fewest")
        grid, order, reply = page.ctl.traced
        assert grid == read(PUZZLES["jigsaw"]) and order == "fewest"
        assert reply["status"] == "solved" and reply["guesses"] == expected.guesses
    run(flow)


@pytest.mark.parametrize("text", [PUZZLES["jigsaw"], PUZZLES["anti-king"], killer()],
                         ids=["jigsaw", "anti-king", "killer"])  # each rated in under 0.2 s
def test_a_pasted_variant_is_rated_for_the_badge_as_the_library_rates_it(text):
    # as a generated one is: its rules go to the worker's rate (a Killer with no given too)
    from solver.rating import rate

    async def flow():
        page = playing(text)
        request = page.ctl.rate()
        assert request.command == "rate" and request.quiet
        assert read(request.payload["puzzle"]) == read(text)  # rules and all
        page.act(request)
        await page.settle()
        _, words, level = page.ctl.view()["rating"]
        rating = rate(read(text), nested=False)
        assert level == rating.level
        assert words.startswith(f"Difficulty: {rating.level} \u00b7 hardest step: "
                                f"{rating.hardest}")
        assert "not rated" not in words.lower()
    run(flow)


@pytest.mark.parametrize("base", ["killer", "jigsaw"])
def test_while_a_killers_cages_or_a_jigsaws_regions_are_not_in_the_badge_says_so(base):
    from tests.ui.test_entering import entering

    page = entering()
    ctl = page.ctl
    ctl.select(40)
    ctl.digit(5)
    ctl.choose_rules(base)
    ctl.digit(6)  # a grid of its own: the badge is asked again
    assert ctl.rate() is None
    assert ctl.view()["rating"][1:] == (messages.NOT_RATED_UNTIL[base], "none")
    ctl.choose_rules("classic")
    ctl.digit(7)
    assert ctl.rate() is not None  # the rules in force are all in: rated


def typed(text: str) -> Page:
    """A page entering givens, `text`'s digits typed one by one (the classic rules)."""
    from tests.ui.test_entering import entering

    page = entering()
    for cell, digit in enumerate(read(text).cells):
        if digit:
            page.ctl.select(cell)
            page.ctl.digit(digit)
    return page


@pytest.mark.parametrize("base", ["killer", "jigsaw"])
def test_choosing_killer_or_jigsaw_with_the_grid_unchanged_changes_the_badge_and_back(base):
    # The grid stays what it was (a Killer with no cage is still classic rules), so a badge
    # kept by the grid alone went on showing the classic grid's difficulty.

    async def flow():
        page = typed(EASY)
        ctl = page.ctl
        page.act(ctl.rate())
        await page.settle()
        classic = ctl.view()["rating"]
        assert classic[1].startswith("Difficulty: ")
        grid = ctl.session.puzzle
        ctl.choose_rules(base)
        assert ctl.session.puzzle is grid  # nothing of the rules is in the grid yet
        assert ctl.view()["rating"] is None  # the classic rating is not shown for it
        assert ctl.rate() is None
        assert ctl.view()["rating"][1:] == (messages.NOT_RATED_UNTIL[base], "none")
        ctl.choose_rules("classic")
        request = ctl.rate()
        assert request is not None  # asked again, the grid's own rules back
        page.act(request)
        await page.settle()
        assert ctl.view()["rating"][1:] == classic[1:]
    run(flow)


def test_a_rating_asked_before_killer_is_chosen_is_not_shown_for_it():
    # The reply for the classic grid comes back after Killer is chosen: the grid is the same,
    # so the Runner does not drop it; the badge still waits for the cages.

    async def flow():
        page = typed(EASY)
        ctl = page.ctl
        page.client.hold()
        page.act(ctl.rate())
        ctl.choose_rules("killer")
        assert ctl.rate() is None
        page.client.release()
        await page.settle()
        assert ctl.view()["rating"][1:] == (messages.NOT_RATED_UNTIL["killer"], "none")
    run(flow)


@pytest.mark.parametrize("text", [JIGSAW_X, killer()], ids=["jigsaw x", "killer"])
def test_a_save_keeps_the_rules_now_and_in_the_undo_steps(text):
    page = playing(EASY)
    ctl = page.ctl
    assert ctl.open_text(text)
    empty = ctl.session.puzzle.cells.index(0)
    ctl.select(empty)
    ctl.digit(5)
    reloaded = Page(store=DictStore(page.store.items))
    assert reloaded.ctl.message[1] != "error"
    session = reloaded.ctl.session
    assert session.puzzle == ctl.session.puzzle and session.phase == PLAY
    assert [m.puzzle for m in session.history] == [m.puzzle for m in ctl.session.history]
    assert session.history[-1].puzzle == read(text)
    assert session.history[0].puzzle.geometry.rules is None  # the classic game before it


@pytest.mark.parametrize("rules, why", [
    (5, "the rules are not text"),
    ("x: 1", "the rules do not start with rules:"),
    ("rules: killer", "the rules: a killer needs its cages"),
    ("rules: jigsaw\nregions:\nAAA", "the rules: the region map has 1 lines"),
    ("rules: tetris", "the rules: unsupported rule 'tetris'"),
    ("rules: classic", "the rules name no variant"),
    ("rules: x\n" + "x" * 30_000, "the rules are not text"),
])
def test_damaged_rules_in_a_save_are_refused_and_kept_aside(rules, why):
    session = Session(Moment(read(JIGSAW_X), phase=PLAY))
    saved = json.loads(to_storage(session))
    saved["rules"] = rules
    text = json.dumps(saved)
    refused, said = restore(text)
    assert refused is None and said.startswith(why)
    page = Page(store=DictStore({STORAGE_KEY: text}))
    assert page.ctl.message[1] == "error" and why in page.ctl.message[0]
    assert page.store.items[STORAGE_KEY + ".damaged"] == text
    assert page.ctl.session.puzzle.geometry.rules is None  # an empty grid instead


def test_a_grid_field_naming_rules_of_its_own_is_refused():
    saved = json.loads(to_storage(Session(Moment(read(EASY)))))
    saved["cells"] = JIGSAW_X
    assert restore(json.dumps(saved))[1].startswith("the grid is not a grid's digits")


@pytest.mark.parametrize("text", [JIGSAW_X, killer()], ids=["jigsaw x", "killer"])
def test_a_link_opens_the_variant(text):
    page = playing(text)
    now = page.ctl.session.now
    query = address_query(now)
    assert query == share_query(now) and "%0A" in query  # one line, rules and all
    givens, entries = link_from_query(query)
    assert givens == read(text) and entries is None
    other = Page()
    assert other.ctl.open_link(query, lambda question: True)
    assert other.ctl.session.puzzle == read(text) and other.ctl.session.phase == PLAY


@pytest.mark.parametrize("text", ["", "rules: killer\ncages:\nr1c1 r1c2 = 3", "a b+c%d=&?\n"])
def test_query_values_round_trip(text):
    assert query_text(quoted(text)) == text
    assert all(ch.isalnum() or ch in "-._~%" for ch in quoted(text))


def test_query_text_reads_what_browsers_write():
    assert query_text("rules%3a+x%0agrid%3A%0A1.") == "rules: x\ngrid:\n1."
    assert query_text("100%") == "100%"  # a stray % is kept


# --- the drawing's geometry ---------------------------------------------------------------


def test_jigsaw_borders_follow_the_regions_and_x_cells_are_shaded():
    g = read(JIGSAW_X).geometry
    letters = "".join(JIGSAW_MAP.split())
    diagonals = {r * 9 + r for r in range(9)} | {r * 9 + 8 - r for r in range(9)}
    for cell in range(81):
        r, c = divmod(cell, 9)
        classes = cell_classes(g, cell)
        assert ("edge-r" in classes) == (c < 8 and letters[cell] != letters[cell + 1])
        assert ("edge-b" in classes) == (r < 8 and letters[cell] != letters[cell + 9])
        assert ("shade" in classes) == (cell in diagonals)


def test_windoku_windows_are_shaded_and_classic_cells_are_not():
    g = read(PUZZLES["windoku"]).geometry
    windows = {(top + r) * 9 + left + c for top in (1, 5) for left in (1, 5)
               for r in range(3) for c in range(3)}
    assert {i for i in range(81) if "shade" in cell_classes(g, i)} == windows
    classic = read(EASY).geometry
    assert not any("shade" in cell_classes(classic, i) for i in range(81))
    assert cell_classes(g, 2) == cell_classes(classic, 2)  # boxes where there is no jigsaw


def segments(path: str) -> list:
    """((x0, y0), (x1, y1)) of each 'M x y H x1' / 'M x y V y1' piece of an outline."""
    pieces = []
    for part in path.split("M")[1:]:
        head, kind, end = part.replace("H", "|H|").replace("V", "|V|").split("|")
        x, y = (float(v) for v in head.split())
        pieces.append(((x, y), (float(end), y) if kind == "H" else (x, float(end))))
    return pieces


@pytest.mark.parametrize("seed", [7, 11, 12])
def test_each_cage_is_one_closed_dashed_outline_open_only_at_its_sum(seed):
    text = killer(seed)
    g = read(text).geometry
    cages = Killer(text).cages  # the cages as the independent checker reads the text
    shapes = cage_shapes(g)
    assert len(shapes) == len(cages)
    for (path, (x, y, label)), (total, cells) in zip(shapes, sorted(
            cages, key=lambda cage: min(cage[1])), strict=True):
        first = min(cells)
        assert label == str(total) and (int(x), int(y)) == (first % 9, first // 9)
        ends = {}
        for a, b in segments(path):
            for px, py in (a, b):
                # every point lies in a cell of the cage, at least the inset from its edge
                assert int(py) * 9 + int(px) in cells or (
                    int(py - INSET / 2) * 9 + int(px - INSET / 2)) in cells
                key = (round(px, 3), round(py, 3))
                ends[key] = ends.get(key, 0) + 1
        odd = sorted(point for point, count in ends.items() if count % 2)
        assert len(odd) == 2, odd  # the two ends beside the sum; every other corner meets
        assert all(abs(px - (first % 9)) < 0.5 and abs(py - first // 9) < 0.5
                   for px, py in odd)


@pytest.mark.parametrize("seed", [7, 11])
def test_the_notes_under_a_sum_are_the_cells_the_sums_are_drawn_in(seed):
    g = read(killer(seed)).geometry
    drawn = {int(y) * 9 + int(x) for _path, (x, y, _label) in cage_shapes(g)}
    assert sum_cells(g) == drawn == {min(cells) for _total, cells in Killer(killer(seed)).cages}
    assert sum_cells(read(EASY).geometry) == set()


def test_a_paused_variant_stays_paused_on_reload_and_keeps_its_time_apart():
    from ui.stopwatch import time_for, times_from, times_text, with_time

    store = DictStore({"sudoku-solver.settings": '{"timer": true}'})
    page = playing(killer(7), store)
    page.ctl.pause()
    assert Page(store=DictStore(page.store.items)).ctl.paused
    # a kept time per Killer, though neither has a given (the key is protocol.puzzle_text)
    first, second = page.ctl.givens_text(), playing(killer(8)).ctl.givens_text()
    kept = times_from(times_text(with_time([], first, 5000, False)))
    assert time_for(kept, first) == (5000, False) and time_for(kept, second) == (0, False)


def test_a_cells_accessible_name_names_its_cage():
    from ui.cells import cell_label

    text = killer()
    g = read(text).geometry
    for total, cells in Killer(text).cages:
        for cell in cells:
            label = cell_label(g, cell, 0, "empty")
            assert f"cage of {total}, {len(cells)} cell" in label and label.endswith("empty")
    classic = read(EASY).geometry
    assert "cage" not in cell_label(classic, 0, 5, "given")


def test_every_rule_has_a_title_and_a_puzzle_with_no_givens_has_none_to_unlock():
    from solver.model.geometry import RULE_NAMES

    assert set(messages.RULE_TITLES) == set(RULE_NAMES)
    said = messages.filled_in(("killer", "x"), 0)
    assert said == "Killer X sudoku filled in: 0 givens, ready to play."
    assert messages.filled_in((), 20).endswith("ready to play. Edit unlocks them.")


# -- New game with variants ---------------------------------------------------------------------

def new_variant(page: Page, rules: str, seed: int | None = 3, level: str = "Medium"):
    """New game of `rules` (a seed makes it the same puzzle each time), run to its end."""
    async def flow():
        page.act(page.ctl.new_game(level, False, seed=seed, rules=rules))
        await page.settle()
    run(flow)


@pytest.mark.parametrize("rules", ["killer", "jigsaw"])
def test_new_game_makes_a_variant_played_and_drawn_as_an_entered_one(rules):
    page = Page()
    new_variant(page, rules)
    puzzle = page.ctl.session.puzzle
    assert puzzle.geometry.rule_names() == (rules,)
    assert page.ctl.session.phase == PLAY
    request = page.client.calls[-1][1]
    assert request["rules"] == [rules] and request["seed"] == 3 and request["size"] == 9
    message = page.ctl.view()["message"][0]
    assert message.startswith("New " + messages.rule_title(rules) + " sudoku: ")
    assert page.ctl.view()["level_words"] == "Medium"
    assert page.ctl.view()["rules_line"] == messages.rule_title(rules)
    # the library's own answer for the grid on screen, the rules read from the save's text
    analysis = analyse(puzzle.to_text())
    assert analysis.unique and Killer(puzzle.to_text()).count(2) == 1 if rules == "killer" \
        else analysis.unique
    view = page.ctl.view()
    if rules == "killer":
        assert view["grid"].geometry.cages == puzzle.geometry.cages != ()
    again = Page()
    new_variant(again, rules)
    assert again.ctl.session.puzzle == puzzle  # seeded: the same puzzle


def test_new_games_rules_are_remembered_but_the_daily_puzzle_stays_classic():
    store = DictStore()
    page = Page(store=store)
    page.ctl.choose_new_rules("jigsaw")
    assert Page(store=DictStore(store.items)).ctl.view()["new_rules"] == "jigsaw"
    page.ctl.choose_new_rules("no such rules")
    assert page.ctl.view()["new_rules"] == "classic"
    new_variant(page, "x", seed=None, level="Easy")  # a random one: its rules remembered
    assert page.ctl.view()["new_rules"] == "x"
    assert page.ctl.session.puzzle.geometry.rule_names() == ("x",)
    request = page.ctl.daily(2026, 11, 27)
    assert "rules" not in request.payload and page.ctl.view()["new_rules"] == "x"


def test_a_variant_new_game_on_another_size_is_a_9x9():
    page = Page()
    page.ctl.session.resize(6)
    new_variant(page, "anti-king", level="Easy")
    assert page.ctl.session.puzzle.size == 9
    assert page.ctl.session.puzzle.geometry.rule_names() == ("anti-king",)


def test_the_new_game_rules_choice_lists_every_rule_new_game_makes_once():
    import re

    from tests.ui import STATIC
    from ui.entering import NEW_GAME_RULES
    from ui.settings import DEFAULTS
    from ui.stats import LEVELS

    html = (STATIC.parent / "index.html").read_text()
    choice = html[html.index('<select id="new-rules"'):]
    choice = choice[:choice.index("</select>")]
    options = re.findall(r'<option value="([^"]+)"( selected)?>([^<]+)</option>', choice)
    assert [value for value, _, _ in options] == list(NEW_GAME_RULES)
    assert [title for _, _, title in options] == [messages.rule_title(v) for v in NEW_GAME_RULES]
    assert [value for value, selected, _ in options if selected] == ["classic"]
    levels = html[html.index('<select id="new-level"'):]
    levels = re.findall(r"<option( selected)?>([^<]+)</option>", levels[:levels.index("</select>")])
    assert [level for _, level in levels] == list(LEVELS)
    assert [level for selected, level in levels if selected] == [DEFAULTS["new_level"]]


def test_a_variant_above_its_top_level_is_made_at_that_level_and_says_so():
    from ui.controller import VARIANT_TOP_LEVEL

    assert VARIANT_TOP_LEVEL == "Hard"
    page = Page()
    new_variant(page, "killer", level="Extreme")
    assert page.client.calls[-1][1]["difficulty"] == "Hard"
    message = page.ctl.view()["message"][0]
    # the level made, said plainly: the one the puzzle rates, as its badge says
    assert ("givens. This one is Hard, not the Extreme you asked for: Killer puzzles come up "
            "to Hard for now (its cages'") in message
    assert page.ctl.view()["level_words"] == "Hard"
    new_variant(page, "killer", level="Easy")  # at or below the top: as asked, nothing said
    assert page.client.calls[-1][1]["difficulty"] == "Easy"
    assert "come up to" not in page.ctl.view()["message"][0]
    assert Page().ctl.new_game("Unfair", False, rules="jigsaw").payload["difficulty"] == "Hard"
    assert Page().ctl.new_game("Unfair", False).payload["difficulty"] == "Unfair"  # classic
    # the top level missed: no "this one is", the closest one's level is said before it
    missed = messages.variant_top_level("jigsaw", "Unfair", "Hard", "")
    assert missed == ("You asked for Unfair, but Jigsaw puzzles come up to Hard for now (a "
                      "harder one takes too long to make on a phone).")


@pytest.mark.parametrize("seed", [3, None])
def test_new_game_killer_hard_is_met_from_the_bank(seed):
    page = Page()
    new_variant(page, "killer", seed=seed, level="Hard")
    request = page.client.calls[-1][1]
    assert request["difficulty"] == "Hard" and request["rules"] == ["killer"]
    puzzle = page.ctl.session.puzzle
    assert puzzle.geometry.rule_names() == ("killer",) and page.ctl.session.phase == PLAY
    message = page.ctl.view()["message"][0]
    # met: its givens said and nothing to excuse (no "closest one", no "come up to")
    assert message == "New Killer sudoku: " + str(puzzle.filled_count()) + " givens."
    assert page.ctl.view()["level_words"] == "Hard"
    assert analyse(puzzle.to_text()).unique


def test_new_games_level_is_remembered_as_its_rules_are_but_not_by_the_daily_puzzle():
    from ui.stats import LEVELS

    store = DictStore()
    page = Page(store=store)
    assert page.ctl.view()["new_level"] == "Medium"
    page.ctl.choose_new_level("Hard")
    assert Page(store=DictStore(store.items)).ctl.view()["new_level"] == "Hard"
    page.ctl.choose_new_level("Impossible")
    assert page.ctl.view()["new_level"] == "Hard"
    new_variant(page, "killer", seed=None, level="Extreme")  # capped, yet Extreme was asked
    assert Page(store=DictStore(store.items)).ctl.view()["new_level"] == "Extreme"
    daily = page.ctl.daily(2026, 11, 27)
    assert daily.level in LEVELS and daily.level != "Extreme"  # a level of its own...
    assert page.ctl.view()["new_level"] == "Extreme"  # ...which is not the player's
