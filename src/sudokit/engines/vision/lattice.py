"""Fitting the grid's lines to a rough outline, and scoring how grid-like an outline is.

A rough quadrilateral (an outline found by :mod:`.locate`, perhaps only part of the grid, or
reaching into text, or cut by the picture's edge) is straightened with a wide margin around it.
In that canvas the dark thin strokes (black-hat) that run straight for about a cell are the
grid's lines; their profiles across each axis give the n+1 evenly spaced lines (a lattice
fitted to the profile's peaks, any spacing from half to twice the outline's). Each line is then
fitted as a straight line, their crossings are mapped back into the picture and the
homography of the whole lattice (least squares over every crossing seen, so a corner off the
picture is extrapolated) gives the refined corners. Two more rounds with a small margin take out
the remaining perspective error.

:func:`score` says how much a straightened outline looks like an n x n grid: every line there
across the whole grid, nothing between the lines, no line a cell beyond the outline (part of
a larger lattice, a crossword), and for a 9x9 the box lines thicker than the others.
"""

from __future__ import annotations

from dataclasses import dataclass

from sudokit.engines.vision._deps import require
from sudokit.engines.vision.warp import order_corners

#: Side of the straightened grid in the canvas, in pixels (whatever the size).
SIDE = 288
#: A score this high needs no second try.
SURE = 0.95


@dataclass
class Fit:
    """A refined outline: corners (float32 4x2, top-left first), grid size and its score."""

    corners: object
    n: int
    score: float


def _canvas(gray, quad, margin: int, side: int = SIDE):
    """The picture straightened so that ``quad`` becomes the square [margin, margin + side]^2,
    with ``margin`` pixels of picture around it; and the homography used."""
    cv2, np = require()
    m, s = margin, side
    dst = np.float32([[m, m], [m + s, m], [m + s, m + s], [m, m + s]])
    h = cv2.getPerspectiveTransform(np.asarray(quad, np.float32), dst)
    full = s + 2 * m
    fill = float(np.median(gray[::16, ::16]))
    canvas = cv2.warpPerspective(gray, h, (full, full), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=fill)
    return canvas, h


def line_maps(canvas, cell: float):
    """(vertical, horizontal): the dark thin strokes of ``canvas`` (uint8) that run straight
    for most of a cell up and down, or across."""
    cv2, np = require()
    k = max(5, int(cell * 0.4) | 1)
    dark = cv2.morphologyEx(canvas, cv2.MORPH_BLACKHAT,
                            cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    run = max(5, int(cell * 0.9))
    vert = cv2.morphologyEx(dark, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (1, run)))
    horiz = cv2.morphologyEx(dark, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (run, 1)))
    return vert, horiz


def _profile(lines, axis: int, lo: int = 0, hi: int | None = None):
    """Mean line darkness along ``axis`` (0: per column, over rows lo..hi), baseline removed."""
    _, np = require()
    part = lines[lo:hi] if axis == 0 else lines[:, lo:hi]
    p = part.mean(axis=axis, dtype=np.float32)
    return np.maximum(p - np.median(p), 0)


def _peaks(profile, r: int = 1):
    """The profile's maximum within ``r`` pixels of each position."""
    _, np = require()
    out = profile.copy()
    for d in range(1, r + 1):
        out[d:] = np.maximum(out[d:], profile[:-d])
        out[:-d] = np.maximum(out[:-d], profile[d:])
    return out


def fit_lattice(profile, n: int, step: float, lo: float, hi: float, near=None):
    """``(a, b, value)``: the n+1 positions a + b*k (b from lo*step to hi*step, a within half
    a step of ``near`` when given) on which the profile's peaks add up most."""
    _, np = require()
    p = _peaks(profile)
    width = len(p)
    bs = np.linspace(lo * step, hi * step, max(9, int((hi - lo) * 40)))
    span = bs * n
    if near is None:
        a = np.arange(width, dtype=np.float64)
    else:
        a = np.arange(max(0, int(near - step / 2)), min(width, int(near + step / 2) + 1),
                      dtype=np.float64)
    k = np.arange(-1, n + 2)
    pos = np.rint(a[:, None, None] + bs[None, :, None] * k[None, None, :]).astype(np.int64)
    inside = (pos >= 0) & (pos < width)
    at = np.where(inside, p[pos.clip(0, width - 1)], 0)
    # the lines, less any line a step beyond either end (then this is part of a larger
    # lattice); for 9x9 the box lines' thickness favours the lattice whose every third is thick
    total = at[:, :, 1:-1].sum(axis=2) - 0.5 * (at[:, :, 0] + at[:, :, -1])
    if n == 9:
        wide = np.convolve(profile, np.ones(5, np.float32) / 5, mode="same")
        total += 0.5 * np.where(inside, wide[pos.clip(0, width - 1)], 0)[:, :, 1:-1:3].sum(axis=2)
    total[a[:, None] + span[None, :] >= width + 0.5 * bs[None, :]] = -1  # lattice off the canvas
    ia, ib = np.unravel_index(int(np.argmax(total)), total.shape)
    return float(a[ia]), float(bs[ib]), float(total[ia, ib])


def _mid(x) -> float:
    """The median of a small array (np.median's overhead dwarfs the work here)."""
    _, np = require()
    return float(np.sort(x)[len(x) // 2])


def _wls(t, p, w):
    """Weighted least squares line ``p = c + d * t``: (c, d)."""
    sw = w.sum()
    tm, pm = (w * t).sum() / sw, (w * p).sum() / sw
    var = (w * (t - tm) ** 2).sum()
    d = (w * (t - tm) * (p - pm)).sum() / var if var > 0 else 0.0
    return pm - d * tm, d


def _fit_line(lines, axis: int, at: float, half: float, lo: float, hi: float):
    """A straight line ``pos = c + d * t`` through the dark pixels within ``half`` of ``at``
    (t runs along the line from lo to hi), or None when too little of it is there."""
    _, np = require()
    size = lines.shape[0]
    a0, a1 = int(max(0, at - half)), int(min(size, at + half + 1))
    t0, t1 = int(max(0, lo)), int(min(size, hi))
    if a1 - a0 < 3 or t1 - t0 < 10:
        return None
    band = lines[t0:t1, a0:a1] if axis == 0 else lines[a0:a1, t0:t1].T  # rows = t
    chunk = max(4, (t1 - t0) // 24)
    count = (t1 - t0) // chunk
    w = band[:count * chunk].reshape(count, chunk, a1 - a0).sum(axis=1, dtype=np.float64)
    tot = w.sum(axis=1)
    ok = tot > 0
    if ok.sum() < 6:
        return None
    ts = (t0 + np.arange(count) * chunk + chunk / 2)[ok]
    ps = (w[ok] @ np.arange(a0, a1, dtype=np.float64)) / tot[ok]
    ws = tot[ok]
    keep = ws > 0.15 * _mid(ws)
    for _ in range(2):
        if keep.sum() < 6:
            return None
        c, d = _wls(ts[keep], ps[keep], np.sqrt(ws[keep]))
        res = np.abs(ps - (c + d * ts))
        keep = keep & (res < max(1.5, 2.5 * _mid(res[keep])))
    if keep.sum() < 6:
        return None
    return float(c), float(d)


def _corners_from_lines(vert, horiz, xa, xb, ya, yb, n, h_inv):
    """Corners in the picture from the fitted lines of a lattice (x = xa + xb*k, y = ya + yb*j)
    in the canvas; None when fewer than two lines each way are found."""
    cv2, np = require()
    cols, rows = [], []
    for k in range(n + 1):
        f = _fit_line(vert, 0, xa + xb * k, 0.3 * xb, ya - 0.2 * yb, ya + yb * n + 0.2 * yb)
        if f is not None:
            cols.append((k, f))
        f = _fit_line(horiz, 1, ya + yb * k, 0.3 * yb, xa - 0.2 * xb, xa + xb * n + 0.2 * xb)
        if f is not None:
            rows.append((k, f))
    if len(cols) < 2 or len(rows) < 2:
        return None
    src, dst = [], []
    for k, (c, d) in cols:  # x = c + d*y
        for j, (e, f) in rows:  # y = e + f*x
            den = 1 - d * f
            if abs(den) < 1e-6:
                continue
            x = (c + d * e) / den
            src.append((k, j))
            dst.append((x, e + f * x))
    if len(src) < 4:
        return None
    pts = cv2.perspectiveTransform(np.float32(dst).reshape(-1, 1, 2), h_inv).reshape(-1, 2)
    hom, _ = cv2.findHomography(np.float32(src), pts, 0)
    if hom is None:
        return None
    outline = np.float32([[0, 0], [n, 0], [n, n], [0, n]]).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(outline, hom).reshape(4, 2)


def _lattice_corners(gray, quad, n, side, margin, lo, hi, near=None):
    """One round: the lattice of n+1 lines each way fitted near ``quad``, as corners."""
    _, np = require()
    canvas, h = _canvas(gray, quad, margin, side)
    step = side / n
    vert, horiz = line_maps(canvas, step)
    xa, xb, _ = fit_lattice(_profile(vert, 0), n, step, lo, hi, near)
    ya, yb, _ = fit_lattice(_profile(horiz, 1), n, step, lo, hi, near)
    return _corners_from_lines(vert, horiz, xa, xb, ya, yb, n, np.linalg.inv(h))


def score(gray, quad, n: int) -> float:
    """How much the picture inside ``quad`` looks like an n x n grid (about 0..1.1): the share
    of the n+1 lines each way present in each third of the grid's length, less the ink between
    lines and a line a cell beyond the outline; for 9x9 a bonus for thicker box lines."""
    _, np = require()
    step = SIDE / n
    margin = int(round(step * 1.5))
    canvas, _ = _canvas(gray, quad, margin)
    vert, horiz = line_maps(canvas, step)
    r = max(2, int(step * 0.06))
    at = np.rint(margin + np.arange(n + 1) * step).astype(np.int64)
    mid = np.rint(margin + (np.arange(n) + 0.5) * step).astype(np.int64)
    out = np.array([margin - step, margin + SIDE + step]).round().astype(np.int64)
    out = out.clip(0, SIDE + 2 * margin - 1)
    parts = []
    for lines, axis in ((vert, 0), (horiz, 1)):
        thirds = [_peaks(_profile(lines, axis, margin + i * SIDE // 3,
                                  margin + (i + 1) * SIDE // 3), r) for i in range(3)]
        strength = np.stack([p[at] for p in thirds])  # 3 x (n+1)
        ref = float(np.median(strength))
        if ref <= 1e-6:
            return 0.0
        present = float((strength > 0.3 * ref).all(axis=0).mean())
        whole = _peaks(_profile(lines, axis, margin, margin + SIDE), r)
        clean = 1 - min(1.0, float(np.median(whole[mid])) / float(np.median(whole[at])))
        beyond = float(((np.stack([p[out] for p in thirds]) > 0.4 * ref).sum(axis=0) >= 2).mean())
        value = present * clean - 0.6 * beyond
        if n == 9:  # box lines thicker than cell lines
            prof = _profile(lines, axis, margin, margin + SIDE)
            wide = np.convolve(prof, np.ones(5, np.float32) / 5, mode="same")[at]
            box = wide[::3].mean()
            thin = np.delete(wide, [0, 3, 6, 9]).mean()
            value += 0.1 * min(1.0, max(0.0, box / max(thin, 1e-6) - 1))
        parts.append(value)
    return float(min(parts))


def refine(gray, quad, n: int) -> Fit | None:
    """The outline of an n x n grid refined from a rough ``quad`` (see the module's doc), or
    None when no lattice of lines is found near it."""
    _, np = require()
    quad = np.asarray(quad, np.float32)
    best = None
    # from the lattice found around the outline (a part of the grid grows to the whole), and
    # from the outline as it is (when lines beyond it fit a shifted lattice better)
    for corners in (_lattice_corners(gray, quad, n, 180, 90, 0.55, 1.8), quad):
        if corners is None or (best is not None and best.score >= SURE):
            continue
        for _ in range(2):
            margin = int(SIDE / n * 1.5)
            nxt = _lattice_corners(gray, corners, n, SIDE, margin, 0.9, 1.1, near=margin)
            if nxt is None:
                break
            corners = nxt
        corners = order_corners(corners)
        fit = Fit(corners, n, score(gray, corners, n))
        if best is None or fit.score > best.score:
            best = fit
    return best
