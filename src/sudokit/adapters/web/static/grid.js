// The shape of a grid (size, box shape) and its symbols, and its geometry: houses and peers as
// the server's board says them (POST /api/board, fetched by boards.js), or the plain rows,
// columns and boxes until it comes. Cells are 0-based indices in reading order; the API speaks
// 1-based [row, col, digit].

import { cellName } from "./i18n.js";
import { CLASSIC } from "./variants.js";

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

/** The houses of a grid laid out without asking the server: its rows, columns, and its boxes
 * or the jigsaw regions the page holds (a region index per cell). What the rules add (the
 * diagonals, windows, chess-move peers, cages) only the server's board says (boards.js). */
export function plainBoard(br, bc, regions = null) {
  const n = br * bc, houses = [];
  const line = (kind, at) => {
    for (let i = 0; i < n; i++) houses.push({ kind, name: `${kind} ${i + 1}`, cells: Array.from({ length: n }, (_, j) => at(i, j)) });
  };
  line("row", (i, j) => i * n + j);
  line("column", (i, j) => j * n + i);
  const owner = regions || Array.from({ length: n * n }, (_, cell) =>
    Math.floor(Math.floor(cell / n) / br) * br + Math.floor((cell % n) / bc));
  const groups = new Map();
  owner.forEach((x, cell) => { if (!groups.has(x)) groups.set(x, []); groups.get(x).push(cell); });
  const kind = regions ? "region" : "box";
  for (const [x, cells] of [...groups].sort((a, b) => a[0] - b[0])) houses.push({ kind, name: `${kind} ${x + 1}`, cells });
  return { houses, extraPeers: [], cages: null, rules: null };
}

/** A board of the API (POST /api/board) with cell indices for [row, col]. */
export function boardOfApi(data) {
  const n = data.size;
  const at = ([r, c]) => (r - 1) * n + c - 1;
  return {
    houses: data.houses.map((h) => ({ kind: h.kind, name: h.name, label: h.label, cells: h.cells.map(at) })),
    extraPeers: data.extra_peers.map(([a, b]) => [at(a), at(b)]),
    cages: data.cages.map((c) => ({ sum: c.sum, cells: c.cells.map(at), name: c.name })),
    rules: data.rules.map((r) => r.kind),
  };
}

/**
 * The geometry of a grid with boxes of ``br`` rows and ``bc`` columns under ``variant`` (the
 * page's rules: names, regions, cages) whose houses and peers are ``board``'s: the server's
 * (``fromServer``), or the plain board while it is on its way or out of reach.
 */
export class Geometry {
  constructor(br, bc, variant = CLASSIC, board = null) {
    this.br = br; this.bc = bc; this.n = br * bc; this.nc = this.n * this.n;
    this.variant = variant;
    this.regions = variant.regions;  // a region per cell in the boxes' place, or null
    this.cages = variant.cages;      // the page's killer cages {sum, cells}, or null
    this.fromServer = Boolean(board);
    board = board || plainBoard(br, bc, variant.regions);
    this.houseList = board.houses;
    this.houses = board.houses.map((h) => h.cells);
    this.byName = new Map(board.houses.map((h) => [h.name, h.cells]));
    /** The cages as drawn: the server's (with its names), else the page's. */
    this.cageShapes = board.cages || variant.cages || [];
    /** The kinds of the rules beyond rows, columns and boxes (the server's; null without it). */
    this.ruleKinds = board.rules;
    this.boxIndex = new Int32Array(this.nc).fill(-1);
    board.houses.forEach((h, i) => {
      if (h.kind === "box" || h.kind === "region") for (const c of h.cells) this.boxIndex[c] = i;
    });
    this.housesOf = Array.from({ length: this.nc }, () => []);
    this.houses.forEach((cells, h) => { for (const c of cells) this.housesOf[c].push(h); });
    // the peers the rules add without a house (chess moves, a cage's cells), per cell; or null
    this.extraPeers = null;
    if (board.extraPeers.length) {
      this.extraPeers = Array.from({ length: this.nc }, () => []);
      for (const [a, b] of board.extraPeers) { this.extraPeers[a].push(b); this.extraPeers[b].push(a); }
    }
    this._peers = new Array(this.nc);
  }

  row(cell) { return Math.floor(cell / this.n); }
  col(cell) { return cell % this.n; }
  cellAt(r, c) { return r * this.n + c; }
  /** The box of a cell, or its jigsaw region (an index among the houses). */
  boxOf(cell) { return this.boxIndex[cell]; }
  /** "r3c5" of a cell. */
  name(cell) { return `r${this.row(cell) + 1}c${this.col(cell) + 1}`; }

  /** The cell's name as the page shows it, in the page's language (``name`` is the API's). */
  label(cell) { return cellName(this.row(cell) + 1, this.col(cell) + 1); }
  /** The cell of a 1-based [row, col] (extra entries ignored). */
  at(rc) { return this.cellAt(rc[0] - 1, rc[1] - 1); }

  /** The houses of one kind ("diagonal", "window", ...), each {kind, name, cells}. */
  housesOfKind(kind) { return this.houseList.filter((h) => h.kind === kind); }

  /** The cells sharing a house with ``cell``, and the peers the rules add. */
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

  /** The cells of a house named as the API names it: "row 3", "region C", "diagonal 1",
   * "window 2", "cage 15 (r1c1, r1c2)" (a cage: the cells its name lists). */
  houseCells(houseName) {
    const cells = this.byName.get(houseName);
    if (cells) return cells;
    const cage = /^cage \d+ \(([^)]*)\)$/.exec(houseName);
    if (!cage) return [];
    return cage[1].split(", ").map((x) => /^r(\d+)c(\d+)$/.exec(x)).filter(Boolean).map((m) => this.at([Number(m[1]), Number(m[2])]));
  }
}
