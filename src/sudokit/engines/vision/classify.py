"""The glyph classifier: HOG-style gradient histograms and coarse pixels of a normalised glyph,
fed to a small neural network (one hidden layer) whose weights ship with the package
(``digits.npz``, trained by ``tools/train_digits.py``). Inference is plain NumPy, so it runs
wherever the OpenCV and NumPy wheels install.

Classes: 0 is "no symbol" (a smudge, a bit of a line), 1..16 the symbols 1-9 and A-G.
"""

from __future__ import annotations

import functools
from importlib import resources

from sudokit.engines.vision._deps import require
from sudokit.engines.vision.cells import GLYPH
from sudokit.engines.vision.errors import VisionUnavailableError

#: Number of classes: no symbol, then 1..16.
CLASSES = 17
MODEL_FILE = "digits.npz"


def features(images, heights, widths):
    """Feature rows (float32) for glyph pictures (N x GLYPH x GLYPH) and their box sizes."""
    cv2, np = require()
    imgs = np.asarray(images, np.float32).reshape(-1, GLYPH, GLYPH)
    n = len(imgs)
    gx = np.zeros_like(imgs)
    gy = np.zeros_like(imgs)
    gx[:, :, 1:-1] = imgs[:, :, 2:] - imgs[:, :, :-2]
    gy[:, 1:-1, :] = imgs[:, 2:, :] - imgs[:, :-2, :]
    mag = np.sqrt(gx * gx + gy * gy)
    ang = np.mod(np.arctan2(gy, gx), np.pi)  # unsigned orientation
    bins = 9
    b = np.minimum((ang / np.pi * bins).astype(np.int64), bins - 1)
    cells = 4
    cs = GLYPH // cells  # 7 pixels
    # histogram per (cell row, cell col, bin): scatter-add the magnitudes
    rows = np.arange(GLYPH) // cs
    cell_index = (rows[:, None] * cells + rows[None, :])  # GLYPH x GLYPH
    idx = (cell_index[None, :, :] * bins + b) + (np.arange(n) * cells * cells * bins)[:, None, None]
    hog = np.bincount(idx.ravel(), weights=mag.ravel(), minlength=n * cells * cells * bins)
    hog = hog.reshape(n, cells * cells * bins).astype(np.float32)
    hog = np.sqrt(hog)
    hog /= np.linalg.norm(hog, axis=1, keepdims=True) + 1e-6
    small = imgs.reshape(n, 14, 2, 14, 2).mean(axis=(2, 4)).reshape(n, 196)
    extra = np.stack([np.asarray(heights, np.float32), np.asarray(widths, np.float32),
                      imgs.mean(axis=(1, 2))], axis=1)
    return np.concatenate([hog * 3.0, small, extra], axis=1).astype(np.float32)


class Model:
    """The network: standardise, ReLU hidden layer, softmax."""

    def __init__(self, mean, std, w1, b1, w2, b2) -> None:
        self.mean, self.std = mean, std
        self.w1, self.b1, self.w2, self.b2 = w1, b1, w2, b2

    @classmethod
    def load(cls, path=None) -> Model:
        _, np = require()
        if path is None:
            ref = resources.files(__package__).joinpath(MODEL_FILE)
            with resources.as_file(ref) as p:
                try:
                    data = np.load(p)
                except FileNotFoundError:
                    raise VisionUnavailableError(
                        f"the digit model {MODEL_FILE} is missing from the package "
                        "(train it with: python tools/train_digits.py)") from None
                return cls(*(data[k] for k in ("mean", "std", "w1", "b1", "w2", "b2")))
        data = np.load(path)
        return cls(*(data[k] for k in ("mean", "std", "w1", "b1", "w2", "b2")))

    def save(self, path) -> None:
        _, np = require()
        np.savez_compressed(path, mean=self.mean, std=self.std, w1=self.w1, b1=self.b1,
                            w2=self.w2, b2=self.b2)

    def logits(self, x):
        _, np = require()
        h = np.maximum((x - self.mean) / self.std @ self.w1 + self.b1, 0)
        return h @ self.w2 + self.b2

    def proba(self, x):
        """Class probabilities (N x CLASSES)."""
        _, np = require()
        z = self.logits(x)
        z = z - z.max(axis=1, keepdims=True)
        e = np.exp(z)
        return e / e.sum(axis=1, keepdims=True)


@functools.lru_cache(maxsize=1)
def default_model() -> Model:
    return Model.load()


def classify(glyph_list, model: Model | None = None):
    """Probabilities (N x CLASSES) of a list of :class:`~.cells.Glyph`."""
    _, np = require()
    model = model or default_model()
    if not glyph_list:
        return np.zeros((0, CLASSES), np.float32)
    x = features([g.image for g in glyph_list], [g.height for g in glyph_list],
                 [g.width for g in glyph_list])
    return model.proba(x)
