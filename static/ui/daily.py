"""The daily puzzle: made in the page from the date alone (the generator's seed), so every
player gets the same puzzle on the same day with no network; and the calendar arithmetic
the statistics' streaks need (MicroPython has no datetime).

No DOM here: the page hands in the local date, MicroPython runs it, CPython tests it.
"""

MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
# The daily puzzle's level by weekday, Monday first: easy at the start of the week, harder
# at its end (Extreme is left out: making one can take a phone a minute).
LEVEL_BY_WEEKDAY = ("Easy", "Medium", "Medium", "Hard", "Hard", "Unfair", "Hard")
EPOCH_WEEKDAY = 3  # 1970-01-01 was a Thursday (Monday = 0)


def day_number(year: int, month: int, day: int) -> int:
    """Days since 1970-01-01 of a Gregorian date (H. Hinnant's days_from_civil)."""
    year -= month <= 2
    era = (year if year >= 0 else year - 399) // 400
    of_era = year - era * 400
    of_year = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    of_cycle = of_era * 365 + of_era // 4 - of_era // 100 + of_year
    return era * 146097 + of_cycle - 719468


def days_in_month(year: int, month: int) -> int:
    after = day_number(year + 1, 1, 1) if month == 12 else day_number(year, month + 1, 1)
    return after - day_number(year, month, 1)


def day_key(year: int, month: int, day: int) -> str:
    """'2026-11-26': a date as stored (it sorts as the date does)."""
    return (str(year) + "-" + ("0" if month < 10 else "") + str(month) + "-"
            + ("0" if day < 10 else "") + str(day))


def parse_day(text) -> tuple:
    """(year, month, day) of a day_key, or None when `text` is not a real date."""
    if not isinstance(text, str) or len(text) != 10 or text[4] != "-" or text[7] != "-":
        return None
    parts = (text[:4], text[5:7], text[8:])
    if not all(part.isdigit() for part in parts):
        return None
    year, month, day = int(parts[0]), int(parts[1]), int(parts[2])
    if not 1 <= month <= 12 or not 1 <= day <= days_in_month(year, month):
        return None
    return year, month, day


def weekday(year: int, month: int, day: int) -> int:
    """0 for Monday .. 6 for Sunday."""
    return (day_number(year, month, day) + EPOCH_WEEKDAY) % 7


def seed(year: int, month: int, day: int) -> int:
    """The generator's seed for that day's puzzle: the date as a number, 20261126."""
    return year * 10000 + month * 100 + day


def level(year: int, month: int, day: int) -> str:
    """The daily puzzle's level on that day."""
    return LEVEL_BY_WEEKDAY[weekday(year, month, day)]


def title(year: int, month: int, day: int) -> str:
    """'Thu 26 Nov': the day as the home screen names it."""
    return WEEKDAYS[weekday(year, month, day)] + " " + str(day) + " " + MONTHS[month - 1]
