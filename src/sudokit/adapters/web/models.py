"""Request and response bodies of the JSON API (they make the OpenAPI document)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field

from sudokit.model.geometry import parse_box
from sudokit.i18n import check_language
from sudokit.model.rules import parse_variants

#: The most characters of text a request may carry in one field (the body cap comes first).
MAX_TEXT = 4 * 1024 * 1024
Seconds = Annotated[float, Field(gt=0, le=600, description=(
    "Time limit in seconds for this request; capped by the server's own limit."))]
Cell = Annotated[list[int], Field(min_length=2, max_length=2, description="[row, col], 1-based")]
Candidate = Annotated[list[int], Field(min_length=3, max_length=3,
                                       description="[row, col, digit], 1-based")]




def _box_shape(text: str | None) -> str | None:
    """A box shape ``RxC`` written with the digits 0-9 (``parse_box`` names what is wrong)."""
    if text is not None:
        parse_box(text)
    return text


BoxShape = Annotated[str | None, Field(max_length=16, description="Box shape RxC, e.g. 3x4"),
                     AfterValidator(_box_shape)]
JobId = Annotated[str | None, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9._:-]+$",
                                    description=(
    "An id of the client's choice for this request, to stop it with POST /api/cancel"))]


def _variant_list(value):
    """``variants`` as a list of names: given as a list, or as one comma-separated string."""
    if value is None:
        return None
    if isinstance(value, str):
        value = value.split(",")
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError('give variant names as a list or a comma-separated string, e.g. "x,anti-knight"')
    return [v.strip() for v in value if v.strip()]


def _known_variants(names: list[str] | None) -> list[str] | None:
    if names is not None:
        parse_variants(names)  # names an unknown variant (its error is a ValueError)
    return names


Variants = Annotated[
    list[Annotated[str, Field(max_length=32)]] | None,
    Field(max_length=8, description=(
        "Variant rules: x (diagonal), windoku (hyper), anti-knight, anti-king, jigsaw; a list "
        'or a comma-separated string such as "x,anti-knight" (see docs/variants.md)')),
    BeforeValidator(_variant_list), AfterValidator(_known_variants)]
def _regions_value(value):
    """``regions`` as text or region numbers (a flat list or N rows), of a bounded length."""
    if value is None:
        return None
    if not isinstance(value, (str, list)):
        raise ValueError("give regions as N*N symbols (a string) or a list of region numbers")
    cells = value if isinstance(value, str) else [
        x for row in value for x in (row if isinstance(row, list) else [row])]
    if len(cells) > 8192:
        raise ValueError(f"regions are too long ({len(cells)}; a grid this server takes has at most 1296 cells)")
    return value


Regions = Annotated[
    str | list[int] | list[list[int]] | None,
    Field(description=(
        "Jigsaw regions: N*N symbols row by row, equal symbols forming a region of N connected "
        "cells (spaces, newlines and | ignored), or N*N region numbers (a flat list or N rows); "
        "they take the boxes' place. Answers write the symbols A.. up to 26 regions, rows of "
        "numbers above")),
    BeforeValidator(_regions_value)]


def _cages_value(value):
    """``cages`` as text or a JSON list, of a bounded length (the cages are read in the task,
    whose errors name the cage)."""
    if value is None:
        return None
    if not isinstance(value, (str, list)):
        raise ValueError('give cages as a list [[sum, ["r1c1", ...]], ...] or as text, '
                         'one cage a line: SUM r1c1 r1c2 ...')
    if isinstance(value, list) and len(value) > 4096:
        raise ValueError(f"too many cages ({len(value)}; a grid this server takes has at most "
                         f"1296 cells)")
    if isinstance(value, str) and len(value) > 65536:
        raise ValueError(f"the cages text is too long ({len(value)} characters, at most 65536)")
    return value


Cages = Annotated[
    str | list | None,
    Field(description=(
        'Killer cages: [[sum, ["r1c1", ...]], ...] (cells as names, ranges r1c1-r1c3 or '
        "0-based indices), or text with one cage a line, SUM r1c1 r1c2 ...; answers write "
        "the list")),
    BeforeValidator(_cages_value)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _language(value: str | None) -> str | None:
    return None if value is None else check_language(value)


class _Lang(_Strict):
    """The language of the texts of the answer (and of its errors)."""

    lang: Annotated[str | None, Field(
        description="Language of every text in the answer: en or sv (as GET /api/info lists); "
                    "without it the Accept-Language header decides, else English",
        examples=["sv"]), AfterValidator(_language)] = None


class VariantFields(_Lang):
    """The variant of a request's puzzle (added to what the puzzle itself carries)."""

    variants: Variants = None
    regions: Regions = None
    cages: Cages = None


class PositionModel(_Strict):
    """A solving position, the same JSON as ``sudokit hint --apply`` prints: symbols of the
    default alphabet (1-9, then A-Z, then a-z), ``.`` for an empty cell."""

    box: Annotated[list[int], Field(min_length=2, max_length=2,
                                    description="Box shape [box rows, box columns]; size = product")]
    givens: Annotated[str, Field(max_length=4096, description="The puzzle: one symbol per cell")]
    values: Annotated[str | None, Field(max_length=4096, description=(
        "Every placed digit (givens and entries); default: the givens"))] = None
    candidates: Annotated[list[Annotated[str, Field(max_length=64)]] | None, Field(
        max_length=4096, description="Candidates per cell as symbols ('' for a filled cell); "
                                     "default: computed from the values")] = None
    variants: Variants = None
    regions: Regions = None
    cages: Cages = None


PuzzleField = Annotated[PositionModel | Annotated[str, Field(max_length=MAX_TEXT)], Field(
    description="A position object, or a puzzle as text in any supported format "
                "(a line of symbols, a grid, a position JSON, ...)")]


class PuzzleRequest(VariantFields):
    puzzle: PuzzleField
    box: BoxShape = None
    format: Annotated[str | None, Field(max_length=32, description="Format of the text; default: detected")] = None
    time_limit: Seconds | None = None
    job: JobId = None


class SearchOptions(_Strict):
    """How wide the techniques look (all on by default, as HoDoKu's find-all)."""
    ur_missing_candidates: Annotated[bool, Field(description=(
        "A unique rectangle corner may lack one of its two digits"))] = True
    als_in_chains: Annotated[bool, Field(description=(
        "Grouped nice loops and AICs may pass through almost locked sets"))] = True
    als_overlap: Annotated[bool, Field(description=(
        "The almost locked sets of ALS techniques may share cells"))] = True


class TechniqueChoice(_Strict):
    techniques: Annotated[list[Annotated[str, Field(max_length=64)]] | None, Field(
        max_length=200, description="Technique ids to use, in order (default: all, simplest first)")] = None
    exclude: Annotated[list[Annotated[str, Field(max_length=64)]], Field(
        max_length=200, description="Technique ids not to use")] = []
    uniqueness: Annotated[bool, Field(description=(
        "Allow uniqueness techniques when the puzzle has exactly one solution"))] = True
    options: SearchOptions | None = None


class StepRequest(TechniqueChoice, PuzzleRequest):
    pass


class HintRequest(StepRequest):
    level: Literal["nudge", "step"] = "nudge"


class ParseRequest(VariantFields):
    text: Annotated[str, Field(max_length=MAX_TEXT, description="Puzzle text in any supported format")]
    format: Annotated[str | None, Field(max_length=32)] = None
    box: BoxShape = None
    filename: Annotated[str | None, Field(max_length=255, description=(
        "Name of the file the text came from; only its extension is used, to choose the format"))] = None
    time_limit: Seconds | None = None
    job: JobId = None


class ExportRequest(PuzzleRequest):
    to: Annotated[str, Field(max_length=32, description="Output format: line, grid, classic, "
                                                        "comma, sdk, ss, json, pencilmark, ...")] = "line"
    entries: Annotated[bool, Field(description="Include the user's entries (and, for a candidate "
                                               "format, the candidates)")] = False


class GenerateRequest(VariantFields):
    size: Annotated[int, Field(ge=4, le=64)] = 9
    box: BoxShape = None
    level: Annotated[str | None, Field(max_length=32, description=(
        "easy, medium, hard, expert, extreme, or any (a level the size can have, picked by "
        "the seed); default: no target"))] = None
    score: Annotated[list[Annotated[float, Field(ge=0, le=20)]] | None, Field(
        min_length=2, max_length=2, description="[lowest, highest] Sudoku Explainer score")] = None
    technique: Annotated[str | None, Field(max_length=64, description=(
        "a technique id (see /api/info) the solve path must use"))] = None
    symmetry: Annotated[str, Field(max_length=32, description=(
        "none, 180, 90, mirror or diagonal"))] = "none"
    seed: Annotated[int | None, Field(ge=0, le=2**63 - 1)] = None
    time_limit: Seconds | None = None
    job: JobId = None


class CancelRequest(_Lang):
    job: Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9._:-]+$",
                              description="The job id a request of this client carried")]


# --- responses ---------------------------------------------------------------------------------

class ErrorResponse(BaseModel):
    error: str = Field(description="What went wrong, for a person")


class LinkModel(BaseModel):
    from_: Candidate = Field(alias="from")
    to: Candidate
    strong: bool
    from_cells: list[Cell] | None = Field(None, description="the cells of a group node at the start")
    to_cells: list[Cell] | None = Field(None, description="the cells of a group node at the end")


class BranchModel(BaseModel):
    label: str = Field(description="the assumption of the branch, e.g. 'r1c1=3'")
    links: list[LinkModel] = Field(description="each candidate forces the next (strong); a weak "
                                               "link at the end removes the target")


class SetModel(BaseModel):
    role: Literal["base", "cover", "fin", "als", "pattern", "target", "region", "cage"]
    cells: list[Cell]
    digits: list[int] | None = None
    label: str | None = None


class StepModel(BaseModel):
    """One logical step, as ``sudokit steps --json`` prints it."""

    technique: str
    name: str
    difficulty: float
    placements: list[Candidate]
    eliminations: list[Candidate]
    explanation: str
    cells: list[Cell]
    houses: list[str] = Field(description="'row 3', 'column 5', 'box 7' (always English: names "
                                          "the page reads)")
    house_names: list[str] | None = Field(None, description="the houses in the answer's language")
    candidates: list[Candidate]
    fins: list[Candidate] | None = None
    base_sets: list[str] | None = None
    cover_sets: list[str] | None = None
    links: list[LinkModel] | None = None
    branches: list[BranchModel] | None = Field(None, description="forcing chains and nets: "
                                                                 "each branch to draw")
    sets: list[SetModel] | None = Field(None, description="cells to colour by role: fish base "
                                                          "and cover sets, fins, ALSs, patterns, "
                                                          "a killer step's region and cages")


class ParsedPuzzle(BaseModel):
    position: PositionModel
    size: int
    box: list[int]
    filled: int
    comment: str


class ParseResponse(BaseModel):
    format: str
    total: int = Field(description="Puzzles in the text (at most 200 are sent back)")
    puzzles: list[ParsedPuzzle]


class HouseModel(BaseModel):
    kind: str = Field(description=(
        "row, column, box, region (a jigsaw's, in the boxes' place), diagonal, window, or the "
        "kind of house a newer rule adds"))
    name: str = Field(description=(
        'How steps name the house (English): "row 3", "region C", "diagonal 1", "window 2"'))
    label: str = Field(description='The name in the answer\'s language ("rad 3" in Swedish)')
    cells: list[Cell]


class BoardCageModel(BaseModel):
    sum: int
    cells: list[Cell] = Field(description="In reading order")
    name: str = Field(description='How steps name the cage: "cage 15 (r1c1, r1c2)"')
    label: str = Field(description='The name in the answer\'s language ("bur 15 (r1k1, r1k2)")')


class RuleModel(BaseModel):
    kind: str = Field(description="jigsaw, x, windoku, anti-knight, anti-king, killer, ...")
    label: str = Field(description="The rule's name in the answer's language")
    text: str = Field(description="What the rule says, one line in the answer's language")


class BoardResponse(BaseModel):
    size: int
    box: list[int] = Field(description="[box rows, box columns]")
    houses: list[HouseModel] = Field(description=(
        "Every house: the rows, the columns, the boxes (or the jigsaw regions), then the "
        "houses the rules add; a digit appears once in each"))
    extra_peers: list[list[Cell]] = Field(description=(
        "Pairs of cells that may not hold the same digit without sharing a house (a knight's "
        "or king's move apart, two cells of a killer cage), each pair once"))
    cages: list[BoardCageModel] = Field(description="The killer cages, in order of first cell")
    rules: list[RuleModel] = Field(description=(
        "The rules beyond rows, columns and boxes, in the model's order (none: classic)"))


class SolveResponse(BaseModel):
    status: Literal["unique", "solved", "multiple", "no-solution", "limit"]
    solution: PositionModel | None
    message: str


class CountResponse(BaseModel):
    count: int = Field(description="0, 1, or 2 meaning at least two")
    label: str = Field(description=(
        "The count in words, in the answer's language: no solution, unique, at least 2 (sv: "
        "ingen lösning, entydig, minst 2)"))


Warning = Annotated[str | None, Field(description=(
    "Said when the puzzle has several solutions or the position (its entries and candidates) "
    "has none; a puzzle with no solution is refused (422)"))]


class StepResponse(BaseModel):
    step: StepModel | None
    position: PositionModel = Field(description="The position after the step")
    solved: bool
    message: str
    warning: Warning = None


class StepsResponse(BaseModel):
    steps: list[StepModel] = Field(description=(
        "Every instance of every chosen technique in the position, none applied"))
    message: str
    complete: bool = Field(True, description=(
        "False when the time limit stopped the search: the steps found so far"))
    warning: Warning = None


class RoundResponse(BaseModel):
    steps: list[StepModel]
    position: PositionModel
    solved: bool
    message: str
    warning: Warning = None


class HintModel(BaseModel):
    level: Literal["nudge", "step"]
    technique: str
    name: str
    text: str
    houses: list[str]
    cells: list[Cell]
    step: StepModel | None = None


class HintResponse(BaseModel):
    hint: HintModel | None
    position: PositionModel | None = Field(description="At level step: the position after it")
    message: str
    warning: Warning = None


class CheckResponse(BaseModel):
    solved: bool
    complete: bool
    solvable: bool
    unique: bool
    entries: int
    wrong: list[list[int]] = Field(description="[row, col, entry, solution digit]")
    clashes: list[str]
    message: str


class ExportResponse(BaseModel):
    format: str
    text: str


class RatingModel(BaseModel):
    score: float = Field(description="Sudoku Explainer's ER: the hardest step of the path")
    level: str
    level_name: str | None = Field(None, description="The level in the answer's language")
    techniques: list[str]
    hardest: str | None
    trial: bool
    solved: bool
    steps: int
    ep: float = Field(description="EP: the hardest step up to the first placement")
    ed: float = Field(description="ED: the first step's rating")


class RateResponse(BaseModel):
    """A rating, or why there is none: only a puzzle with exactly one solution is rated."""

    status: Literal["unique", "multiple", "no-solution"]
    message: str = Field(description="The rating in one line, or why the puzzle has none")
    score: float | None
    level: str | None
    level_name: str | None = Field(None, description="The level in the answer's language")
    techniques: list[str]
    hardest: str | None
    trial: bool
    solved: bool
    steps: int
    ep: float | None = Field(description="EP: the hardest step up to the first placement")
    ed: float | None = Field(description="ED: the first step's rating")


class CancelResponse(BaseModel):
    cancelled: int = Field(description="Requests stopped (0: none of this client unfinished)")
    message: str


class GenerateResponse(BaseModel):
    position: PositionModel
    rating: RatingModel | None
    seed: int | None
    variants: list[str] = Field([], description="The variant's names (jigsaw: see regions)")
    regions: Regions = Field(None, description="Jigsaw regions as in a position (null: boxes)")
    cages: list | None = Field(None, description="Killer cages as in a position (null: none)")


class TechniqueModel(BaseModel):
    id: str
    name: str
    difficulty: float
    family: str
    uniqueness: bool


class InfoResponse(BaseModel):
    version: str
    languages: list[str] = Field(description="Languages of the texts (the lang field)")
    max_size: int
    max_body: int
    time_limit: float
    formats: list[str]
    levels: list[str]
    symmetries: list[str]
    techniques: list[TechniqueModel]


# --- pictures and print (sudokit.engines.render) --------------------------------------------------------

class RenderRequest(PuzzleRequest):
    """A picture of a puzzle or position (POST /api/render): SVG text or a PNG."""

    to: Literal["svg", "png"] = "svg"
    candidates: Annotated[bool, Field(description="Draw the pencil marks (the position's "
                                                  "candidates)")] = False
    solution: Annotated[bool, Field(description="Write the solution in the empty cells")] = False
    step: Annotated[dict | None, Field(description=(
        "A step to draw, as /api/step returned it (links, branches, sets, placements, "
        "eliminations, candidates, cells)"))] = None
    next_step: Annotated[bool, Field(description="Find the next logical step and draw it "
                                                 "(when no step is given)")] = False
    cells: Annotated[list[Cell], Field(max_length=4096, description="Cells to highlight")] = []
    marked: Annotated[list[Candidate], Field(max_length=4096, description=(
        "Candidates to highlight"))] = []
    eliminations: Annotated[list[Candidate], Field(max_length=4096)] = []
    placements: Annotated[list[Candidate], Field(max_length=4096)] = []
    coordinates: Annotated[bool, Field(description="Label rows r1.. and columns c1..")] = False
    caption: Annotated[str | None, Field(max_length=2000, description=(
        "Text under the grid; default: the step's explanation when a step is drawn"))] = None
    style: Literal["screen", "print"] = "screen"
    size_px: Annotated[int | None, Field(ge=50, le=4000, description=(
        "Width in pixels (default 400, more for big grids)"))] = None


class RenderResponse(BaseModel):
    format: Literal["svg", "png"]
    media_type: Literal["image/svg+xml", "image/png"]
    encoding: Literal["utf-8", "base64"] = Field(description="svg: the text itself; png: base64")
    data: str = Field(description="The SVG document, or the PNG in base64")
    step: StepModel | None = Field(None, description="The step drawn (with next_step)")


class PrintRequest(VariantFields):
    """A PDF booklet of puzzles (POST /api/print)."""

    puzzles: Annotated[list[PuzzleField], Field(min_length=1, max_length=200, description=(
        "The puzzles: each a position object or text (only the givens are printed)"))]
    box: BoxShape = None
    format: Annotated[str | None, Field(max_length=32)] = None
    per_page: Literal[1, 2, 4, 6] = 4
    solutions: Annotated[bool, Field(description="Add answer pages")] = False
    title: Annotated[str, Field(max_length=200)] = ""
    rate: Annotated[bool, Field(description="Label each puzzle with its level and score")] = False
    paper: Literal["a4", "letter"] = "a4"
    style: Literal["print", "screen"] = "print"
    time_limit: Seconds | None = None
    job: JobId = None


class PrintResponse(BaseModel):
    media_type: Literal["application/pdf"] = "application/pdf"
    puzzles: int
    pages: int
    without_answer: int = Field(description="Puzzles with several solutions: no answer printed")
    data: str = Field(description="The PDF in base64")


class ReadImageRequest(_Lang):
    image: Annotated[str, Field(max_length=MAX_TEXT, description=(
        "The picture (JPEG, PNG, WebP, BMP or TIFF) in base64, or as a data URL "
        "(data:image/jpeg;base64,...); the request body cap applies, so shrink a phone photo "
        "to about 1600 pixels on its longer side first"))]
    size: Annotated[int | None, Field(ge=4, le=25, description=(
        "The grid's side when known (default: found from its lines: 4, 6, 9 or 16)"))] = None
    box: BoxShape = None
    repair: Annotated[bool, Field(description=(
        "Change the least sure cells to the nearest reading with exactly one solution"))] = True
    time_limit: Seconds | None = None
    job: JobId = None


class ReadCellModel(BaseModel):
    cell: Cell
    name: str = Field(description="'r3c5'")
    read: str | None = Field(None, description="repaired: the symbol read ('.' empty)")
    now: str | None = Field(None, description="repaired: the symbol now in the grid")
    alternatives: list[tuple[str, float]] | None = Field(None, description=(
        "doubtful: the likeliest symbols with their probability, best first ('.' empty)"))


class ReadImageResponse(BaseModel):
    position: PositionModel
    puzzle: str = Field(description="The grid read, one line ('.' empty)")
    size: int
    box: list[int]
    confidence: list[float] = Field(description="Per cell, row by row: how sure (0..1)")
    corners: list[list[float]] = Field(description=(
        "The grid's corners in the picture sent, [x, y] pixels: top-left, top-right, "
        "bottom-right, bottom-left of the puzzle as it reads"))
    rotation: int = Field(description="Degrees the picture was turned (clockwise) to read it")
    repaired: list[ReadCellModel] = Field(description="Cells the repair changed")
    doubtful: list[ReadCellModel] = Field(description="Cells to check by eye")
    status: Literal["unique", "repaired", "no-solution", "several-solutions", "unknown"]
    solutions: int | None = Field(description="1, 0, 2 (several), or null (not checked)")
    message: str
    image: str = Field(description="The grid straightened and upright: a PNG data URL")
    seconds: float
