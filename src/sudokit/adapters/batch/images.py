"""Pictures as batch input: a folder of images, or image files, each read by
:mod:`sudokit.engines.vision` into one puzzle line.

A folder becomes one input whose lines are its pictures in name order (numbers in names
compared as numbers); image files named on the command line, together, another. A picture read
gives ``<puzzle> <file name>`` (the name is carried through as the line's comment, with the
cells to check by eye when the reading is doubtful); a picture that cannot be read gives a line
whose result is ``invalid`` with the reason (``photos/image8.jpg: no grid found ...``): one result a
picture, none lost. Pictures are read one after another in the main process, as the batch
needs their lines.
"""

from __future__ import annotations

import re
from pathlib import Path

from sudokit.model.errors import SudokitError
from sudokit.i18n import tr
from sudokit.adapters.batch.reader import BatchInputError, Source


def is_picture(path: Path) -> bool:
    from sudokit.engines.vision import is_image_path

    return is_image_path(path)


def _natural(path: Path):
    return [int(t) if t.isdigit() else t.lower() for t in re.split(r"(\d+)", path.name)]


def pictures_in(folder: Path) -> list[Path]:
    """The picture files of ``folder`` (not its subfolders), in name order."""
    return sorted((p for p in folder.iterdir() if p.is_file() and is_picture(p)), key=_natural)


def _require_vision() -> None:
    from sudokit.engines.vision._deps import require

    try:
        require()
    except SudokitError as e:
        raise BatchInputError(str(e)) from None


def picture_line(path: Path, reasons: dict[int, str], line_no: int) -> str:
    """The puzzle line of one picture; when it cannot be read, its reason goes in ``reasons``
    under ``line_no`` and the line is the file's name."""
    from sudokit.engines.vision import read_image

    try:
        reading = read_image(path)
    except SudokitError as e:
        text = str(e)
        reasons[line_no] = text if str(path) in text else f"{path}: {text}"
        return path.name
    note = path.name
    if reading.doubtful:
        geo = reading.grid.geometry
        note += " (check " + " ".join(geo.name(c) for c in reading.doubtful) + ")"
    return f"{reading.grid.to_line()} {note}"


def picture_source(name: str, paths: list[Path]) -> Source:
    """One input whose lines are the puzzles of ``paths``, read lazily."""
    reasons: dict[int, str] = {}

    def lines():
        for k, path in enumerate(paths, start=1):
            yield picture_line(path, reasons, k)

    return Source(name, lines=lines(), reasons=reasons)


def expand(inputs: list) -> list:
    """``inputs`` with each folder, and the image files together, replaced by a
    :class:`Source` of pictures; other inputs are left as they are."""
    out: list = []
    files: list[Path] = []
    for item in inputs:
        if isinstance(item, Source) or str(item) == "-":
            out.append(item)
            continue
        path = Path(item)
        if path.is_dir():
            found = pictures_in(path)
            if not found:
                raise BatchInputError(tr("{name}: is a directory with no pictures (.jpg, .png, ...) "
                                         "in it", name=item))
            _require_vision()
            out.append(picture_source(str(item), found))
        elif path.is_file() and is_picture(path):
            _require_vision()
            if not files:
                out.append(None)  # the place of the pictures named one by one
            files.append(path)
        else:
            out.append(item)
    if files:
        out[out.index(None)] = picture_source("<pictures>", files)
    return out


__all__ = ["expand", "pictures_in", "picture_source"]
