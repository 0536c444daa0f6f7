// Killer cages, as sudokit.model.rules.killer defines them: a sum and its cells (0-based, ascending), read
// from text (SUM r1c1 r1c2 ..., ranges r1c1-r1c3) and checked with the server's words; each
// cage's outline (dashed, a little inside its cells) and its sum drawn in an <svg>.

import { cellName as label, t } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
/** The outline's inset and the sum's size, as shares of a cell's side (as the pictures). */
export const INSET = 0.08;
export const SUM_SIZE = 0.22;
/** The room a killer cell leaves around its pencil marks (above: the sum's line; at the sides
 * and below: the cage's line), as shares of its side; style.css has the same numbers. */
export const CAND_TOP = 0.26;
export const CAND_SIDE = 0.1;

/** "r3c5" of a cell of an ``n`` wide grid. */
export const cellName = (cell, n) => `r${Math.floor(cell / n) + 1}c${(cell % n) + 1}`;

/** "cage 15 (r1c1, r1c2, r2c1)": how the server's explanations and errors name a cage. */
export const cageName = (cage, n) => `cage ${cage.sum} (${cage.cells.map((c) => cellName(c, n)).join(", ")})`;

/** A cage as the page shows it, in the page's language ("cage 15 (r1c1, r1c2)"; sv "bur 15 (r1k1, r1k2)"). */
export const cageLabel = (cage, n) => t("cage-label", {
  sum: cage.sum, cells: cage.cells.map((c) => label(Math.floor(c / n) + 1, (c % n) + 1)).join(", "),
});

/** The least and greatest sum of ``k`` different digits 1..n. */
export const sumRange = (k, n) => [(k * (k + 1)) / 2, (k * (2 * n - k + 1)) / 2];

/** A cage of ``sum`` over ``cells`` (sorted, without repeats). */
export const cage = (sum, cells) => ({ sum, cells: [...new Set(cells)].sort((a, b) => a - b) });

/** Why one cage cannot be (null when it can): too many cells, or a sum its cells cannot make. */
export function cageProblem(c, n) {
  if (!c.cells.length) return t("err-cage-empty");
  if (c.cells.length > n) return t("err-cage-too-many", { cage: cageLabel(c, n), count: c.cells.length, n });
  const [lo, hi] = sumRange(c.cells.length, n);
  if (!(c.sum >= lo && c.sum <= hi)) {
    return t("err-cage-sum", { cage: cageLabel(c, n), count: c.cells.length, n, lo, hi, sum: c.sum });
  }
  return null;
}

/** Why a set of cages cannot be (null when it can): a cage's own problem, or a cell in two. */
export function cagesProblem(cages, n) {
  const owner = new Map();
  for (const c of cages) {
    const own = cageProblem(c, n);
    if (own) return own;
    for (const cell of c.cells) {
      if (owner.has(cell)) {
        return t("err-cage-twice", { cell: label(Math.floor(cell / n) + 1, (cell % n) + 1), first: cageLabel(owner.get(cell), n), second: cageLabel(c, n) });
      }
      owner.set(cell, c);
    }
  }
  return null;
}

/** The cages in order of their first cell. */
export const sorted = (cages) => [...cages].sort((a, b) => a.cells[0] - b.cells[0]);

/** Cages from text, one a line ``SUM r1c1 r1c2 ...`` (ranges ``r1c1-r2c3``; commas, ``:`` or
 * ``=`` after the sum; ``#`` comments): {cages} or {error} naming the line. */
export function readCages(text, n) {
  const cages = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].split("#")[0].trim();
    if (!line) continue;
    const where = t("cages-line", { line: i + 1 });
    const parts = line.replace(/[:=]/g, " ").split(/[\s,;]+/).filter(Boolean);
    if (!/^\d{1,4}$/.test(parts[0])) return { error: t("err-cage-line-sum", { where, got: JSON.stringify(parts[0]) }) };
    const cells = [];
    for (const item of parts.slice(1)) {
      const m = /^r(\d{1,3})[ck](\d{1,3})(?:-r(\d{1,3})[ck](\d{1,3}))?$/i.exec(item);
      if (!m) return { error: t("err-cage-not-cell", { where, got: JSON.stringify(item) }) };
      const [r1, c1] = [Number(m[1]), Number(m[2])];
      const [r2, c2] = m[3] ? [Number(m[3]), Number(m[4])] : [r1, c1];
      for (const [r, c] of [[r1, c1], [r2, c2]]) {
        if (r < 1 || r > n || c < 1 || c > n) return { error: t("err-cage-outside", { where, cell: label(r, c), n }) };
      }
      cells.push(...rangeCells(item, n));
    }
    if (!cells.length) return { error: t("err-cage-no-cells", { where, sum: parts[0] }) };
    cages.push(cage(Number(parts[0]), cells));
  }
  if (!cages.length) return { error: t("err-no-cage") };
  const error = cagesProblem(cages, n);
  return error ? { error } : { cages: sorted(cages) };
}

/** The text form: ``SUM r1c1 r1c2 ...`` a line. */
export const cagesText = (cages, n) => cages.map((c) => `${c.sum} ${c.cells.map((x) => cellName(x, n)).join(" ")}`).join("\n");

/** Cages of a position object or save: [[sum, ["r1c1", ...] or indices], ...] or the text form. */
export function cagesOf(value, n) {
  if (!value) return null;
  if (typeof value === "string") return readCages(value, n).cages || null;
  const out = [];
  for (const item of value) {
    const [sum, cells] = Array.isArray(item) ? item : [item.sum, item.cells];
    const idx = [];
    for (const x of cells || []) idx.push(...(typeof x === "number" ? [x] : rangeCells(String(x), n)));
    out.push(cage(Number(sum), idx));
  }
  return sorted(out);
}

/** The cells of "r1c1" or of a range "r1c1-r2c3" (none when it is neither). */
function rangeCells(item, n) {
  const m = /^r(\d+)[ck](\d+)(?:-r(\d+)[ck](\d+))?$/i.exec(item.trim());
  if (!m) return [];
  const [r1, c1, r2, c2] = [m[1], m[2], m[3] || m[1], m[4] || m[2]].map(Number);
  const out = [];
  for (let r = Math.min(r1, r2); r <= Math.max(r1, r2); r++) {
    for (let c = Math.min(c1, c2); c <= Math.max(c1, c2); c++) out.push((r - 1) * n + c - 1);
  }
  return out;
}

// --- outlines -------------------------------------------------------------------------------------
// The four sides of a cell walked clockwise on screen (y down): outward normal, direction.
const SIDES = [[[0, -1], [1, 0]], [[1, 0], [0, 1]], [[0, 1], [-1, 0]], [[-1, 0], [0, -1]]];

/** The closed outlines of a group of cells, in cell units (cell r, c spans c..c+1, r..r+1),
 * ``inset`` inside the group's border: one loop a border, each a list of [x, y] corners. */
export function outlines(cells, n, inset = INSET) {
  const group = new Set(cells.map((c) => `${Math.floor(c / n)},${c % n}`));
  const inside = (r, c) => group.has(`${r},${c}`);
  const key = ([x, y]) => `${Math.round(x * 10000)},${Math.round(y * 10000)}`;
  const starts = new Map();
  for (const cell of cells) {
    const r = Math.floor(cell / n), c = cell % n;
    for (const [[nx, ny], [tx, ty]] of SIDES) {
      if (inside(r + ny, c + nx)) continue;
      const reach = (sign) => {  // how far the side runs past the cell's corner
        const ar = r + sign * ty, ac = c + sign * tx;
        if (!inside(ar, ac)) return -inset;
        return inside(ar + ny, ac + nx) ? inset : 0;
      };
      const bx = c + 0.5 + nx * (0.5 - inset), by = r + 0.5 + ny * (0.5 - inset);
      const a = 0.5 + reach(-1), b = 0.5 + reach(1);
      const start = [bx - tx * a, by - ty * a];
      starts.set(key(start), [start, [bx + tx * b, by + ty * b]]);
    }
  }
  const loops = [];
  while (starts.size) {
    const [k, [start, first]] = starts.entries().next().value;
    starts.delete(k);
    const loop = [start];
    let end = first;
    while (starts.has(key(end))) {
      loop.push(end);
      const next = starts.get(key(end));
      starts.delete(key(end));
      end = next[1];
    }
    loops.push(loop.filter((p, i) => {  // corners only
      const a = loop[(i + loop.length - 1) % loop.length], b = loop[(i + 1) % loop.length];
      return Math.abs((p[0] - a[0]) * (b[1] - p[1]) - (p[1] - a[1]) * (b[0] - p[0])) > 1e-9;
    }));
  }
  return loops;
}

/**
 * Draw ``cages`` into ``svg``: each outline a dashed path, open at the first cell's top-left
 * corner where the sum is written. ``cellBox(cell)`` gives a cell's {x, y, w, h} on the page (null
 * when it is not shown: a cage not wholly shown is left out); ``classes(cage)``: extra classes.
 */
export function drawCages(svg, cages, n, cellBox, classes = () => "") {
  for (const c of cages) {
    const boxes = c.cells.map(cellBox);
    if (boxes.some((b) => !b)) continue;
    const boxOf = new Map(c.cells.map((cell, i) => [`${Math.floor(cell / n)},${cell % n}`, boxes[i]]));
    // a corner in cell units to the page: through the cell it lies in (every corner lies in one)
    const page = ([x, y]) => {
      const b = boxOf.get(`${Math.floor(y)},${Math.floor(x)}`);
      return [b.x + (x - Math.floor(x)) * b.w, b.y + (y - Math.floor(y)) * b.h];
    };
    const first = boxes[0];
    const size = Math.max(7, first.w * SUM_SIZE);
    const label = String(c.sum);
    const gapX = Math.min(first.w * 0.7, size * 0.62 * label.length + size * 0.25), gapY = size * 1.05;
    const corner = [c.cells[0] % n + INSET, Math.floor(c.cells[0] / n) + INSET];
    let d = "";
    for (const loop of outlines(c.cells, n)) {
      const at = loop.findIndex((p) => Math.abs(p[0] - corner[0]) < 1e-6 && Math.abs(p[1] - corner[1]) < 1e-6);
      if (at < 0) {
        d += "M" + loop.map((p) => page(p).map((v) => v.toFixed(1)).join(" ")).join("L") + "Z";
        continue;
      }
      // from just right of the sum, round the cage, to just below it
      const pts = [...loop.slice(at + 1), ...loop.slice(0, at)].map(page);
      const [cx, cy] = page(corner);
      const all = [[cx + gapX, cy], ...pts, [cx, cy + gapY]];
      d += "M" + all.map((p) => p.map((v) => v.toFixed(1)).join(" ")).join("L");
    }
    const path = document.createElementNS(NS, "path");
    path.setAttribute("d", d);
    path.setAttribute("class", `cage ${classes(c)}`.trim());
    // an attribute, not an inline style: a class (a step's cage drawn solid) may override it
    path.setAttribute("stroke-dasharray", `${(first.w * 0.07).toFixed(1)} ${(first.w * 0.05).toFixed(1)}`);
    path.dataset.cage = c.name || cageName(c, n);
    svg.appendChild(path);
    const text = document.createElementNS(NS, "text");
    text.setAttribute("x", (first.x + first.w * INSET).toFixed(1));
    text.setAttribute("y", (first.y + first.w * INSET + size * 0.45).toFixed(1));
    text.setAttribute("class", `cage-sum ${classes(c)}`.trim());
    text.style.fontSize = `${size.toFixed(1)}px`;
    text.textContent = label;
    svg.appendChild(text);
  }
}
