"""The game in a link: the share link's query (the givens and the player's digits), the
address bar's query while playing, and reading them back.

No DOM here: MicroPython runs it in the page, CPython in the tests.
"""

from protocol import puzzle_text
from solver.model.fpuzzles import unquoted
from solver.model.puzzle import read as read_puzzle
from ui.session import PLAY, Moment, is_variant, own_digits

# Characters a query value keeps as they are (RFC 3986's unreserved); the rest, a
# variant's blanks, line breaks, '=' and ':' among them, go as %XX.
UNRESERVED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"


def share_query(moment: Moment) -> str:
    """The query string of a link that opens this game: '?p=' and the givens, a symbol per
    cell (a variant's as its text form, rules and all, %-encoded), then '&e=' and the
    player's digits (entries and placed) when there are any."""
    query = "?p=" + quoted(puzzle_text(moment.givens()))
    if moment.kinds.strip(".g"):
        query += "&e=" + own_digits(moment).to_string("0")
    return query


def address_query(moment: Moment) -> str:
    """The address bar's query while playing: '?p=' and the givens (a variant's rules too),
    so a bookmark or a reload reopens the puzzle; '' while entering givens."""
    givens = moment.givens()
    if moment.phase != PLAY or not (givens.filled_count() or is_variant(givens)):
        return ""  # (a Killer may have no givens: its cages are the puzzle)
    return "?p=" + quoted(puzzle_text(givens))


def quoted(text: str) -> str:
    """`text` as a query value: unreserved characters as they are, the rest as %XX of their
    UTF-8 bytes (a classic grid's digits need none; a variant's rules, ASCII, do)."""
    return "".join(ch if ch in UNRESERVED else "".join(f"%{b:02X}" for b in ch.encode())
                   for ch in text)


def query_text(part: str) -> str:
    """A query value as text: '+' a blank, %XX the character (the model's reader of links,
    solver.model.fpuzzles.unquoted), a stray '%' kept as it is."""
    return unquoted(part.replace("+", " "))


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
