// Drawing the board: one element per cell, sized to the space it has (zoomable), with an
// optional focus view (one box, or the boxes around the selection) for large grids; a
// variant's rules drawn too (jigsaw borders and tints, shaded windows, diagonal lines, killer
// cages as dashed outlines with their sums).

import { CAND_TOP, CAND_SIDE, drawCages } from "./cages.js";
import { sym } from "./grid.js";
import { t } from "./i18n.js";
import { regionHue } from "./variants.js";

const NS = "http://www.w3.org/2000/svg";

/** Zoom steps of the board (1 = the space the page gives it). */
export const ZOOMS = [1, 1.25, 1.5, 2, 2.5, 3, 4];

export class Board {
  constructor(wrap, stage, board, rules) {
    this.wrap = wrap;     // the scrolling window around the board
    this.stage = stage;   // the board and its drawing layer
    this.el = board;
    this.rules = rules;   // the <svg> of the variant's lines (diagonals, cages)
    this.cageClasses = () => "";  // extra classes of a cage's drawing (a step naming it)
    this.cells = [];
    this.keys = [];
    this.zoom = 1;
    this.focus = "off";   // "off" | "box" | "area"
    this.region = null;   // {r0, c0, h, w} shown, or null for the whole grid
    this.g = null;
    this.onLayout = () => {};
    new ResizeObserver(() => this.layout()).observe(wrap);
  }

  /** New cells for a grid of geometry ``g``. */
  build(g) {
    this.g = g;
    const b = this.el;
    b.textContent = "";
    b.setAttribute("aria-rowcount", g.n);
    b.setAttribute("aria-colcount", g.n);
    this.cells = [];
    this.keys = new Array(g.nc).fill("");
    const frag = document.createDocumentFragment();
    let row = null;
    for (let cell = 0; cell < g.nc; cell++) {
      if (cell % g.n === 0) {  // a row for assistive technology only (display: contents)
        row = document.createElement("div");
        row.className = "board-row";
        row.setAttribute("role", "row");
        frag.appendChild(row);
      }
      const d = document.createElement("div");
      d.dataset.cell = g.name(cell);
      d.setAttribute("role", "gridcell");
      row.appendChild(d);
      this.cells.push(d);
    }
    b.appendChild(frag);
    this.region = null;
    this.retarget(g);
  }

  /** The same cells under another geometry of their size (new rules, regions painted). */
  retarget(g) {
    this.g = g;
    this.edges = this.edgeClasses();
    this.keys.fill("");
    const jigsaw = Boolean(g.regions);
    this.el.classList.toggle("jigsaw", jigsaw);
    this.el.classList.toggle("killer", Boolean(g.cages));
    this.cells.forEach((e, cell) => {
      if (jigsaw) e.style.setProperty("--hue", regionHue(g.regions[cell]));
      else e.style.removeProperty("--hue");
    });
    this.layout();
  }

  // --- size, zoom and focus -----------------------------------------------------------------
  setZoom(z) {
    this.zoom = Math.min(ZOOMS.at(-1), Math.max(1, z));
    this.layout();
  }

  zoomBy(steps) {
    const i = ZOOMS.findIndex((z) => z >= this.zoom - 1e-9);
    this.setZoom(ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, i + steps))]);
  }

  setFocus(mode, sel) {
    this.focus = mode;
    this.follow(sel, true);
  }

  /** The region of the focus view around cell ``sel`` (null: the whole grid). */
  regionFor(sel) {
    const g = this.g;
    if (!g || this.focus === "off") return null;
    const boxRow = Math.floor(g.row(sel) / g.br), boxCol = Math.floor(g.col(sel) / g.bc);
    const across = g.n / g.bc, down = g.n / g.br;  // boxes in a band and in a stack
    let kx = 1, ky = 1;
    if (this.focus === "area") {
      kx = Math.min(across, Math.max(1, Math.floor(12 / g.bc)));
      ky = Math.min(down, Math.max(1, Math.floor(12 / g.br)));
    }
    const bx = Math.min(across - kx, Math.max(0, boxCol - Math.floor((kx - 1) / 2)));
    const by = Math.min(down - ky, Math.max(0, boxRow - Math.floor((ky - 1) / 2)));
    return { r0: by * g.br, c0: bx * g.bc, h: ky * g.br, w: kx * g.bc };
  }

  inRegion(cell, region = this.region) {
    if (!region) return true;
    const r = this.g.row(cell), c = this.g.col(cell);
    return r >= region.r0 && r < region.r0 + region.h && c >= region.c0 && c < region.c0 + region.w;
  }

  /** Keep cell ``sel`` in view: move the focus region to it, or scroll the zoomed board. */
  follow(sel, force = false) {
    const region = this.regionFor(sel);
    const same = JSON.stringify(region) === JSON.stringify(this.region);
    if (!same || force) {
      this.region = region;
      this.edges = this.edgeClasses();
      this.keys.fill("");  // classes change: draw every cell again
      this.layout();
    }
    if (this.zoom > 1 && this.cells[sel]) {
      const e = this.cells[sel], w = this.wrap;
      const pad = e.offsetWidth;
      if (e.offsetLeft - pad < w.scrollLeft) w.scrollLeft = e.offsetLeft - pad;
      else if (e.offsetLeft + 2 * pad > w.scrollLeft + w.clientWidth) w.scrollLeft = e.offsetLeft + 2 * pad - w.clientWidth;
      if (e.offsetTop - pad < w.scrollTop) w.scrollTop = e.offsetTop - pad;
      else if (e.offsetTop + 2 * pad > w.scrollTop + w.clientHeight) w.scrollTop = e.offsetTop + 2 * pad - w.clientHeight;
    }
    return !same;
  }

  /** Thick lines where two boxes (jigsaw regions) meet inside the part shown, windows
   * shaded; cells outside the part shown hidden. */
  edgeClasses() {
    const g = this.g, reg = this.region;
    const out = new Array(g.nc);
    const lastR = reg ? reg.r0 + reg.h - 1 : g.n - 1, lastC = reg ? reg.c0 + reg.w - 1 : g.n - 1;
    const windows = new Set(g.housesOfKind("window").flatMap((h) => h.cells));
    for (let cell = 0; cell < g.nc; cell++) {
      const r = g.row(cell), c = g.col(cell);
      let k = "cell";
      if (!this.inRegion(cell)) { out[cell] = "cell out"; continue; }
      if (c < lastC && g.boxOf(cell) !== g.boxOf(cell + 1)) k += " box-right";
      if (r < lastR && g.boxOf(cell) !== g.boxOf(cell + g.n)) k += " box-bottom";
      if (windows.has(cell)) k += " window";
      out[cell] = k;
    }
    return out;
  }

  /** The diagonals of an X puzzle (a thin line through the diagonal cells shown) and the
   * killer cages. */
  drawRules() {
    const svg = this.rules, g = this.g;
    if (!svg || !g) return;
    svg.textContent = "";
    svg.setAttribute("width", this.stage.scrollWidth);
    svg.setAttribute("height", this.stage.scrollHeight);
    for (const house of g.housesOfKind("diagonal")) {
      const down = house.cells[0] === 0;  // from the top-left corner (else the top-right)
      let d = "";
      for (const cell of house.cells) {
        const b = this.cellBox(cell);
        if (!b) continue;
        d += down ? `M${b.x} ${b.y}L${b.x + b.w} ${b.y + b.h}` : `M${b.x + b.w} ${b.y}L${b.x} ${b.y + b.h}`;
      }
      if (!d) continue;
      const path = document.createElementNS(NS, "path");
      path.setAttribute("d", d);
      path.setAttribute("class", "diagonal");
      path.dataset.house = house.name;
      svg.appendChild(path);
    }
    if (g.cages) drawCages(svg, g.cageShapes, g.n, (cell) => this.cellBox(cell), this.cageClasses);
  }

  /** Size the board to its space and zoom; fonts follow the cell size. */
  layout() {
    const g = this.g;
    if (!g) return;
    const wide = window.matchMedia("(min-width: 900px)").matches;
    const w = this.wrap;
    const width = w.clientWidth;
    const height = wide ? w.clientHeight : Math.min(width, Math.round(window.innerHeight * 0.72));
    const base = Math.max(120, Math.min(width, wide ? height : width));
    if (!wide) w.style.height = `${this.zoom > 1 ? Math.min(base, height) : base}px`;
    else w.style.removeProperty("height");
    const across = this.region ? this.region.w : g.n, down = this.region ? this.region.h : g.n;
    const cell = Math.max(14, Math.floor((base * this.zoom - 6) / Math.max(across, down)));
    const s = this.el.style;
    s.setProperty("--cols", across);
    s.setProperty("--rows", down);
    s.setProperty("--cell", `${cell}px`);
    s.setProperty("--br", g.br);
    s.setProperty("--bc", g.bc);
    s.setProperty("--vfont", `${Math.round(cell * (g.n > 9 ? 0.56 : 0.62))}px`);
    // candidates sit in a box_rows x box_columns grid inside the cell
    const room = g.cages ? 1 - CAND_TOP - CAND_SIDE : 1;  // a killer cell keeps room for the sum
    const slot = Math.min((cell * room - 2) / g.bc, (cell * room - 2) / g.br);
    s.setProperty("--cfont", `${Math.max(6, Math.floor(Math.min(slot * 0.9, cell * 0.24) * 10) / 10)}px`);
    this.stage.classList.toggle("zoomed", this.zoom > 1);
    this.drawRules();
    this.onLayout();
  }

  /** Whether candidate ``d`` of ``cell`` is on the board now. */
  shows(cell, d) {
    const e = this.cells[cell];
    return Boolean(e && e.querySelector(`.c[data-d="${d}"]`));
  }

  /** The candidate font size in px (for the legibility hint). */
  candidateFont() { return parseFloat(this.el.style.getPropertyValue("--cfont")) || 0; }

  // --- positions for the drawing layer ------------------------------------------------------
  /** {x, y, w, h} of a cell in the stage (null when it is outside the focus view). */
  cellBox(cell) {
    const e = this.cells[cell];
    if (!e || !this.inRegion(cell)) return null;
    return { x: e.offsetLeft, y: e.offsetTop, w: e.clientWidth, h: e.clientHeight };
  }

  /** The centre of candidate ``d`` of ``cell`` and the radius of its slot. */
  candidatePoint(cell, d) {
    const box = this.cellBox(cell);
    if (!box) return null;
    const g = this.g;
    // a killer cell's marks sit below the sum and inside the cage's line (as the CSS puts them)
    const top = g.cages ? box.h * CAND_TOP : 0, side = g.cages ? box.w * CAND_SIDE : 0;
    const sw = (box.w - 2 * side) / g.bc, sh = (box.h - top - side) / g.br;
    const i = d - 1;
    return {
      x: box.x + side + ((i % g.bc) + 0.5) * sw, y: box.y + top + (Math.floor(i / g.bc) + 0.5) * sh,
      r: Math.min(sw, sh) / 2,
    };
  }

  // --- drawing the cells --------------------------------------------------------------------
  /**
   * Draw the game. ``view``: sel, highlight (digit), bivalue (bool), auto (show the candidates
   * the page keeps, else the player's marks), clashes, wrong, placed (sets of cells), marks
   * ({cells: Map cell -> Set of classes, cands: Map "cell:d" -> Set}), paused.
   */
  render(game, view) {
    const g = this.g;
    const { n } = g;
    const sel = view.sel;
    const peers = new Set(g.peers(sel));
    const hl = view.highlight;
    const marks = view.marks;
    for (let cell = 0; cell < g.nc; cell++) {
      const e = this.cells[cell];
      let cls = this.edges[cell];
      if (cls === "cell out") {
        if (e.className !== cls) e.className = cls;
        continue;
      }
      const v = game.values[cell];
      const stepCls = marks.cells.get(cell);
      if (v) cls += ` ${game.origin[cell] || "user"}`;
      if (cell === sel) cls += " selected";
      else if (peers.has(cell)) cls += " peer";
      if (hl && v === hl) cls += " same";
      if (view.clashes.has(cell)) cls += " clash";
      if (view.wrong.has(cell)) cls += " wrong";
      if (view.placed.has(cell)) cls += " just-placed";
      if (game.cellColor[cell]) cls += ` col-${game.cellColor[cell]}`;
      const showCands = !v && !game.setup;
      const src = view.auto || stepCls ? game.cands : game.marks;
      if (showCands && view.bivalue && countIn(src, cell, n) === 2) cls += " bivalue";
      if (stepCls) cls += " " + [...stepCls].join(" ");
      if (e.className !== cls) e.className = cls;

      // content: the value, or one element per candidate shown
      let key;
      if (v) key = `v${v}`;
      else if (!showCands) key = "-";
      else {
        key = "c";
        for (let d = 1; d <= n; d++) {
          const i = cell * n + d - 1;
          if (!src[i]) continue;
          const m = marks.cands.get(`${cell}:${d}`);
          key += `${d}${m ? "[" + [...m].join(" ") + "]" : ""}${hl === d ? "*" : ""}${game.candColor[i] ? "#" + game.candColor[i] : ""},`;
        }
      }
      if (this.keys[cell] === key) continue;
      this.keys[cell] = key;
      e.textContent = "";
      if (v) {
        const span = document.createElement("span");
        span.className = "v";
        span.textContent = sym(v);
        e.appendChild(span);
        e.setAttribute("aria-label", t(game.origin[cell] === "given" ? "cell-given" : "cell-value", { cell: g.label(cell), digit: sym(v) }));
        continue;
      }
      if (!showCands || key === "c") {
        e.setAttribute("aria-label", t("cell-empty", { cell: g.label(cell) }));
        continue;
      }
      const grid = document.createElement("div");
      grid.className = "cands";
      const shown = [];
      for (let d = 1; d <= n; d++) {
        const i = cell * n + d - 1;
        if (!src[i]) continue;
        const span = document.createElement("span");
        span.className = "c";
        span.textContent = sym(d);
        span.dataset.d = String(d);
        span.style.gridArea = `${Math.floor((d - 1) / g.bc) + 1} / ${((d - 1) % g.bc) + 1}`;
        const m = marks.cands.get(`${cell}:${d}`);
        if (m) span.classList.add(...m);
        if (hl === d) span.classList.add("hl");
        if (game.candColor[i]) span.classList.add(`cc-${game.candColor[i]}`);
        grid.appendChild(span);
        shown.push(sym(d));
      }
      e.appendChild(grid);
      e.setAttribute("aria-label", t("cell-marks", { cell: g.label(cell), marks: shown.join(" ") }));
    }
  }

  /** The cell (and candidate digit, when one was hit) under a pointer event. */
  hit(event) {
    const e = event.target.closest(".cell");
    if (!e) return null;
    const cell = this.cells.indexOf(e);
    const c = event.target.closest(".c");
    return { cell, d: c ? Number(c.dataset.d) : 0 };
  }
}

function countIn(src, cell, n) {
  let k = 0;
  for (let i = cell * n; i < (cell + 1) * n; i++) k += src[i];
  return k;
}
