"""Training the glyph classifier (run ``python tools/train_digits.py``; see docs/photo.md).

Samples come from two places:

* the cells of the shared photos (``../shared/data/photos/imageN.jpg`` with ``imageN.dat``):
  each photo is read by the same steps as :func:`sudokit.engines.vision.read_image` (find the grid,
  straighten, cut out glyphs) and every glyph is labelled from the ``.dat`` file, a glyph cut
  from an empty cell being class 0 ("no symbol"); each is also jittered a few times;
* symbols 1-9 and A-G rendered with every TrueType font under /usr/share/fonts (Debian's
  fonts-dejavu and fonts-liberation) and OpenCV's Hershey fonts, drawn in a cell of a small
  grid with lines of random weight, shifted, scaled, turned a little, warped, blurred, lit
  unevenly and noised, then cut out by the same steps. Smudges and bits of neighbouring
  digits make more class-0 samples.

The network (features of :mod:`.classify`, one hidden layer) is trained with Adam in NumPy
from a fixed seed, so the same command gives the same weights on the same machine.
Rendering uses Pillow (a tool-time need only: ``pip install pillow``).
"""

from __future__ import annotations

import argparse
import glob
import os
import time
from pathlib import Path

from sudokit.engines.vision._deps import require
from sudokit.engines.vision.api import _orient
from sudokit.engines.vision.cells import CELL, GLYPH, CellInk, Glyph, glyphs, straighten
from sudokit.engines.vision.classify import CLASSES, Model, features
from sudokit.engines.vision.errors import SudokitError
from sudokit.engines.vision.load import load
from sudokit.engines.vision.locate import find_grid

SEED = 15
SYMBOLS = "123456789ABCDEFG"


# --- the photos ---------------------------------------------------------------------------
def read_dat(path) -> list[int]:
    """The 81 values of a ``.dat`` file (its lines after the two header lines)."""
    lines = Path(path).read_text(errors="replace").splitlines()[2:]
    values = [int(t) for line in lines for t in line.split()]
    if len(values) != 81:
        raise ValueError(f"{path}: {len(values)} values, not 81")
    return values


def photo_list(folder) -> list[Path]:
    """The photos of the shared folder that have their ``.dat``, in name order."""
    return sorted((p for p in Path(folder).glob("image*.jpg") if p.with_suffix(".dat").exists()),
                  key=lambda p: int(p.stem[5:]) if p.stem[5:].isdigit() else 0)


def templates(samples):
    """The mean picture of each symbol (label -> GLYPH x GLYPH) among ``samples``."""
    _, np = require()
    out = {}
    for label in sorted({y for _, y in samples if y}):
        imgs = [g.image for g, y in samples if y == label]
        out[label] = np.mean(imgs, axis=0)
    return out


def photo_glyphs(path, shapes=None):
    """``[(glyph, label)]`` for the glyph cells of one photo (none when its grid is not found).

    A photo taken sideways or upside down is turned to the quarter turn whose glyph cells match
    the labelled cells; many puzzles look the same turned half way (their givens are placed
    symmetrically), so among turns that match equally the one whose glyphs look most like
    the ``shapes`` (:func:`templates`) of their labels wins."""
    _, np = require()
    labels = read_dat(Path(path).with_suffix(".dat"))
    gray, _, _ = load(str(path))
    try:
        corners = find_grid(gray, (9,))
    except SudokitError:
        return []
    cells = glyphs(straighten(gray, corners, 9), 9)
    turns = [_orient(cells, 9, k) for k in range(4)]
    miss = [sum((g is None) != (labels[i] == 0) for i, g in enumerate(t)) for t in turns]
    tied = [k for k in range(4) if miss[k] == min(miss)]

    def likeness(k):
        return sum(float((g.image * shapes[labels[i]]).sum()) / (float(np.linalg.norm(g.image)) + 1e-6)
                   for i, g in enumerate(turns[k]) if g is not None and labels[i] in shapes)

    best = max(tied, key=likeness) if shapes and len(tied) > 1 else tied[0]
    return [(g, labels[i]) for i, g in enumerate(turns[best]) if g is not None]


def jitter(g: Glyph, rng) -> Glyph:
    """A glyph turned, scaled, thickened or thinned a little."""
    cv2, np = require()
    img = g.image
    angle = rng.uniform(-7, 7)
    s = rng.uniform(0.9, 1.08)
    m = cv2.getRotationMatrix2D((GLYPH / 2, GLYPH / 2), angle, s)
    m[:, 2] += rng.uniform(-1.2, 1.2, size=2)
    out = cv2.warpAffine(img, m, (GLYPH, GLYPH), flags=cv2.INTER_LINEAR)
    r = rng.random()
    if r < 0.25:
        out = cv2.dilate(out, np.ones((2, 2), np.uint8))
    elif r < 0.5:
        out = cv2.erode(out, np.ones((2, 2), np.uint8))
    return Glyph(out, g.height * s, g.width * s)


# --- rendering --------------------------------------------------------------------------------
def fonts() -> list[str]:
    """TrueType fonts installed on the machine (sorted, so the order is fixed)."""
    found = sorted(set(glob.glob("/usr/share/fonts/**/*.ttf", recursive=True)))
    return [f for f in found if "Symbol" not in f and "Math" not in f]


def _draw_ttf(canvas, text, font_path, height, cx, cy, rng):
    """Draw ``text`` centred at (cx, cy), about ``height`` pixels tall, with a TrueType font."""
    from PIL import Image, ImageDraw, ImageFont

    _, np = require()
    font = ImageFont.truetype(font_path, max(8, int(height * 1.35)))
    img = Image.fromarray(canvas)
    draw = ImageDraw.Draw(img)
    box = draw.textbbox((0, 0), text, font=font)
    w, h = box[2] - box[0], box[3] - box[1]
    scale = height / max(h, 1)
    if abs(scale - 1) > 0.08:
        font = ImageFont.truetype(font_path, max(8, int(height * 1.35 * scale)))
        box = draw.textbbox((0, 0), text, font=font)
        w, h = box[2] - box[0], box[3] - box[1]
    ink = int(rng.integers(0, 90))
    draw.text((cx - w / 2 - box[0], cy - h / 2 - box[1]), text, fill=ink, font=font)
    canvas[:] = np.asarray(img)


def _draw_hershey(canvas, text, height, cx, cy, rng):
    cv2, _ = require()
    face = [cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_TRIPLEX,
            cv2.FONT_HERSHEY_COMPLEX][int(rng.integers(0, 4))]
    thick = int(rng.integers(1, 4))
    (w, h), _ = cv2.getTextSize(text, face, 1.0, thick)
    scale = height / max(h, 1)
    (w, h), _ = cv2.getTextSize(text, face, scale, thick)
    cv2.putText(canvas, text, (int(cx - w / 2), int(cy + h / 2)), face, scale,
                int(rng.integers(0, 90)), thick, cv2.LINE_AA)


def render_cell(symbol: str | None, font: str | None, rng):
    """A 3x3 block of cells (side 3*CELL) with ``symbol`` in the centre cell (None: empty, with
    a smudge or a neighbour's digit poking in), degraded like a photo. Returns the glyph cut
    from the centre cell by the reader's own steps, or None."""
    cv2, np = require()
    side = 3 * CELL
    paper = int(rng.integers(150, 256))
    canvas = np.full((side, side), paper, np.uint8)
    # grid lines at the cell edges (an outer box line now and then)
    for k in range(4):
        for axis in (0, 1):
            t = int(rng.integers(1, 4)) if rng.random() < 0.8 else int(rng.integers(3, 6))
            p = k * CELL + int(rng.integers(-2, 3))
            col = int(rng.integers(0, 110))
            if axis == 0:
                cv2.line(canvas, (p, 0), (p, side), col, t)
            else:
                cv2.line(canvas, (0, p), (side, p), col, t)
    cx = 1.5 * CELL + rng.normal(0, 0.05 * CELL)
    cy = 1.5 * CELL + rng.normal(0, 0.05 * CELL)
    if symbol is not None:
        height = rng.uniform(0.42, 0.78) * CELL
        if font is None:
            _draw_hershey(canvas, symbol, height, cx, cy, rng)
        else:
            _draw_ttf(canvas, symbol, font, height, cx, cy, rng)
    else:
        kind = rng.random()
        if kind < 0.4:  # a smudge
            r = rng.uniform(1, 4)
            cv2.circle(canvas, (int(cx + rng.normal(0, 6)), int(cy + rng.normal(0, 6))),
                       int(r), int(rng.integers(40, 140)), -1)
        elif kind < 0.7:  # a short stroke
            x0, y0 = int(cx + rng.normal(0, 8)), int(cy + rng.normal(0, 8))
            cv2.line(canvas, (x0, y0), (x0 + int(rng.normal(0, 8)), y0 + int(rng.normal(0, 8))),
                     int(rng.integers(40, 140)), int(rng.integers(1, 3)))
    # neighbouring digits
    for (dx, dy) in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if rng.random() < 0.5:
            _draw_hershey(canvas, SYMBOLS[int(rng.integers(0, 9))], rng.uniform(0.45, 0.7) * CELL,
                          1.5 * CELL + dx * CELL + rng.normal(0, 3),
                          1.5 * CELL + dy * CELL + rng.normal(0, 3), rng)
    # geometry: a little turn, scale and perspective
    src = np.float32([[0, 0], [side, 0], [side, side], [0, side]])
    dst = src + rng.normal(0, 0.025 * side, size=(4, 2)).astype(np.float32)
    m = cv2.getPerspectiveTransform(src, dst)
    canvas = cv2.warpPerspective(canvas, m, (side, side), borderMode=cv2.BORDER_REPLICATE)
    # light, blur, noise
    grad = np.linspace(rng.uniform(0.6, 1.0), rng.uniform(0.6, 1.0), side, dtype=np.float32)
    img = canvas.astype(np.float32) * (grad[None, :] if rng.random() < 0.5 else grad[:, None])
    sigma = rng.uniform(0, 1.6)
    if sigma > 0.3:
        img = cv2.GaussianBlur(img, (0, 0), sigma)
    img += rng.normal(0, rng.uniform(0, 10), img.shape).astype(np.float32)
    if rng.random() < 0.3:  # low resolution, as in a far-off photo
        f = rng.uniform(0.45, 0.8)
        small = cv2.resize(img, (int(side * f), int(side * f)), interpolation=cv2.INTER_AREA)
        img = cv2.resize(small, (side, side), interpolation=cv2.INTER_LINEAR)
    img = np.clip(img, 0, 255).astype(np.uint8)
    if rng.random() < 0.3:
        ok, enc = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(30, 90))])
        img = cv2.imdecode(enc, cv2.IMREAD_GRAYSCALE)
    return CellInk(img, CELL).glyph(CELL, 2 * CELL, CELL, 2 * CELL)


def rendered_samples(per_symbol: int = 900, seed: int = SEED, symbols: str = SYMBOLS,
                     log=print):
    """``[(glyph, label)]`` rendered: ``per_symbol`` of each symbol, and as many empty cells."""
    _, np = require()
    rng = np.random.default_rng(seed)
    ttf = fonts()
    faces = ttf + [None] * max(2, len(ttf) // 6)  # None: a Hershey font of OpenCV
    out = []
    t = time.perf_counter()
    for label, sym in enumerate(symbols, start=1):
        for i in range(per_symbol):
            g = render_cell(sym, faces[int(rng.integers(0, len(faces)))], rng)
            if g is not None:
                out.append((g, label))
        log(f"  rendered {sym}: {per_symbol} cells ({time.perf_counter() - t:.0f} s)")
    for i in range(per_symbol * 3):
        g = render_cell(None, None, rng)
        if g is not None:
            out.append((g, 0))
    log(f"  rendered empty cells: {sum(1 for _, y in out if y == 0)} glyphs of smudges")
    return out


# --- the network -----------------------------------------------------------------------------
def to_arrays(samples):
    _, np = require()
    x = features([g.image for g, _ in samples], [g.height for g, _ in samples],
                 [g.width for g, _ in samples])
    y = np.array([label for _, label in samples], np.int64)
    return x, y


def fit(x, y, *, hidden: int = 256, epochs: int = 30, seed: int = SEED, lr: float = 2e-3,
        l2: float = 1e-4, batch: int = 128, log=print) -> Model:
    """Train the one-hidden-layer network with Adam and softmax cross-entropy."""
    _, np = require()
    rng = np.random.default_rng(seed)
    mean = x.mean(axis=0)
    std = x.std(axis=0) + 1e-3
    xs = ((x - mean) / std).astype(np.float32)
    d = xs.shape[1]
    w1 = (rng.normal(0, np.sqrt(2 / d), (d, hidden))).astype(np.float32)
    b1 = np.zeros(hidden, np.float32)
    w2 = (rng.normal(0, np.sqrt(1 / hidden), (hidden, CLASSES))).astype(np.float32)
    b2 = np.zeros(CLASSES, np.float32)
    params = [w1, b1, w2, b2]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    # balance: each class weighs as if it had the median count
    counts = np.bincount(y, minlength=CLASSES).astype(np.float32)
    weight = np.where(counts > 0, np.median(counts[counts > 0]) / counts.clip(1), 0).clip(0.2, 5)
    step = 0
    n = len(xs)
    for epoch in range(epochs):
        order = rng.permutation(n)
        rate = lr * 0.5 * (1 + np.cos(np.pi * epoch / epochs))
        total = 0.0
        for s in range(0, n, batch):
            idx = order[s:s + batch]
            xb, yb = xs[idx], y[idx]
            wb = weight[yb]
            h_pre = xb @ w1 + b1
            h = np.maximum(h_pre, 0)
            z = h @ w2 + b2
            z -= z.max(axis=1, keepdims=True)
            p = np.exp(z)
            p /= p.sum(axis=1, keepdims=True)
            total += float(-(np.log(p[np.arange(len(yb)), yb] + 1e-9) * wb).sum())
            g = p
            g[np.arange(len(yb)), yb] -= 1
            g *= (wb / wb.sum())[:, None]
            gw2 = h.T @ g + l2 * w2
            gb2 = g.sum(axis=0)
            gh = (g @ w2.T) * (h_pre > 0)
            gw1 = xb.T @ gh + l2 * w1
            gb1 = gh.sum(axis=0)
            step += 1
            for i, gr in enumerate((gw1, gb1, gw2, gb2)):
                m[i] = 0.9 * m[i] + 0.1 * gr
                v[i] = 0.999 * v[i] + 0.001 * gr * gr
                mh = m[i] / (1 - 0.9 ** step)
                vh = v[i] / (1 - 0.999 ** step)
                params[i] -= (rate * mh / (np.sqrt(vh) + 1e-8)).astype(np.float32)
        if log and (epoch % 5 == 4 or epoch == epochs - 1):
            log(f"  epoch {epoch + 1}/{epochs}: loss {total / n:.4f}")
    return Model(mean.astype(np.float32), std.astype(np.float32), *params)


def build(photos, rendered, *, seed: int = SEED, jitters: int = 6, log=print) -> Model:
    """A model from the glyphs of ``photos`` (paths) plus ``rendered`` samples."""
    _, np = require()
    rng = np.random.default_rng(seed + 1)
    samples = list(rendered)
    shapes = templates(rendered)
    real = 0
    for p in photos:
        for g, label in photo_glyphs(p, shapes):
            samples.append((g, label))
            real += 1
            for _ in range(jitters):
                samples.append((jitter(g, rng), label))
    log(f"  {real} glyphs from {len(photos)} photos (x{jitters + 1} with jitter), "
        f"{len(rendered)} rendered")
    x, y = to_arrays(samples)
    return fit(x, y, seed=seed, log=log)


def main(argv=None) -> int:
    cv2, np = require()
    cv2.setNumThreads(1)
    here = Path(__file__).resolve()
    default_photos = here.parents[3].parent / "shared" / "data" / "photos"
    ap = argparse.ArgumentParser(description="Train sudokit's glyph classifier (see docs/photo.md).")
    ap.add_argument("--photos", default=str(default_photos), help="folder of imageN.jpg + .dat")
    ap.add_argument("--out", default=str(here.parent / "digits.npz"), help="weights file to write")
    ap.add_argument("--per-symbol", type=int, default=900, help="rendered cells per symbol")
    ap.add_argument("--seed", type=int, default=SEED)
    args = ap.parse_args(argv)
    t = time.perf_counter()
    photos = photo_list(args.photos)
    if not photos:
        print(f"no photos with .dat files in {args.photos}; training on rendered symbols only")
    print(f"rendering with {len(fonts())} TrueType fonts + OpenCV's Hershey fonts")
    rendered = rendered_samples(args.per_symbol, args.seed)
    model = build(photos, rendered, seed=args.seed)
    model.save(args.out)
    print(f"wrote {args.out} ({os.path.getsize(args.out) / 1024:.0f} KB) in "
          f"{time.perf_counter() - t:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
