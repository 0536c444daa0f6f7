// The shape of a grid (size, box shape, houses, peers; a variant's houses, peers and jigsaw
// regions from variants.js) and its symbols. Cells are 0-based indices in reading order; the
// API speaks 1-based [row, col, digit].

import { cellName } from "./i18n.js";
import { CLASSIC, REGION_SYMBOLS, extraHouses, extraPeers, normalize, regionsText } from "./variants.js";

export const SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** The symbol of digit ``d`` (1-based); "." for none. */
export const sym = (d) => (d ? SYMBOLS[d - 1] : ".");

/** The digit of one symbol on a grid of side ``n`` (0 when it is none). */
export function decodeSymbol(ch, n) {
  let i = SYMBOLS.indexOf(ch);
  if (n <= 35) i = SYMBOLS.indexOf(ch.toUpperCase());  // case does not matter up to 35
  return i >= 0 && i < n ? i + 1 : 0;
}

export const decodeLine = (s, n) => Array.from(s, (ch) => decodeSymbol(ch, n));

/** The squarest box shape of side ``n``: [box rows, box columns]. */
export function defaultBox(n) {
  let r = Math.floor(Math.sqrt(n));
  while (r > 1 && n % r) r -= 1;
  return [r, n / r];
}

/** Every box shape of side ``n`` with at least 2 rows and columns. */
export function boxShapes(n) {
  const out = [];
  for (let r = 2; r <= n / 2; r++) if (n % r === 0 && n / r >= 2) out.push([r, n / r]);
  return out;
}

const cache = new Map();

/** The geometry of a grid with boxes of ``br`` rows and ``bc`` columns under ``variant``
 * (shared per shape and variant). */
export function geometry(br, bc, variant = CLASSIC) {
  const cages = variant.cages ? variant.cages.map((c) => `${c.sum}/${c.cells.join(".")}`).join(";") : "-";
  const key = `${br}x${bc}:${variant.names.join(",")}:${variant.regions ? regionsText(variant.regions) : ""}:${cages}`;
  if (!cache.has(key)) {
    if (cache.size > 64) cache.clear();  // painting regions makes a geometry per stroke
    cache.set(key, new Geometry(br, bc, variant));
  }
  return cache.get(key);
}

class Geometry {
  constructor(br, bc, variant) {
    this.br = br; this.bc = bc; this.n = br * bc; this.nc = this.n * this.n;
    this.variant = variant;
    this.regions = variant.regions;  // a region per cell in the boxes' place, or null
    const n = this.n;
    this.rows = []; this.cols = []; this.boxes = [];
    for (let i = 0; i < n; i++) {
      this.rows.push([]); this.cols.push([]); this.boxes.push([]);
    }
    for (let cell = 0; cell < this.nc; cell++) {
      const r = Math.floor(cell / n), c = cell % n;
      this.rows[r].push(cell); this.cols[c].push(cell);
      (this.boxes[this.boxOf(cell)] || (this.boxes[this.boxOf(cell)] = [])).push(cell);
    }
    this.extra = extraHouses(variant.names, n, br, bc);
    this.cages = variant.cages;  // killer cages {sum, cells}, or null
    // a cage's digits do not repeat: its cells are a house of their own for clashes and peers
    const cageHouses = (variant.cages || []).map((c) => c.cells);
    this.houses = [...this.rows, ...this.cols, ...this.boxes.filter(Boolean), ...this.extra.map((h) => h.cells), ...cageHouses];
    this.housesOf = Array.from({ length: this.nc }, () => []);
    this.houses.forEach((cells, h) => { for (const c of cells) this.housesOf[c].push(h); });
    this.extraPeers = extraPeers(variant.names, n);  // chess-move peers (no house), or null
    this._peers = new Array(this.nc);
  }

  row(cell) { return Math.floor(cell / this.n); }
  col(cell) { return cell % this.n; }
  cellAt(r, c) { return r * this.n + c; }
  /** The box of a cell, or its jigsaw region. */
  boxOf(cell) {
    if (this.regions) return this.regions[cell];
    const r = this.row(cell), c = this.col(cell);
    return Math.floor(r / this.br) * this.br + Math.floor(c / this.bc);
  }
  /** "r3c5" of a cell. */
  name(cell) { return `r${this.row(cell) + 1}c${this.col(cell) + 1}`; }

  /** The cell's name as the page shows it, in the page's language (``name`` is the API's). */
  label(cell) { return cellName(this.row(cell) + 1, this.col(cell) + 1); }
  /** The cell of a 1-based [row, col] (extra entries ignored). */
  at(rc) { return this.cellAt(rc[0] - 1, rc[1] - 1); }

  /** The cells sharing a house with ``cell``, and a variant's chess-move peers. */
  peers(cell) {
    if (!this._peers[cell]) {
      const out = new Set();
      for (const h of this.housesOf[cell]) for (const c of this.houses[h]) out.add(c);
      if (this.extraPeers) for (const c of this.extraPeers[cell]) out.add(c);
      out.delete(cell);
      this._peers[cell] = [...out];
    }
    return this._peers[cell];
  }

  /** The cells of a house named as the API names it: "row 3", "column 5", "box 7",
   * "region C", "diagonal 1", "window 2", "cage 15 (r1c1, r1c2)". */
  houseCells(houseName) {
    const cage = /^cage \d+ \(([^)]*)\)$/.exec(houseName);
    if (cage) return cage[1].split(", ").map((x) => /^r(\d+)c(\d+)$/.exec(x)).filter(Boolean).map((m) => this.at([Number(m[1]), Number(m[2])]));
    const extra = this.extra.find((h) => h.name === houseName);
    if (extra) return extra.cells;
    const region = /^region (\S+)$/.exec(houseName);
    if (region && this.regions) {  // the server names regions in order of their first cell
      const k = /^\d+$/.test(region[1]) ? Number(region[1]) - 1 : REGION_SYMBOLS.indexOf(region[1]);
      const order = normalize(this.regions);
      return order.flatMap((x, cell) => (x === k ? [cell] : []));
    }
    const m = /^(row|column|box) (\d+)$/.exec(houseName);
    if (!m) return [];
    const i = Number(m[2]) - 1;
    const list = { row: this.rows, column: this.cols, box: this.boxes }[m[1]];
    return list[i] || [];
  }
}
