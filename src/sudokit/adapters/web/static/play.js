// The state of one game: givens, entries, candidates, the player's pencil marks and colours,
// the log of applied steps, undo and redo. No drawing and no requests here.

import { cagesOf } from "./cages.js";
import { geometry } from "./boards.js";
import { decodeLine, sym } from "./grid.js";
import { t } from "./i18n.js";
import { CLASSIC, fields, isClassic, normalize, readRegions, regionsText, variant as makeVariant } from "./variants.js";

const MAX_UNDO = 300;

/** Where a cell's value came from: the puzzle, the player, a step or Solve, "reveal this cell". */
export const ORIGINS = ["", "given", "user", "solved", "revealed"];

export class Game {
  constructor(br, bc, variant = CLASSIC) {
    this.g = geometry(br, bc, variant);
    const { n, nc } = this.g;
    this.n = n; this.nc = nc;
    this.givens = new Uint8Array(nc);
    this.values = new Uint8Array(nc);
    this.origin = new Array(nc).fill("");
    this.cands = new Uint8Array(nc * n).fill(1);  // the logical candidates (steps remove some)
    this.marks = new Uint8Array(nc * n);          // the player's own pencil marks
    this.cellColor = new Uint8Array(nc);          // 0 none, else a palette index
    this.candColor = new Uint8Array(nc * n);
    this.setup = false;                           // digits typed are givens
    this.log = [];                                // applied steps: {text, step, before}
    this.undoStack = [];
    this.redoStack = [];
    this.version = 0;                             // counts changes (answers to older grids are dropped)
  }

  /** A game holding a position object of the API ({box, givens, values, candidates} and
   * the variant's {variants, regions}). */
  static fromPosition(pos, origin = "user") {
    const game = new Game(pos.box[0], pos.box[1], variantOf(pos, pos.box[0] * pos.box[1]));
    game.takePosition(pos, origin);
    return game;
  }

  get variant() { return this.g.variant; }

  /** Play under other rules (same size): the candidates are computed again by them. */
  setVariant(variant) {
    this.g = geometry(this.g.br, this.g.bc, variant);
    this.version += 1;
    this.computeCandidates();
  }

  /** Play on ``g``, the same shape and rules with the server's houses and peers: the
   * candidates a filled peer rules out go (the plain board may have missed its peers). */
  useGeometry(g) {
    this.g = g;
    const { n, nc } = this;
    let changed = false;
    for (let cell = 0; cell < nc; cell++) {
      if (this.values[cell]) continue;
      for (const p of g.peers(cell)) {
        const i = cell * n + this.values[p] - 1;
        if (this.values[p] && this.cands[i]) { this.cands[i] = 0; changed = true; }
      }
    }
    if (changed) this.version += 1;
  }

  /** The variant as the API reads it: {variants, regions} (nothing for a classic grid). */
  variantFields() { return fields(this.g.variant); }

  // --- the position as the API reads it ---------------------------------------------------
  positionJSON() {
    const { n, nc } = this;
    const givens = this.setup ? this.values : this.givens;
    const candidates = [];
    for (let cell = 0; cell < nc; cell++) {
      let s = "";
      if (!this.values[cell]) for (let d = 1; d <= n; d++) if (this.cands[cell * n + d - 1]) s += sym(d);
      candidates.push(s);
    }
    return {
      box: [this.g.br, this.g.bc],
      givens: Array.from(givens, sym).join(""),
      values: Array.from(this.values, sym).join(""),
      candidates,
      ...this.variantFields(),
    };
  }

  /** The givens alone, as a line of symbols. */
  givensLine() {
    return Array.from(this.setup ? this.values : this.givens, sym).join("");
  }

  /** Whether the puzzle has clues: givens, or killer cages (a killer may have no givens). */
  hasGivens() {
    return (this.setup ? this.values : this.givens).some((v) => v) || Boolean(this.g.cages && this.g.cages.length);
  }

  /** Take values and candidates from the API; cells that gain a value get ``newOrigin``. */
  takePosition(pos, newOrigin = "solved") {
    const { n, nc } = this;
    const values = decodeLine(pos.values || pos.givens, n);
    const givens = decodeLine(pos.givens, n);
    for (let cell = 0; cell < nc; cell++) {
      if (givens[cell]) this.origin[cell] = "given";
      else if (values[cell] && values[cell] !== this.values[cell]) this.origin[cell] = newOrigin;
      else if (!values[cell]) this.origin[cell] = "";
    }
    this.givens.set(givens);
    this.values.set(values);
    if (pos.candidates) {
      this.cands.fill(0);
      pos.candidates.forEach((s, cell) => {
        for (const d of decodeLine(s, n)) if (d) this.cands[cell * n + d - 1] = 1;
      });
    } else {
      this.computeCandidates();
    }
  }

  /** Every digit not placed in a peer, in every empty cell. */
  computeCandidates() {
    const { n, nc, g } = this;
    this.cands.fill(0);
    for (let cell = 0; cell < nc; cell++) {
      if (this.values[cell]) continue;
      const used = new Uint8Array(n + 1);
      for (const p of g.peers(cell)) used[this.values[p]] = 1;
      for (let d = 1; d <= n; d++) if (!used[d]) this.cands[cell * n + d - 1] = 1;
    }
  }

  hasCand(cell, d) { return this.cands[cell * this.n + d - 1] === 1; }

  candCount(cell) {
    let k = 0;
    for (let i = cell * this.n; i < (cell + 1) * this.n; i++) k += this.cands[i];
    return k;
  }

  // --- playing ------------------------------------------------------------------------------
  /** Put digit ``d`` (0 clears) in ``cell``: a given while setting up, else an entry.
   * Returns an error text when the cell cannot take it. */
  enter(cell, d) {
    if (this.setup) {
      if (this.values[cell] === d && this.givens[cell] === d) return null;
      this.remember();
      this.givens[cell] = d; this.values[cell] = d; this.origin[cell] = d ? "given" : "";
      this.computeCandidates();
      return null;
    }
    if (this.givens[cell]) return t("err-cell-given", { cell: this.g.label(cell) });
    if (this.values[cell] === d) return null;
    this.remember();
    this.place(cell, d, d ? "user" : "");
    return null;
  }

  /** Set a value and keep the candidates in step (``d`` 0 clears the cell). */
  place(cell, d, origin) {
    const { n, g } = this;
    const old = this.values[cell];
    this.values[cell] = d;
    this.origin[cell] = origin;
    if (d) {
      this.cands.fill(0, cell * n, (cell + 1) * n);
      for (const p of g.peers(cell)) this.cands[p * n + d - 1] = 0;
      return;
    }
    // cleared: the cell's candidates again, and ``old`` back where nothing else rules it out
    const used = new Uint8Array(n + 1);
    for (const p of g.peers(cell)) used[this.values[p]] = 1;
    for (let k = 1; k <= n; k++) this.cands[cell * n + k - 1] = used[k] ? 0 : 1;
    if (!old) return;
    for (const p of g.peers(cell)) {
      if (this.values[p]) continue;
      if (!g.peers(p).some((q) => this.values[q] === old)) this.cands[p * n + old - 1] = 1;
    }
  }

  /** Toggle pencil mark ``d`` of ``cell`` in the marks shown (``auto``: the candidates). */
  toggleMark(cell, d, auto) {
    if (this.values[cell]) return t("err-cell-filled", { cell: this.g.label(cell) });
    this.remember();
    const marks = auto ? this.cands : this.marks;
    const i = cell * this.n + d - 1;
    marks[i] = marks[i] ? 0 : 1;
    return null;
  }

  /** Colour a cell (``color`` 0 clears; the same colour again clears it too). */
  paintCell(cell, color) {
    this.remember();
    this.cellColor[cell] = this.cellColor[cell] === color ? 0 : color;
  }

  paintCand(cell, d, color) {
    this.remember();
    const i = cell * this.n + d - 1;
    this.candColor[i] = this.candColor[i] === color ? 0 : color;
  }

  clearColors() {
    this.remember();
    this.cellColor.fill(0);
    this.candColor.fill(0);
  }

  /** Make the values typed so far the puzzle's givens (leaving "Enter givens"). */
  lockGivens() {
    if (!this.setup) return;
    this.setup = false;
    for (let cell = 0; cell < this.nc; cell++) {
      this.givens[cell] = this.values[cell];
      this.origin[cell] = this.values[cell] ? "given" : "";
    }
    this.version += 1;
  }

  // --- what the grid says -----------------------------------------------------------------
  /** The cells whose value another cell of a house repeats, or a peer the rules add. */
  clashes() {
    const out = new Set();
    const seen = new Map();
    for (const house of this.g.houses) {
      seen.clear();
      for (const cell of house) {
        const v = this.values[cell];
        if (!v) continue;
        if (seen.has(v)) { out.add(cell); out.add(seen.get(v)); } else seen.set(v, cell);
      }
    }
    const extra = this.g.extraPeers;
    if (extra) {
      this.values.forEach((v, cell) => {
        if (v && extra[cell].some((p) => this.values[p] === v)) out.add(cell);
      });
    }
    return out;
  }

  isComplete() { return this.values.every((v) => v); }

  /** Filled with no clash and not being set up: a solution of the givens. */
  isSolved() { return !this.setup && this.isComplete() && this.clashes().size === 0; }

  // --- steps --------------------------------------------------------------------------------
  /** Apply a step of the API (placements and eliminations), logged with the position before. */
  applyStep(step, origin = "solved", undoable = true) {
    const before = this.snapshot();
    if (undoable) this.remember(before);
    const { n, g } = this;
    const placed = [];
    for (const [r, c, d] of step.placements || []) {
      const cell = g.cellAt(r - 1, c - 1);
      if (!this.values[cell]) { this.place(cell, d, origin); placed.push(cell); }
    }
    for (const [r, c, d] of step.eliminations || []) {
      const i = g.cellAt(r - 1, c - 1) * n + d - 1;
      this.cands[i] = 0;
      this.marks[i] = 0;
    }
    this.log = [...this.log, { text: step.explanation, step, before }];
    return placed;
  }

  /** Apply several steps as one change (one Undo takes them all back); each keeps its log
   * entry. Returns the cells that got a value. */
  applySteps(steps, origin = "solved") {
    this.remember();
    const placed = [];
    for (const s of steps) placed.push(...this.applyStep(s, origin, false));
    return placed;
  }

  /** Log a change that is not a step (Solve, Reveal): ``before`` is the position before it. */
  logEntry(text, before) {
    this.log = [...this.log, { text, step: null, before }];
  }

  /** Back to the position before log entry ``i`` (undoable); the entries from ``i`` on leave
   * the log. Returns the step of that entry. */
  jumpTo(i) {
    const entry = this.log[i];
    if (!entry) return null;
    this.remember();
    this.restore(entry.before);
    this.log = this.log.slice(0, i);
    return entry.step;
  }

  // --- undo ---------------------------------------------------------------------------------
  snapshot() {
    return {
      givens: this.givens.slice(), values: this.values.slice(), origin: this.origin.slice(),
      cands: this.cands.slice(), marks: this.marks.slice(), cellColor: this.cellColor.slice(),
      candColor: this.candColor.slice(), setup: this.setup, log: this.log,
    };
  }

  restore(s) {
    this.version += 1;
    this.givens = s.givens.slice(); this.values = s.values.slice(); this.origin = s.origin.slice();
    this.cands = s.cands.slice(); this.marks = s.marks.slice();
    this.cellColor = s.cellColor.slice(); this.candColor = s.candColor.slice();
    this.setup = s.setup; this.log = s.log;
  }

  /** Keep the position for Undo (before a change). */
  remember(snap = this.snapshot()) {
    this.version += 1;
    this.undoStack.push(snap);
    if (this.undoStack.length > MAX_UNDO) this.undoStack.shift();
    this.redoStack = [];
  }

  undo() {
    if (!this.undoStack.length) return false;
    this.redoStack.push(this.snapshot());
    this.restore(this.undoStack.pop());
    return true;
  }

  redo() {
    if (!this.redoStack.length) return false;
    this.undoStack.push(this.snapshot());
    this.restore(this.redoStack.pop());
    return true;
  }
}

/** The variant of a position object or saved game ({variants, regions, cages}; regions being
 * painted are kept as they are, regions of another size dropped). */
export function variantOf(obj, n) {
  if (!obj || (!obj.variants && !obj.regions && !obj.cages)) return CLASSIC;
  const names = typeof obj.variants === "string" ? obj.variants.split(",") : obj.variants || [];
  let text = obj.regions;
  if (Array.isArray(text)) text = regionsText(normalize(text.flat()));  // region numbers (above 26 regions)
  const read = text ? readRegions(text, n, false) : null;
  const v = makeVariant(names, read && read.regions ? read.regions : null, cagesOf(obj.cages, n));
  return isClassic(v) ? CLASSIC : v;
}
