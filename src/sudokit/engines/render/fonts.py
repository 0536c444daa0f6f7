"""The optional libraries of PNG and PDF output, and the font both use.

PNG needs Pillow, PDF needs ReportLab (both BSD-style licences, wheels without system
libraries): ``pip install 'sudokit[render]'``. The font is Bitstream Vera Sans (the font
DejaVu Sans grew from), as the ReportLab wheel ships it, so a PNG and a PDF use the same
glyphs and every PDF embeds its font; nothing is downloaded at run time.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from pathlib import Path

from sudokit.model.errors import SudokitError
from sudokit.i18n import tr

INSTALL_HINT = "pip install 'sudokit[render]'"


class RenderUnavailable(SudokitError):
    """A library that PNG or PDF output needs is not installed."""


def require(module: str, what: str):
    """Import ``module`` or say how to install it."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise RenderUnavailable(tr("{what} needs the {library} library, which is not installed: "
                                   "{hint}", what=what, library=module.split(".")[0],
                                   hint=INSTALL_HINT)) from None


@lru_cache(maxsize=2)
def font_path(bold: bool = False) -> Path:
    """The TrueType file of Vera Sans (bold or regular) that comes with ReportLab."""
    rl = require("reportlab", "PNG and PDF output")
    folder = Path(rl.__file__).parent / "fonts"
    path = folder / ("VeraBd.ttf" if bold else "Vera.ttf")
    if not path.is_file():
        raise RenderUnavailable(tr("the font {font} is missing from the reportlab package: "
                                   "reinstall it ({hint})", font=path.name, hint=INSTALL_HINT))
    return path
