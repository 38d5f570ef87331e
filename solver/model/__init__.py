"""The puzzle model: board geometry, the Puzzle record with its readers and writers, the
one error type, and candidate masks. MicroPython-safe (the page's UI imports it too), so
no standard-library imports beyond what MicroPython has, and nothing from other rooms."""
