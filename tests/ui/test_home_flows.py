"""The home screen's flows in the Controller under CPython (tests/ui/fakes.py): the daily
puzzle made from the date alone, a new game's level kept as the game's, a win counted once
in the statistics, damaged statistics kept aside, Type or paste, and a size change that
asks before dropping a game."""


from solver.generator import generate
from solver.model.puzzle import read
from tests.checks import EASY, easy_solution
from tests.ui.fakes import DictStore, Page, run
from ui import messages
from ui.session import ENTER, PLAY
from ui.stats import DAMAGED, STATS_KEY, stats_from


def test_the_daily_puzzle_is_the_generators_for_the_date():
    async def flow():
        page = Page()
        page.ctl.go_home()
        page.act(page.ctl.daily(2026, 11, 26))  # a Thursday: Hard
        await page.settle()
        view = page.ctl.view()
        assert view["screen"] == "game" and view["message"][0].startswith(
            "Daily puzzle, Thu 26 Nov: ")
        made = generate(9, "Hard", True, 20261126)
        assert page.ctl.session.puzzle == made.puzzle and page.ctl.session.phase == PLAY
        assert view["level"] == made.rating.level  # the game's level, for the top bar
    run(flow)


def test_a_win_counts_once_for_the_games_level_and_starts_a_streak():
    page = Page()
    page.ctl.open_text(EASY)
    page.ctl.know_level(read(EASY), "Easy")
    assert page.ctl.level() == "Easy" and page.ctl.view()["level_words"] == "Easy"
    page.ctl.won_in(95_000, "2026-11-26")
    stats, ok = stats_from(page.store.items[STATS_KEY])
    assert ok and stats["levels"]["Easy"] == {"solved": 1, "best": 95, "total": 95}
    assert stats["streak"]["current"] == 1
    again = Page(store=page.store)  # a reload reads them back
    assert again.ctl.view()["stats"]["levels"]["Easy"]["solved"] == 1


def test_a_level_is_kept_only_for_the_givens_being_played():
    page = Page()
    page.ctl.open_text(EASY)
    page.ctl.know_level(read(easy_solution().to_string()), "Hard")  # another grid: not ours
    assert page.ctl.level() == ""
    assert page.ctl.view()["level_words"] == "Your puzzle"


def test_damaged_statistics_are_kept_aside_with_a_message():
    page = Page(store=DictStore({STATS_KEY: '{"v": 1, "levels": 3}'}))
    view = page.ctl.view()
    assert view["stats_note"] == DAMAGED
    assert page.store.items[STATS_KEY + ".damaged"] == '{"v": 1, "levels": 3}'
    assert view["stats"]["levels"]["Easy"]["solved"] == 0


def test_type_or_paste_asks_before_replacing_a_game_in_progress():
    page = Page()
    page.ctl.open_text(EASY)
    page.ctl.select(EASY.index("."))
    page.ctl.digit(4)
    asked = []
    page.ctl.enter_puzzle(lambda text: asked.append(text) or False)
    assert asked == [messages.ASK_ENTER] and page.ctl.session.phase == PLAY
    page.ctl.enter_puzzle(lambda text: True)
    assert page.ctl.session.phase == ENTER and not page.ctl.session.puzzle.filled_count()
    assert page.ctl.view()["message"][0] == messages.ENTERING
    page.ctl.undo()
    assert page.ctl.session.puzzle.filled_count() == read(EASY).filled_count() + 1  # Undo


def test_a_size_change_asks_before_dropping_a_game():
    page = Page()
    page.ctl.open_text(EASY)
    page.ctl.resize(4, lambda text: False)
    assert page.ctl.session.puzzle.size == 9 and page.ctl.message[0] == messages.SIZE_KEPT
    page.ctl.resize(4, lambda text: True)
    assert page.ctl.session.puzzle.size == 4
    empty = Page()  # an empty grid has nothing to lose: no question
    empty.ctl.resize(6, lambda text: 1 / 0)
    assert empty.ctl.session.puzzle.size == 6
