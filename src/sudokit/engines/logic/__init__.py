"""The logical solver: human techniques, one explained step at a time, and hints.

``next_step``, ``all_steps`` and ``solve_path`` solve by logic; ``hint`` gives a nudge or the
next step for a person who is stuck, ``check`` compares a user's grid with the solution.
"""

from sudokit.engines.logic.hints import CheckResult, Hint, check, hint
from sudokit.engines.logic.options import Options
from sudokit.model.position import Position
from sudokit.engines.logic.solver import LogicalSolver, SolvePath, all_steps, manual_round, next_step, solve_path
from sudokit.engines.logic.step import Link, Step
from sudokit.engines.logic.techniques import REGISTRY, default_order

__all__ = [
    "Position", "Step", "Options", "Link", "LogicalSolver", "SolvePath", "next_step", "all_steps",
    "solve_path", "manual_round", "hint", "check", "Hint", "CheckResult", "REGISTRY",
    "default_order",
]
