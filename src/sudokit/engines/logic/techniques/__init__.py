"""Human solving techniques, one module per family; importing this package registers them all."""

from sudokit.engines.difficulty import TECHNIQUES

from sudokit.engines.logic.techniques import singles  # noqa: F401  (registers its finders)
from sudokit.engines.logic.techniques import intersections  # noqa: F401
from sudokit.engines.logic.techniques import subsets  # noqa: F401
from sudokit.engines.logic.techniques import fish  # noqa: F401
from sudokit.engines.logic.techniques import uniqueness  # noqa: F401
from sudokit.engines.logic.techniques import single_digit  # noqa: F401
from sudokit.engines.logic.techniques import coloring  # noqa: F401
from sudokit.engines.logic.techniques import wings  # noqa: F401
from sudokit.engines.logic.techniques import chains  # noqa: F401
from sudokit.engines.logic.techniques import loops  # noqa: F401
from sudokit.engines.logic.techniques import forcing  # noqa: F401
from sudokit.engines.logic.techniques import trial  # noqa: F401
from sudokit.engines.logic.techniques import dynamic_chains  # noqa: F401
from sudokit.engines.logic.techniques import als  # noqa: F401
from sudokit.engines.logic.techniques import sue_de_coq  # noqa: F401
from sudokit.engines.logic.techniques import templates  # noqa: F401
from sudokit.engines.logic.techniques import aligned_exclusion  # noqa: F401
from sudokit.engines.logic.techniques import killer  # noqa: F401
from sudokit.engines.logic.techniques.registry import REGISTRY, Technique

__all__ = ["REGISTRY", "Technique", "default_order"]


def default_order() -> list[str]:
    """Ids of every registered technique but those searched only when asked for (the table's
    ``on_request``), simplest first (the table's order breaks ties)."""
    ranked = sorted((t.weight, i, t.id) for i, t in enumerate(TECHNIQUES.values())
                    if t.id in REGISTRY and not t.on_request)
    return [tid for _, _, tid in ranked]
