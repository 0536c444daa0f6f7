"""Shared data of the render tests: puzzles of several sizes, a position whose next step is a
chain (an AIC found on top1465's first puzzles), and reading a PDF's text back."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
SIX = "1.....\n..3.5.\n.4....\n....2.\n.5.1..\n.....6"
#: A position of top1465's puzzle whose next step is an AIC (9 links).
AIC_POSITION = {"box": [3, 3], "givens": '....2..4..7...6....1.5.....2......8....3..7..4.9.........6..1.38...9..........5..',
                "values": '...723.41.7..16....1.5.....2.7..1.8....3..7..4.9....1...56..1.38.3195.......3.5.8',
                "candidates": ['59', '5689', '68', '', '', '', '69', '', '', '39', '', '24', '489', '', '', '89', '235', '25', '36', '', '24', '', '48', '489', '2689', '367', '27', '', '356', '', '49', '56', '', '346', '', '4569', '15', '58', '168', '', '456', '249', '', '256', '49', '', '356', '', '28', '567', '278', '236', '', '256', '79', '249', '', '', '478', '2478', '', '29', '', '', '26', '', '', '', '', '246', '67', '2467', '1679', '246', '16', '24', '', '47', '', '69', '']}


def pdf_pages_text(data: bytes) -> list[str]:
    pypdf = pytest.importorskip("pypdf")
    reader = pypdf.PdfReader(io.BytesIO(data))
    return [page.extract_text() or "" for page in reader.pages]


def digits(text: str) -> str:
    return "".join(ch for ch in text if ch.isalnum())
