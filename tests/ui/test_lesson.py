"""The lesson (static/ui/lesson.py) under CPython: each step drawn on the grid as it was
before it, with the candidates the logical solver itself had there (its State replayed
step by step), and "Play from here" handing that position to the session."""


from solver.logic import State, solve_path
from solver.model.candidates import digits_of
from solver.model.puzzle import read
from tests.checks import load_lines
from tests.ui.fakes import Page, run
from ui import session as s
from ui.lesson import Lesson

HARD = load_lines("top95.txt")[3]  # 85 steps, an XY-Wing and a W-Wing among them


def explained(text: str):
    """(puzzle, solve_path, the Lesson of its Explain reply's steps) for a grid."""
    puzzle = read(text)
    path = solve_path(puzzle)
    moment = s.Moment(puzzle, phase=s.PLAY)
    return puzzle, path, Lesson(moment, [step.to_dict() for step in path.steps])


def test_every_position_is_the_solvers_own_state_before_that_step():
    _, path, lesson = explained(HARD)
    state = State.from_puzzle(read(HARD))
    assert lesson.count == len(path.steps) > 20
    for index, step in enumerate(path.steps):
        assert list(lesson.before(index).puzzle.cells) == list(state.values), index
        assert lesson.candidates(index) == list(state.cands), index
        # the step is possible there: it removes candidates that are still there
        for cell, digit in step.eliminations:
            assert lesson.candidates(index)[cell] >> (digit - 1) & 1, (index, cell, digit)
        state = state.apply(step)
    assert list(lesson.moments[-1].puzzle.cells) == list(path.solution.cells)


def test_the_view_draws_the_step_whole_on_its_own_position():
    puzzle, path, lesson = explained(HARD)
    chain = next(i for i, step in enumerate(path.steps) if step.links)
    assert lesson.go(chain) == chain
    view = lesson.view()
    step = path.steps[chain]
    before = lesson.before()
    assert [c.digit for c in view.cells] == list(before.puzzle.cells)
    masks = lesson.candidates()
    for i, cell in enumerate(view.cells):
        assert cell.marks == masks[i], i  # every candidate, not the player's notes
    for cell, digit in step.eliminations:
        assert view.cells[cell].hint == "elim" and view.cells[cell].special >> (digit - 1) & 1
    assert all(view.cells[c].hint in ("pattern", "elim", "place") for c in step.cells)
    assert view.links == step.to_dict()["links"] and view.links
    assert view.marks_key.startswith(before.puzzle.to_string("0") + "|")
    assert lesson.title() == ("Step " + str(chain + 1) + " of " + str(lesson.count),
                              step.technique)
    assert lesson.sentence() == step.explanation


def test_going_past_either_end_stays_on_the_first_or_last_step():
    _, path, lesson = explained(HARD)
    assert lesson.go(-3) == 0
    assert lesson.go(10_000) == lesson.count - 1
    assert lesson.step() == path.steps[-1].to_dict()


def test_play_from_here_gives_the_position_with_the_players_notes_and_digits():
    puzzle = read(HARD)
    session = s.Session(s.Moment(puzzle))
    session.set_phase(s.PLAY)
    path = solve_path(puzzle)
    early = path.steps[:5]
    g = puzzle.geometry
    placed = [c for step in early for c, _ in step.placements]
    # a note the first five steps leave alone: its cell stays empty, no peer gets its digit
    noted = next(c for c in range(81) if not puzzle.cells[c] and c not in placed
                 and not any(p in g.peers[c] and d == 1 for step in early
                             for p, d in step.placements))
    session.toggle_note(noted, 1)
    lesson = Lesson(session.now, [step.to_dict() for step in path.steps])
    lesson.go(5)
    moment = lesson.play_moment()
    state = State.from_puzzle(puzzle)
    for step in early:
        state = state.apply(step)
    assert list(moment.puzzle.cells) == list(state.values)
    assert moment.phase == s.PLAY
    assert placed and all(moment.kinds[c] == s.PLACED for c in placed)
    assert all(moment.kinds[c] == s.GIVEN for c in range(81) if puzzle.cells[c])
    assert digits_of(moment.notes[noted]) == (1,)
    assert session.go(moment) and session.undo()  # one history entry: Undo takes it back
    assert session.puzzle.cells == puzzle.cells


def test_the_controller_opens_the_lesson_steps_it_and_plays_from_a_step():
    """Explain through the controller and its runner (the worker answering): the lesson's
    screen shows the position before the step on show; digits typed there are ignored;
    Play from here plays on from it, one Undo away from the grid explained."""
    async def flow():
        page = Page()
        ctl = page.ctl
        assert ctl.open_text(HARD)
        page.act(ctl.explain())
        await page.settle()
        view = ctl.view()
        path = solve_path(read(HARD))
        assert view["screen"] == "lesson"
        assert view["lesson"]["count"] == len(path.steps) and view["lesson"]["index"] == 0
        ctl.lesson_go(6)
        view = ctl.view()
        state = State.from_puzzle(read(HARD))
        for step in path.steps[:6]:
            state = state.apply(step)
        assert [c.digit for c in view["grid"].cells] == list(state.values)
        assert [c.marks for c in view["grid"].cells] == list(state.cands)
        assert view["lesson"]["sentence"] == path.steps[6].explanation
        empty = list(state.values).index(0)
        ctl.select(empty)
        ctl.digit(1)  # the lesson's grid is a past position: not edited
        assert ctl.session.puzzle.cells == read(HARD).cells
        ctl.play_from()
        view = ctl.view()
        assert view["screen"] == "game" and view["lesson"] is None
        assert list(ctl.session.puzzle.cells) == list(state.values)
        assert "Playing from step 7" in view["message"][0]
        ctl.undo()
        assert ctl.session.puzzle.cells == read(HARD).cells

    run(flow)


def test_a_nested_steps_shorter_chains_open_one_at_a_time_in_the_sentences_place():
    # The sentence tells the main chain and names each shorter chain by number; a chain's
    # button shows that chain where the sentence was, pressed again the sentence is back,
    # and another step starts on its sentence.
    from tests.logic.test_nested import HARDEST, NESTED_ROW, stalled
    from ui import messages

    state, _ = stalled(HARDEST[0])
    step = NESTED_ROW.find(state)
    easy = solve_path(read(HARD)).steps[0]
    page = Page()
    assert page.ctl.open_text(HARDEST[0])
    page.ctl.lesson_on = Lesson(page.ctl.session.now, [step.to_dict(), easy.to_dict()])
    page.ctl.screen = "lesson"
    view = page.ctl.view()["lesson"]
    assert view["chains"] == len(step.inner) >= 2 and view["chain"] is None
    assert view["sentence"] == step.explanation and "(shorter chain 2 shows it)" in step.explanation
    data = step.to_dict()
    assert page.ctl.lesson_on.view().links == data["links"] != data["inner"][1]["links"]
    page.ctl.lesson_chain(1)
    view = page.ctl.view()["lesson"]
    fact, proof = step.inner[1].fact, step.inner[1].proof
    # the board draws the open chain: its arrows, its cells, the candidate it removes
    shown = page.ctl.lesson_on.view()
    assert shown.links == data["inner"][1]["links"] and shown.links
    cell, digit = step.inner[1].elimination
    assert shown.cells[cell].hint == "elim" and shown.cells[cell].special >> (digit - 1) & 1
    assert {c for c, v in enumerate(shown.cells) if v.hint == "pattern"} == \
        set(step.inner[1].cells) - {cell}
    assert view["chain"] == 1 and view["sentence"] == messages.shorter_chain(2, fact, proof)
    assert view["sentence"].startswith("Shorter chain 2: " + fact + ". ")
    assert view["sentence"].endswith(proof) and proof.endswith("So " + fact + ".")
    page.ctl.lesson_chain(1)  # pressed again: the sentence, and the main chain drawn again
    assert page.ctl.view()["lesson"]["sentence"] == step.explanation
    assert page.ctl.lesson_on.view().links == data["links"]
    page.ctl.lesson_chain(0)
    page.ctl.lesson_go(1)
    view = page.ctl.view()["lesson"]
    assert view["chains"] == 0 and view["chain"] is None
    assert view["sentence"] == easy.explanation
    page.ctl.lesson_chain(0)  # a step naming no chain keeps its sentence
    assert page.ctl.view()["lesson"]["chain"] is None
