"""Parameters of messages that render per language: cells, houses, lists, and texts built by a
function of the language (chains written in cell notation)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from sudokit.i18n import get_language, language, languages, msg, render, text


def cell_name(g, cell: int, lang: str | None = None) -> str:
    """``r3c5`` in English, ``r3k5`` in Swedish: the language's own cell notation (default: the
    language in use)."""
    r, c = divmod(cell, g.size)
    return msg("r{row}c{col}", row=r + 1, col=c + 1).render(lang)


def house_name(g, house: int, lang: str | None = None) -> str:
    """A house's name in ``lang`` (default: the language in use)."""
    return str(render(house_message(g, house), lang))


def house_message(g, house: int):
    """The message naming a house: ``row 3``, ``column 5``, ``box 7``, ``region C``, ``diagonal
    1``, ``window 2``."""
    kind, i = divmod(house, g.size)
    if kind >= 3:
        word, _, number = g.house_name(house).partition(" ")
        if word == "diagonal":
            return msg("diagonal {n}", n=number)
        if word == "window":
            return msg("window {n}", n=number)
        return g.house_name(house)
    if kind == 2 and g.regions is not None:
        return msg("region {label}", label=g.house_name(house).split(" ", 1)[1])
    if kind == 0:
        return msg("row {n}", n=i + 1)
    if kind == 1:
        return msg("column {n}", n=i + 1)
    return msg("box {n}", n=i + 1)


class Cell:
    """One cell, named in the language's notation."""

    __slots__ = ("g", "cell")

    def __init__(self, g, cell: int) -> None:
        self.g, self.cell = g, cell

    def render(self, lang: str | None = None) -> str:
        return cell_name(self.g, self.cell, lang)

    def __str__(self) -> str:
        return self.render()

    def __eq__(self, other) -> bool:
        return isinstance(other, Cell) and (self.g, self.cell) == (other.g, other.cell)


class Cells(Cell):
    """Cells in reading order, comma separated: ``r3c2, r3c8``."""

    def __init__(self, g, cells: Iterable[int]) -> None:
        super().__init__(g, tuple(sorted(set(cells))))

    def render(self, lang: str | None = None) -> str:
        return ", ".join(cell_name(self.g, c, lang) for c in self.cell)


class House(Cell):
    """One house by its index in ``g.houses``."""

    def render(self, lang: str | None = None) -> str:
        return str(render(house_message(self.g, self.cell), lang))


class Houses(Cell):
    """Houses, comma separated, in the order given."""

    def __init__(self, g, houses: Iterable[int]) -> None:
        super().__init__(g, tuple(houses))

    def render(self, lang: str | None = None) -> str:
        return ", ".join(str(render(house_message(self.g, h), lang)) for h in self.cell)


class Join:
    """Values rendered and joined by ``sep`` (``sep`` may itself be a message)."""

    __slots__ = ("items", "sep")

    def __init__(self, items: Iterable, sep=", ") -> None:
        self.items, self.sep = tuple(items), sep

    def render(self, lang: str | None = None) -> str:
        return str(render(self.sep, lang)).join(str(render(x, lang)) for x in self.items)

    def __str__(self) -> str:
        return self.render()

    def __eq__(self, other) -> bool:
        return isinstance(other, Join) and (self.items, self.sep) == (other.items, other.sep)


class Lazy:
    """A text made by ``build(*args)`` when shown, inside a :func:`sudokit.i18n.language` block
    of the language asked for: builders of notation (chains) name cells with :func:`cell_name`
    and words with messages, and come out in that language."""

    __slots__ = ("build", "args")

    def __init__(self, build: Callable[..., object], *args) -> None:
        self.build, self.args = build, args

    def render(self, lang: str | None = None) -> str:
        with language(lang):
            return text(self.build(*self.args))

    def __str__(self) -> str:
        return self.render()


class Rendered(Lazy):
    """Like :class:`Lazy`, but built at once in every language: for texts read from search
    state that may change after the step is made (forcing chains)."""

    __slots__ = ("texts",)

    def __init__(self, build: Callable[..., object], *args) -> None:
        super().__init__(build, *args)
        self.texts = {lang: Lazy.render(self, lang) for lang in languages()}
        self.build, self.args = None, ()  # the search state is not kept (steps stay picklable)

    def render(self, lang: str | None = None) -> str:
        return self.texts[lang or get_language()]


__all__ = ["Cell", "Cells", "House", "Houses", "Join", "Lazy", "Rendered", "cell_name",
           "house_message", "house_name"]
