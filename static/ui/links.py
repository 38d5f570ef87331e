"""The game in a link: the share link's query (the givens and the player's digits), the
address bar's query while playing, and reading them back.

No DOM here: MicroPython runs it in the page, CPython in the tests.
"""

from solver.model.puzzle import read as read_puzzle
from ui.session import PLAY, Moment, own_digits


def share_query(moment: Moment) -> str:
    """The query string of a link that opens this game: '?p=' and the givens, a symbol per
    cell, then '&e=' and the player's digits (entries and placed) when there are any."""
    query = "?p=" + moment.givens().to_string("0")
    if moment.kinds.strip(".g"):
        query += "&e=" + own_digits(moment).to_string("0")
    return query


def address_query(moment: Moment) -> str:
    """The address bar's query while playing: '?p=' and the givens (so a bookmark or a
    reload reopens the puzzle); '' while entering givens."""
    givens = moment.givens()
    if moment.phase != PLAY or not givens.filled_count():
        return ""
    return "?p=" + givens.to_string("0")


def query_text(part: str) -> str:
    return part.replace("%2E", ".").replace("%2e", ".").replace("+", " ").replace("%20", " ")


def link_from_query(search: str):
    """(givens, entries or None) named by `?p=` and `&e=` in a URL's query string, or None
    when there is no `p=`. Raises PuzzleError when either cannot be read as a grid."""
    found = {}
    for part in search.lstrip("?").split("&"):
        if part[:2] in ("p=", "e="):
            found[part[0]] = query_text(part[2:])
    if "p" not in found:
        return None
    givens = read_puzzle(found["p"])
    entries = read_puzzle(found["e"], givens.size) if "e" in found else None
    return givens, entries


def puzzle_from_query(search: str):
    """The puzzle named by `?p=` in a URL's query string, or None if there is none.

    Raises PuzzleError when the text is there but cannot be read as a grid.
    """
    if not isinstance(search, str):
        return None
    link = link_from_query(search)
    return link[0] if link else None
