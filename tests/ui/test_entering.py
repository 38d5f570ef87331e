"""Entering a variant's rules on the grid under CPython (issue 28, ui/entering.py through the
Controller): Classic, Killer or Jigsaw and the extra rules chosen with the digits kept; a
Killer's cages picked by strokes over cells and given their sum, refused (said, nothing
lost) when apart, overlapping or of a sum no digits make, edited and deleted; a Jigsaw's
regions painted, refused while a region is short, long or in pieces; Play then sends the
rules as a pasted variant's. Each puzzle comes from the test makers (tests/killer.py), its
answer from the library."""

import pytest

from solver.model.puzzle import read
from tests.checks import search_solutions
from tests.killer import Killer, unique_killer
from tests.ui.fakes import Page, run
from ui import messages
from ui.cells import cell_classes
from ui.entering import UNPAINTED, apart, region_problem
from ui.session import ENTER, PLAY
from ui.storage import DRAFT_KEY, DRAFT_MAX_CHARS, STORAGE_KEY, draft_from, draft_text, restore

# A 4x4 jigsaw's map (one letter a region), and a Jigsaw 4x4 with one solution under it.
JIGSAW_4 = ("AABB",
            "AABB",
            "CCDD",
            "CCDD")


def entering(size: int = 9) -> Page:
    """A page on an empty grid of `size`, entering givens (Type or paste)."""
    page = Page()
    if size != 9:
        page.ctl.resize(size)
    page.ctl.enter_puzzle(lambda question: True)
    assert page.ctl.session.phase == ENTER
    return page


def tap(page: Page, *cells: int) -> None:
    """Tap each cell in turn with the tool on (a stroke of one cell each)."""
    for cell in cells:
        page.ctl.stroke(cell, True)
        page.ctl.end_stroke()


def drag(page: Page, *cells: int) -> None:
    """One stroke over `cells`, in order."""
    page.ctl.stroke(cells[0], True)
    for cell in cells[1:]:
        page.ctl.stroke(cell, False)
    page.ctl.end_stroke()


def said(page: Page) -> str:
    return page.ctl.view()["message"][0]


@pytest.mark.parametrize("cells, loose", [
    ((0,), -1), ((0, 1, 10), -1), ((0, 10), 10), ((0, 2), 2), ((8, 9), 9), ((1, 9, 10), -1),
])
def test_apart_names_the_first_cell_not_joined_side_by_side(cells, loose):
    assert apart(9, cells) == loose


def test_rules_chosen_and_toggled_keep_the_digits_and_undo_steps_back():
    page = entering()
    ctl = page.ctl
    ctl.select(40)
    ctl.digit(5)
    ctl.choose_rules("killer")
    assert ctl.view()["entering"]["base"] == "killer" and ctl.view()["entering"]["tool_on"]
    ctl.toggle_rule("x")
    ctl.toggle_rule("anti-knight")
    g = ctl.session.puzzle.geometry
    assert g.rule_names() == ("x", "anti-knight") and ctl.session.puzzle.cells[40] == 5
    assert ctl.view()["entering"]["extras"] == ("x", "anti-knight")
    assert "shade" in cell_classes(g, 0) and "shade" not in cell_classes(g, 1)
    ctl.toggle_rule("x")
    assert ctl.session.puzzle.geometry.rule_names() == ("anti-knight",)
    ctl.undo()
    assert ctl.session.puzzle.geometry.rule_names() == ("x", "anti-knight")
    ctl.choose_rules("classic")
    assert ctl.view()["entering"]["base"] == "classic" and ctl.session.puzzle.cells[40] == 5


def test_windoku_is_refused_off_9x9_and_the_rules_stay():
    page = entering(4)
    page.ctl.toggle_rule("windoku")
    assert said(page) == messages.WINDOKU_9X9
    assert page.ctl.session.puzzle.geometry.rules is None
    assert not page.ctl.view()["entering"]["windoku"]


def test_a_cage_dragged_and_summed_is_drawn_and_saved():
    page = entering()
    ctl = page.ctl
    ctl.choose_rules("killer")
    drag(page, 0, 1, 10)
    hints = {i for i, cell in enumerate(ctl.view()["grid"].cells) if cell.hint == "pick"}
    assert hints == {0, 1, 10}
    ctl.add_cage("8")
    g = ctl.session.puzzle.geometry
    assert g.cages == ((8, (0, 1, 10)),)
    assert said(page) == messages.cage_added(8, 3, 1)
    assert not ctl.view()["entering"]["picked"]
    saved, _ = restore(page.store.get(STORAGE_KEY, 10**6))
    assert saved.now.puzzle.geometry.cages == g.cages  # a reload keeps the cage


def test_a_stroke_taps_cells_on_and_off():
    page = entering()
    page.ctl.choose_rules("killer")
    tap(page, 0, 1, 2)
    tap(page, 1)
    assert page.ctl.entering.picked == [0, 2]
    drag(page, 2, 0)  # a stroke begun on a picked cell lets cells go
    assert page.ctl.entering.picked == []


def test_cells_not_joined_up_are_refused_naming_the_cell_and_kept_picked():
    page = entering()
    page.ctl.choose_rules("killer")
    tap(page, 0, 2)
    page.ctl.add_cage("4")
    assert said(page) == messages.cage_apart("row 1, column 3")
    assert page.ctl.view()["message"][1] == "error"
    assert page.ctl.session.puzzle.geometry.cages == ()
    assert page.ctl.entering.picked == [0, 2]
    tap(page, 1)
    page.ctl.add_cage("6")
    assert page.ctl.session.puzzle.geometry.cages == ((6, (0, 1, 2)),)


def test_a_cell_already_in_a_cage_is_not_picked_again():
    page = entering()
    page.ctl.choose_rules("killer")
    drag(page, 0, 1)
    page.ctl.add_cage("3")
    page.ctl.stroke(2, True)
    page.ctl.stroke(1, False)
    assert said(page) == messages.in_cage("Row 1, column 2", 3)
    assert page.ctl.view()["message"][1] == "warn"
    page.ctl.stroke(11, False)
    page.ctl.end_stroke()
    assert page.ctl.entering.picked == [2, 11]
    assert page.ctl.session.puzzle.geometry.cages == ((3, (0, 1)),)


@pytest.mark.parametrize("cells, text, why", [
    ((0, 1), "18", messages.cage_sum_impossible(9, 2, 18)),
    ((0, 1), "2", messages.cage_sum_impossible(9, 2, 2)),
    ((0,), "", messages.CAGE_SUM_MISSING),
    ((0,), "x1", messages.CAGE_SUM_MISSING),
    ((), "3", messages.CAGE_NONE_PICKED),
])
def test_a_sum_its_cells_cannot_make_is_refused_and_said(cells, text, why):
    page = entering()
    page.ctl.choose_rules("killer")
    tap(page, *cells)
    page.ctl.add_cage(text)
    assert said(page) == why and page.ctl.session.puzzle.geometry.cages == ()
    assert page.ctl.entering.picked == list(cells)


def test_the_impossible_sum_names_the_range_its_cells_make():
    assert messages.cage_sum_impossible(9, 2, 18).endswith("add up to 3-17.")
    assert messages.cage_sum_impossible(4, 3, 10).endswith("add up to 6-9.")


def test_a_cage_tapped_is_picked_to_edit_or_delete():
    page = entering()
    ctl = page.ctl
    ctl.choose_rules("killer")
    drag(page, 0, 1)
    ctl.add_cage("3")
    tap(page, 1)
    assert ctl.view()["entering"]["sum"] == "3" and ctl.entering.picked == [0, 1]
    tap(page, 2)
    ctl.add_cage("6")  # the cage edited: replaced, not doubled
    assert ctl.session.puzzle.geometry.cages == ((6, (0, 1, 2)),)
    tap(page, 0)
    ctl.delete_cage()
    assert ctl.session.puzzle.geometry.cages == ()
    assert said(page) == messages.cage_deleted(6)
    ctl.undo()
    assert ctl.session.puzzle.geometry.cages == ((6, (0, 1, 2)),)


def test_play_waits_for_the_cages_and_then_sends_the_killer():
    async def flow():
        text = unique_killer(4, 4, solutions=search_solutions)[0]  # its cages join up
        page = entering(4)
        ctl = page.ctl
        ctl.choose_rules("killer")
        assert ctl.play() is None and messages.KILLER_NO_CAGES in said(page)
        cages = Killer(text).cages
        for total, cells in cages:
            tap(page, *cells)
            ctl.add_cage(str(total))
        tap(page, 0)  # its cage picked to edit
        assert ctl.play() is None and messages.CAGE_NOT_ADDED in said(page)
        ctl.drop_picked()
        request = ctl.play()
        assert read(request.payload["puzzle"]) == read(text)  # the rules as a paste gives them
        page.act(request)
        await page.settle()
        assert ctl.session.phase == PLAY
        assert not ctl.view()["entering"]["open"]
    run(flow)


def test_a_jigsaw_is_played_only_once_its_regions_are_whole():
    page = entering(4)
    ctl = page.ctl
    ctl.choose_rules("jigsaw")
    assert ctl.view()["entering"]["regions"] == (UNPAINTED,) * 16
    letters = "".join(JIGSAW_4)
    for letter in "ABCD":
        cells = [i for i, ch in enumerate(letters) if ch == letter]
        drag(page, *cells[:3])
        if letter == "A":
            assert ctl.play() is None
            assert messages.region_size(1, 3, 4) in said(page)
            assert ctl.pointed in cells
        drag(page, cells[2], cells[3])
    assert ctl.session.puzzle.geometry.rules.regions == (0, 0, 1, 1, 0, 0, 1, 1,
                                                         2, 2, 3, 3, 2, 2, 3, 3)
    ctl.select(0)
    ctl.toggle_tool()
    ctl.digit(1)
    request = ctl.play()
    assert request is not None
    assert read(request.payload["puzzle"]).rules.regions is not None


def test_region_problems_name_the_region_and_the_cell():
    n = 4
    long = [0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 1]
    assert region_problem(n, long)[0] == messages.region_size(1, 5, 4)
    apart_map = [0, 0, 1, 1, 1, 1, 0, 0, 2, 2, 2, 2, 3, 3, 3, 3]
    why, cells = region_problem(n, apart_map)
    assert why == messages.region_pieces(1, 4, 6) and cells == (6,)
    bare = [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2] + [UNPAINTED] * 4
    assert region_problem(n, bare)[0] == messages.regions_unpainted(4, [12, 13, 14, 15])
    assert region_problem(n, [k // 4 for k in range(16)]) == ("", ())


def test_a_region_being_painted_is_tinted_and_bordered():
    g = entering(4).ctl.session.puzzle.geometry
    regions = [0, 0, UNPAINTED, UNPAINTED] + [UNPAINTED] * 12
    assert "tint-0" in cell_classes(g, 0, regions)
    assert "edge-r" in cell_classes(g, 1, regions) and "edge-r" not in cell_classes(g, 0, regions)
    assert not any(c.startswith("tint") for c in cell_classes(g, 2, regions))


def test_cells_tapped_one_by_one_make_a_region_then_the_next_begins():
    page = entering(4)
    page.ctl.choose_rules("jigsaw")
    tap(page, 0, 1, 4, 5)
    tap(page, 2)  # region 1 is whole: the next begins
    assert page.ctl.view()["entering"]["regions"][:6] == (0, 0, 1, UNPAINTED, 0, 0)
    assert said(page) == messages.region_painted(2, 1, 4)


def test_a_map_left_unfinished_is_there_to_go_on_with_after_a_reload():
    # (a phone drops a background tab's page: painting a 9x9 map takes a while)
    page = entering(4)
    page.ctl.choose_rules("jigsaw")
    drag(page, 0, 1, 4)
    again = Page(store=page.store)
    assert again.ctl.session.phase == ENTER and again.ctl.entering.tool
    assert again.ctl.view()["entering"]["regions"][:5] == (0, 0, UNPAINTED, UNPAINTED, 0)
    drag(again, 4, 5)  # on with region 1 from one of its cells
    assert again.ctl.view()["entering"]["regions"][:6] == (0, 0, UNPAINTED, UNPAINTED, 0, 0)
    for letter in "BCD":
        drag(again, *[i for i, ch in enumerate("".join(JIGSAW_4)) if ch == letter])
    assert again.ctl.session.puzzle.geometry.rules.regions is not None  # whole: in the rules
    assert again.store.get(DRAFT_KEY, DRAFT_MAX_CHARS) == ""  # and no draft is left over
    assert Page(store=again.store).ctl.entering.draft is None


@pytest.mark.parametrize("text", ["4:11..1", "9:" + "." * 16, "4:" + "5" * 16, 4])
def test_a_stored_map_of_another_size_or_off_is_dropped(text):
    assert draft_from(text, 4) is None
    assert draft_from(draft_text(4, [0, 3] + [UNPAINTED] * 14), 4) == [0, 3] + [UNPAINTED] * 14


def test_a_digit_while_the_tool_is_on_says_where_it_goes_and_changes_nothing():
    page = entering()
    page.ctl.choose_rules("killer")
    page.ctl.select(3)
    page.ctl.digit(5)
    assert said(page) == messages.tool_on_digit("cage")
    assert page.ctl.session.puzzle.cells[3] == 0
    page.ctl.toggle_tool()
    page.ctl.digit(5)
    assert page.ctl.session.puzzle.cells[3] == 5


def test_while_regions_are_painted_no_box_is_checked_but_rows_are():
    page = entering(4)
    ctl = page.ctl
    ctl.choose_rules("jigsaw")
    ctl.toggle_tool()
    for cell in (0, 5):  # one classic box, the regions not known yet
        ctl.select(cell)
        ctl.digit(2)
    assert not any(cell.conflict for cell in ctl.view()["grid"].cells)
    ctl.select(1)
    ctl.digit(2)
    assert ctl.view()["message"][0].startswith("Conflict: two 2s in row 1")
    ctl.choose_rules("classic")  # the boxes again
    assert "box 1" in ctl.view()["message"][0]
