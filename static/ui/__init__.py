"""The page's main-thread UI, run by MicroPython: state, the grid view, the solver client."""
