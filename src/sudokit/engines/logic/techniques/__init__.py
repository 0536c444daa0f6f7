"""Human solving techniques, one module per family; importing this package registers them all."""

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
from sudokit.engines.logic.techniques.registry import CATALOGUE, ON_REQUEST, REGISTRY, Technique

__all__ = ["CATALOGUE", "REGISTRY", "Technique", "default_order"]


def default_order() -> list[str]:
    """Ids of every registered technique but those searched only when asked for
    (:data:`ON_REQUEST`), simplest first (catalogue order breaks ties)."""
    ids = list(CATALOGUE)
    return sorted((t for t in ids if t in REGISTRY and t not in ON_REQUEST),
                  key=lambda t: (CATALOGUE[t][1], ids.index(t)))
