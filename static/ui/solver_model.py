"""The `solver` package as the MicroPython UI sees it: only its puzzle model.

pyscript.json maps this file to solver/__init__.py beside solver/model/, which the UI
imports directly (`from solver.model.puzzle import read`). The full package's __init__
imports the search engine and the API, which run in the Pyodide worker.
"""
