"""The search engine: every solution (up to a limit) of a grid, fast. The candidate cube
(cube), propagation and branching written out per size as Python source (codegen,
propagate, branching) and compiled, depth-first search (engine) handing over to clause
learning (sat) on the hardest big grids, and the deadline they all honour."""
