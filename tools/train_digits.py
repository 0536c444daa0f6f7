#!/usr/bin/env python
"""Train the glyph classifier that ``sudokit read`` uses, and write its weights into the
package (src/sudokit/engines/vision/digits.npz). One command, fixed seed:

    .venv/bin/pip install -e ".[photo]" pillow
    .venv/bin/python tools/train_digits.py            # about two minutes on one core

Samples: the cells of the 160 photos in ../shared/data/photos/ (labels from their .dat files)
and symbols 1-9, A-G rendered with the fonts under /usr/share/fonts (Debian: fonts-dejavu,
fonts-liberation) and OpenCV's Hershey fonts, with augmentation. See docs/photo.md.
"""

import os
import sys
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from sudokit.engines.vision.train import main  # noqa: E402

if __name__ == "__main__":
    raise SystemExit(main())
