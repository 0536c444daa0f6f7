// The sudokit page: a grid of any size and box shape, driven by the JSON API of `sudokit serve`.
// Plain ES modules, no build step. This module wires them together and holds the commands;
// the game state is play.js, the board board.js, the step drawing draw.js, the words of steps
// steps.js, the requests api.js, the browser storage storage.js, the clock timer.js, the
// generator panel generate.js, keys and pointer input.js, light and dark theme.js, variant
// rules variants.js, the jigsaw regions panel regions.js, killer cages cages.js and their
// editor cage-editor.js.

import * as api from "./api.js";
import { Board } from "./board.js";
import { CageEditor } from "./cage-editor.js";
import { cageName } from "./cages.js";
import { StepLayer } from "./draw.js";
import { GeneratePanel, fillBoxSelect, fillSelect } from "./generate.js";
import { decodeLine, sym } from "./grid.js";
import { wireInput, isTyping } from "./input.js";
import { mapDigits } from "./notation.js";
import { base64Bytes, download, pictureBlob, pictureName, plainStep } from "./media.js";
import { PhotoReview, shrinkPhoto } from "./photo.js";
import { Game } from "./play.js";
import { RegionsPanel } from "./regions.js";
import { renderAllSteps, renderLog, showExplanation, stepText } from "./steps.js";
import * as store from "./storage.js";
import { initTheme } from "./theme.js";
import { LANGUAGES, language, num, onLanguageChange, pickLanguage, setLanguage, t, tn } from "./i18n.js";
import { Timer, formatTime } from "./timer.js";
import { boxRegions, describe, fields, fits, isClassic, ruleLines, rulePicker, variant } from "./variants.js";

const SIZES = [4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24, 25, 28, 30, 32, 35, 36];
const SINGLES = ["full-house", "hidden-single", "naked-single"];
/** Colours of cells and candidates (CSS classes col-1 ... col-6 and cc-1 ... cc-6). */
const COLOURS = 6;

const $ = (id) => document.getElementById(id);

// --- state -----------------------------------------------------------------------------------
const S = {
  sel: 0, highlight: 0,
  pending: null,    // a step shown, not applied: {steps, source, warning}
  hint: null,       // the nudge shown
  branch: -1,       // the forcing-chain branch drawn (-1: all)
  wrong: new Set(), placed: new Set(),
  info: null, techniques: [], enabled: new Set(),
  parsed: [], busy: false, maxBody: 1 << 20, autoTouched: false,
  mode: "digit", colour: 1,
  solvedShown: false, solution: null, allJob: null,
  started: false,   // the kept game has been looked for (saving before would overwrite it)
};
let game = new Game(3, 3);
const board = new Board($("board-wrap"), $("stage"), $("board"), $("rules-layer"));
const layer = new StepLayer(board, $("overlay"));
layer.isFilled = (cell) => Boolean(game.values[cell]);
const timer = new Timer((t) => { $("timer").textContent = t.text(); });
let saveTimer = null;
let savedVersion = -1;

// --- messages ----------------------------------------------------------------------------------
function say(text) { $("status").textContent = mapDigits(text || "", game.n); }

function showError(text) {
  const m = $("message");
  m.textContent = mapDigits(text, game.n);
  m.hidden = false;
}

function clearError() {
  $("message").hidden = true;
  $("message").textContent = "";
}

function explain(parts) {
  showExplanation($("explanation"), parts, game.n, (i) => { S.branch = i; layer.show(S.pending ? S.pending.steps : [], i); });
}

/** Drop what is shown about a step or hint (it no longer matches the grid). */
function dismiss(andRender = false) {
  S.pending = null; S.hint = null; S.branch = -1;
  S.wrong.clear(); S.placed.clear();
  explain(null);
  if (andRender) render();
}

// --- requests ----------------------------------------------------------------------------------
/** Run a command: one at a time, errors shown; ``label`` is said while it runs and replaced by
 * "<label> failed" when it fails (no "Rating…" left behind). */
async function command(fn, label = "") {
  if (S.busy) { say(t("still-working")); return; }
  S.busy = true;
  document.body.classList.add("busy");
  clearError();
  if (label) say(`${label}…`);
  try {
    await fn();
  } catch (e) {
    if (e instanceof api.Cancelled) say(label ? t("label-cancelled", { label }) : t("cancelled"));
    else {
      if (label) say(t("label-failed", { label }));
      showError(e instanceof api.ApiError ? e.message : t("error", { message: e.message }));
    }
  } finally {
    S.busy = false;
    document.body.classList.remove("busy");
  }
}

/** A request about the grid as it is now; its answer is refused if the grid changed meanwhile. */
async function ask(fn) {
  const g = game, version = game.version;
  const data = await fn();
  if (g !== game || game.version !== version) throw new api.ApiError(t("err-grid-changed"));
  return data;
}

function choice() {
  const all = S.techniques.length && S.techniques.every((t) => S.enabled.has(t.id));
  if (all || !S.techniques.length) return {};
  const ids = S.techniques.filter((t) => S.enabled.has(t.id)).map((t) => t.id);
  if (!ids.length) throw new api.ApiError(t("err-no-technique"));
  return { techniques: ids };
}

function lockGivens() {
  if (!game.setup) return;
  game.lockGivens();
  $("setup-mode").checked = false;
  timer.reset(0, true);
}

function requireGivens() {
  lockGivens();
  if (!game.hasGivens()) throw new api.ApiError(t("err-grid-empty"));
}

const puzzle = () => game.positionJSON();

function warn(data) {
  const text = data && data.warning ? t("warning", { warning: data.warning }) : null;
  if (text) say(text);
  return text;
}

// --- loading a game ----------------------------------------------------------------------------
/** Make ``g`` the game on the page: everything shown about the old one goes. */
function loadGame(g, { timerMs = 0, running = true } = {}) {
  const rebuild = !board.g || board.g.n !== g.n || board.g.br !== g.g.br;
  game = g;
  S.sel = 0; S.highlight = 0; S.solution = null; S.solvedShown = false;
  dismiss();
  clearError();
  hideAllSteps();
  $("solved-banner").hidden = true;
  if (!S.autoTouched) $("auto-marks").checked = game.n <= 16;
  if (rebuild) {
    board.build(game.g);
    buildPad();
    buildHighlight();
  } else if (board.g !== game.g) {
    board.retarget(game.g);
  }
  $("setup-mode").checked = game.setup;
  syncGeometry();
  timer.reset(timerMs, running && !game.setup && game.hasGivens() && !game.isSolved());
  render();
  // on a phone the board is at the top of the page: show it
  if (!window.matchMedia("(min-width: 900px)").matches) window.scrollTo({ top: 0 });
}

function syncGeometry() {
  const { n, br, bc, variant: v } = game.g;
  $("size").value = String(n);
  fillBoxSelect($("box"), n, `${br}x${bc}`);
  gen.sync(n, br, bc);
  rulesPicker.set(v.names, Boolean(v.regions), br, bc, Boolean(v.cages));
  geometryWords();
  $("rules-label").hidden = isClassic(v);
  document.body.classList.toggle("has-rules", !isClassic(v));
  regions.sync();
  cages.sync();
}

/** The words about the grid's shape and rules (in the page's language). */
function geometryWords() {
  const { n, br, bc, variant: v } = game.g;
  const rules = isClassic(v) ? "" : `, ${describe(v)}`;
  $("geometry").textContent = t("geometry", { n, br, bc, rules });
  $("rules-name").textContent = describe(v);
  $("rules-label").textContent = ruleLines(v).join(" · ");
}

/** A position opened from text or a photo: under its own variant, else under the rules on the
 * page when they fit it (the candidates then computed by them). */
function underPageRules(pos) {
  const v = game.variant;
  if (pos.variants || pos.regions || pos.cages || isClassic(v) || !fits(v, pos.box[0], pos.box[1])) return pos;
  return { ...pos, ...fields(v), candidates: undefined };
}

function loadPosition(pos) {
  loadGame(Game.fromPosition(underPageRules(pos), "user"));
}

// --- variant rules -------------------------------------------------------------------------------
/** Play the grid on the page under other rules (its digits stay; candidates follow the rules). */
function setVariant(v) {
  game.setVariant(v);
  board.retarget(game.g);
  S.solution = null;
  dismiss();
  hideAllSteps();
  syncGeometry();
  render();
  updateShareHash();
}

function pickRules(names, jigsaw, killer) {
  const g = game.g;
  setVariant(variant(names, jigsaw ? g.regions || boxRegions(g.n, g.br, g.bc) : null, killer ? g.cages || [] : null));
  say(t("rules-now", { rules: describe(game.variant) }) + (jigsaw && !g.regions ? t("rules-paint-regions") : "") +
    (killer && !g.cages ? t("rules-draw-cages") : ""));
  if (jigsaw && !g.regions) regions.setPainting(true);
  if (killer && !g.cages) cages.setDrawing(true);
}

const regions = new RegionsPanel({
  game: () => game,
  setRegions: (r) => setVariant(variant(game.variant.names, r, game.variant.cages)),
  say,
});

const cages = new CageEditor({
  game: () => game,
  setCages: (c) => setVariant(variant(game.variant.names, game.variant.regions, c)),
  say,
  redraw: () => render(),
});
board.cageClasses = cageClass;

// --- rendering ---------------------------------------------------------------------------------
function stepMarks() {
  const cells = new Map();
  const cands = new Map();
  const g = game.g;
  const add = (map, key, cls) => { if (!map.has(key)) map.set(key, new Set()); map.get(key).add(cls); };
  const at = (rc) => g.at(rc);
  if (S.pending) {
    for (const s of S.pending.steps) {
      for (const h of s.houses || []) for (const cell of g.houseCells(h)) add(cells, cell, "focus-house");
      for (const rc of s.cells || []) add(cells, at(rc), "focus-cell");
      for (const [r, c, d] of s.candidates || []) add(cands, `${at([r, c])}:${d}`, "cand-focus");
      for (const [r, c, d] of s.fins || []) add(cands, `${at([r, c])}:${d}`, "cand-fin");
      const links = [...(s.links || []), ...(s.branches || []).flatMap((b) => b.links || [])];
      for (const l of links) {
        for (const [cand, group] of [[l.from, l.from_cells], [l.to, l.to_cells]]) {
          for (const rc of group && group.length ? group : [cand]) {
            add(cells, at(rc), "link-cell");
            add(cands, `${at(rc)}:${cand[2]}`, "cand-link");
          }
        }
      }
      for (const set of s.sets || []) for (const rc of set.cells || []) add(cells, at(rc), "set-cell");
      for (const [r, c, d] of s.eliminations || []) {
        add(cands, `${at([r, c])}:${d}`, "cand-elim");
        add(cells, at([r, c]), "has-elim");
      }
      for (const [r, c, d] of s.placements || []) {
        add(cands, `${at([r, c])}:${d}`, "cand-place");
        add(cells, at([r, c]), "place-cell");
      }
    }
  } else if (S.hint) {
    for (const h of S.hint.houses || []) for (const cell of g.houseCells(h)) add(cells, cell, "focus-house");
    for (const rc of S.hint.cells || []) add(cells, at(rc), "focus-cell");
  }
  if (cages.drawing) for (const cell of cages.draft) add(cells, cell, "cage-draft");
  return { cells, cands };
}

/** The class of a cage's drawing: picked in the editor, used by the step shown (its sets of role
 * "cage": solid orange, as in the pictures), or named by a step without them or a hint's nudge
 * (the focus colour). */
function cageClass(c) {
  const name = cageName(c, game.n);
  if (cages.picked && cageName(cages.picked, game.n) === name) return "cage-picked";
  const steps = S.pending ? S.pending.steps : [];
  const used = steps.flatMap((s) => (s.sets || []).filter((set) => set.role === "cage"));
  if (used.length) {  // a cage's cells are ascending (cages.js); a set's are put in that order
    const key = (cells) => cells.map((rc) => board.g.at(rc)).sort((a, b) => a - b).join(",");
    const mine = c.cells.join(",");
    return used.some((set) => key(set.cells) === mine) ? "cage-used" : "";
  }
  const texts = S.pending ? steps.flatMap((s) => [s.explanation || "", ...(s.houses || [])])
    : S.hint ? [S.hint.text || "", ...(S.hint.houses || [])] : [];
  return texts.some((t) => t.includes(name)) ? "cage-focus" : "";
}

function render() {
  document.body.classList.toggle("setup", game.setup);
  board.render(game, {
    sel: S.sel, highlight: S.highlight, bivalue: $("bivalue").checked, auto: $("auto-marks").checked,
    clashes: game.clashes(), wrong: S.wrong, placed: S.pending ? new Set() : S.placed, marks: stepMarks(),
  });
  if (game.g.cages) board.drawRules();  // the cage picked, or named by the step shown
  layer.show(S.pending ? S.pending.steps : [], S.branch);
  $("btn-apply").disabled = !S.pending;
  $("btn-undo").disabled = !game.undoStack.length;
  $("btn-redo").disabled = !game.redoStack.length;
  renderLog($("log"), game.log, game.n, jumpTo);
  solvedMoment();
  scheduleSave();
}

/** The moment the grid is solved: a banner over the board and the clock stops; gone again
 * after Undo. */
function solvedMoment() {
  const solved = game.isSolved();
  if (solved === S.solvedShown) return;
  S.solvedShown = solved;
  const banner = $("solved-banner");
  if (solved) {
    timer.stop();
    $("solved-time").textContent = t("solved-in", { time: timer.text() });
    banner.hidden = false;
    banner.classList.remove("pop");
    void banner.offsetWidth;  // restart the animation
    banner.classList.add("pop");
    document.body.classList.add("is-solved");
    say(t("solved-in-time", { time: timer.text() }));
  } else {
    banner.hidden = true;
    document.body.classList.remove("is-solved");
    if ($("status").textContent === t("solved-in-time", { time: timer.text() })) say("");
    if (game.hasGivens() && !game.setup) timer.resume();
  }
}

function scheduleSave() {
  // nothing is kept before the page has looked for the game kept last time
  if (!S.started || game.version === savedVersion) return;
  clearTimeout(saveTimer);
  saveTimer = setTimeout(saveNow, 250);
}

function saveNow() {
  clearTimeout(saveTimer);
  if (!S.started) return;
  savedVersion = game.version;
  const err = store.saveCurrent(game, { timer: Math.round(timer.ms), auto: $("auto-marks").checked });
  if (err) say(t("not-kept", { reason: err }));
}

// --- building the page ---------------------------------------------------------------------------
function buildPad() {
  const pad = $("pad");
  pad.textContent = "";
  for (let d = 1; d <= game.n; d++) {
    const btn = document.createElement("button");
    btn.type = "button";
    btn.textContent = sym(d);
    btn.dataset.digit = String(d);
    btn.setAttribute("aria-label", t("digit-n", { digit: d }));
    btn.title = String(d);
    pad.appendChild(btn);
  }
  const clear = document.createElement("button");
  clear.type = "button";
  clear.textContent = "⌫";
  clear.dataset.digit = "0";
  clear.setAttribute("aria-label", t("clear-the-cell"));
  pad.appendChild(clear);
  pad.style.setProperty("--keys", game.n + 1);
  const legend = $("legend");
  legend.hidden = game.n <= 9;
  legend.textContent = game.n > 9 ? t("letters-legend", { last: sym(game.n), n: game.n }) : "";
}

function buildHighlight() {
  fillSelect($("highlight"), Array.from({ length: game.n + 1 }, (_, d) => [String(d), d ? sym(d) : t("highlight-none")]), String(S.highlight));
}

function buildPalette() {
  const pal = $("palette");
  pal.textContent = "";
  for (let i = 1; i <= COLOURS; i++) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = `swatch col-${i}${i === S.colour ? " active" : ""}`;
    b.dataset.colour = String(i);
    b.setAttribute("role", "radio");
    b.setAttribute("aria-checked", String(i === S.colour));
    b.setAttribute("aria-label", t("colour-n", { n: i }));
    b.title = t("colour-n-title", { n: i });
    pal.appendChild(b);
  }
  pal.addEventListener("click", (e) => {
    const b = e.target.closest("button[data-colour]");
    if (!b) return;
    S.colour = Number(b.dataset.colour);
    for (const x of pal.children) {
      x.classList.toggle("active", x === b);
      x.setAttribute("aria-checked", String(x === b));
    }
    setMode("color");
  });
}

function buildTechniques() {
  const box = $("techniques");
  box.textContent = "";
  const families = new Map();
  for (const t of S.techniques) {
    if (!families.has(t.family)) families.set(t.family, []);
    families.get(t.family).push(t);
  }
  for (const [family, list] of families) {
    const fs = document.createElement("fieldset");
    const lg = document.createElement("legend");
    lg.textContent = family;
    fs.appendChild(lg);
    for (const t of list) {
      const label = document.createElement("label");
      label.className = "check";
      const cb = document.createElement("input");
      cb.type = "checkbox";
      cb.checked = S.enabled.has(t.id);
      cb.dataset.technique = t.id;
      cb.addEventListener("change", () => {
        if (cb.checked) S.enabled.add(t.id); else S.enabled.delete(t.id);
        dismiss(true);
      });
      label.append(cb, ` ${t.name} (${num(t.difficulty)})`);
      fs.appendChild(label);
    }
    box.appendChild(fs);
  }
}

function setTechniques(ids) {
  S.enabled = new Set(ids);
  buildTechniques();
  dismiss(true);
}

// --- playing -----------------------------------------------------------------------------------
function select(cell) {
  S.sel = Math.max(0, Math.min(game.nc - 1, cell));
  board.follow(S.sel);
  render();
}

function moveBy(dr, dc) {
  const n = game.n;
  const r = (game.g.row(S.sel) + dr + n) % n, c = (game.g.col(S.sel) + dc + n) % n;
  select(game.g.cellAt(r, c));
}

function afterChange() {
  dismiss();
  render();
}

/** A digit from the keyboard or the pad: an entry, a given, a pencil mark or a colour. */
function digit(d, { pencil = false } = {}) {
  if (S.mode === "color" && !game.setup) {
    if ($("color-cands").checked) paintCand(S.sel, d);
    else if (d <= COLOURS) { S.colour = d; paintCell(S.sel); }
    return;
  }
  if ((pencil || S.mode === "pencil") && !game.setup) {
    const err = game.toggleMark(S.sel, d, $("auto-marks").checked);
    if (err) { say(err); return; }
    afterChange();
    return;
  }
  enter(d);
}

function enter(d) {
  const cell = S.sel;
  const err = game.enter(cell, d);
  if (err) { say(err); return; }
  if (game.setup) S.sel = (cell + 1) % game.nc;  // typing a puzzle as a line: move on
  afterChange();
}

function clear() { enter(0); }

function paintCell(cell) {
  game.paintCell(cell, S.colour);
  render();
}

function paintCand(cell, d) {
  if (game.values[cell]) return;
  game.paintCand(cell, d, S.colour);
  render();
}

/** A click on the board: select the cell; in Colour mode paint it (or the candidate hit). */
function pointCell(cell, d) {
  if (regions.painting || cages.drawing) return;  // the pointer paints regions or draws cages (dragCell)
  if (S.mode === "color" && !game.setup) {
    S.sel = cell;
    if ($("color-cands").checked && d) paintCand(cell, d);
    else paintCell(cell);
    return;
  }
  select(cell);
}

function setMode(mode) {
  S.mode = mode;
  for (const r of document.querySelectorAll('input[name="mode"]')) r.checked = r.value === mode;
  document.body.dataset.mode = mode;
}

function setHighlight(d) {
  S.highlight = d || 0;
  $("highlight").value = String(S.highlight);
  render();
}

function setSetup(on) {
  if (on) {
    game.setup = true;
    game.version += 1;
    timer.stop();
  } else lockGivens();
  $("setup-mode").checked = on;
  dismiss(true);
  say(on ? t("setup-on") : t("setup-off"));
}

function undo() {
  if (!game.undo()) { say(t("nothing-to-undo")); return; }
  $("setup-mode").checked = game.setup;
  afterChange();
}

function redo() {
  if (!game.redo()) { say(t("nothing-to-redo")); return; }
  $("setup-mode").checked = game.setup;
  afterChange();
}

function jumpTo(i) {
  const entry = game.log[i];
  if (!entry || !entry.before) return;
  game.jumpTo(i);
  $("setup-mode").checked = game.setup;
  afterChange();
  say(t("back-to-step", { n: i + 1 }));
}

// --- solving commands ----------------------------------------------------------------------------
function showPending(steps, source, warning) {
  S.pending = { steps, source, warning };
  S.hint = null; S.branch = -1;
  const elims = steps.reduce((k, s) => k + (s.eliminations || []).length, 0);
  const places = steps.reduce((k, s) => k + (s.placements || []).length, 0);
  const what = [];
  if (places) what.push(tn("placements", places));
  if (elims) what.push(tn("eliminations", elims));
  explain({ warning, steps, note: t("step-note", { what: what.join(", ") }) });
  render();
}

function applySteps(steps, label = t("applied")) {
  const placed = game.applySteps(steps, "solved");
  S.pending = null; S.hint = null; S.branch = -1;
  S.wrong.clear();
  S.placed = new Set(placed);
  explain({ text: `${label}: ${steps.map((s) => stepText(s, game.n)).join(" · ")}` });
  render();
}

function apply() {
  if (!S.pending) { say(t("no-step-to-apply")); return; }
  applySteps(S.pending.steps);
  hideAllSteps(t("applied-list-again"));
}

async function step() {
  if (S.pending) { apply(); return; }
  requireGivens();
  const data = await ask(() => api.step(puzzle(), choice()));
  S.hint = null;
  const warning = warn(data);
  if (!data.step) { explain({ text: data.message, warning }); say(data.message); render(); return; }
  showPending([data.step], "step", warning);
}

async function hint() {
  if (S.pending) { apply(); return; }
  requireGivens();
  const level = S.hint ? "step" : "nudge";
  const data = await ask(() => api.hint(puzzle(), level, choice()));
  const warning = warn(data);
  if (!data.hint) { S.hint = null; explain({ text: data.message, warning }); render(); return; }
  if (level === "nudge") {
    S.hint = data.hint;
    explain({ text: t("hint-text", { text: data.hint.text }), warning, note: t("hint-again") });
    render();
  } else {
    S.hint = null;
    showPending([data.hint.step], "hint", warning);
  }
}

async function round() {
  requireGivens();
  S.pending = null; S.hint = null;
  const data = await ask(() => api.round(puzzle(), choice()));
  const warning = warn(data);
  if (!data.steps.length) { explain({ text: data.message, warning }); render(); return; }
  applySteps(data.steps, t("round-label", { message: data.message }));
}

async function solveAll() {
  requireGivens();
  const data = await ask(() => api.solve(puzzle()));
  dismiss();
  if (!data.solution) { say(data.message); explain({ text: data.message }); render(); return; }
  const before = game.snapshot();
  game.remember(before);
  const sol = decodeLine(data.solution.values, game.n);
  for (let cell = 0; cell < game.nc; cell++) {
    if (game.givens[cell]) continue;
    if (game.values[cell] !== sol[cell] || game.origin[cell] !== "user") game.origin[cell] = "solved";
    game.values[cell] = sol[cell];
  }
  game.cands.fill(0);
  game.logEntry(t("solve-label", { message: data.message }), before);
  render();
  say(data.message);
}

/** The solution of the givens (asked once per puzzle). */
async function solution() {
  const line = game.givensLine();
  if (S.solution && S.solution.line === line && S.solution.g === game.g) return S.solution.values;
  const data = await api.solve({ box: [game.g.br, game.g.bc], givens: line, ...game.variantFields() });
  if (!data.solution) throw new api.ApiError(t("err-no-reveal", { message: data.message }));
  S.solution = { line, g: game.g, values: decodeLine(data.solution.values, game.n) };
  return S.solution.values;
}

async function reveal() {
  requireGivens();
  const cell = S.sel;
  if (game.givens[cell]) { say(t("cell-is-given", { cell: game.g.label(cell) })); return; }
  const g = game;
  const sol = await solution();
  if (g !== game) return;
  const d = sol[cell];
  if (game.values[cell] === d && game.origin[cell] !== "user") { say(t("cell-already", { cell: game.g.label(cell), digit: sym(d) })); return; }
  const before = game.snapshot();
  game.remember(before);
  if (game.values[cell]) game.place(cell, 0, "");
  game.place(cell, d, "revealed");
  game.logEntry(t("revealed", { cell: game.g.label(cell), digit: d }), before);
  S.wrong.delete(cell);
  afterChange();
  say(t("revealed", { cell: game.g.label(cell), digit: sym(d) }));
}

async function check() {
  requireGivens();
  const data = await ask(() => api.check(puzzle()));
  dismiss();
  for (const [r, c] of data.wrong) S.wrong.add(game.g.cellAt(r - 1, c - 1));
  say(t("check-label", { message: data.message }));
  render();
}

async function count() {
  requireGivens();
  const data = await api.count(puzzle());
  say(t("solutions-label", { label: data.label }));
}

async function rate() {
  requireGivens();
  const data = await api.rate(puzzle());
  if (data.status && data.status !== "unique") {
    say(data.message);
    explain({ warning: data.message });
    return;
  }
  const hardest = data.hardest ? t("rating-hardest", { technique: techniqueName(data.hardest) }) : "";
  say(t("rating", { score: num(data.score), level: data.level }) + hardest + (data.trial ? t("rating-trial") : ""));
}

function techniqueName(id) {
  const t = S.techniques.find((x) => x.id === id);
  return t ? t.name : id;
}

// --- all steps -----------------------------------------------------------------------------------
function hideAllSteps(note = "") {
  if (S.allJob) { api.cancelJob(S.allJob.job); S.allJob.controller.abort(); S.allJob = null; }
  const panel = $("all-steps-panel");
  if (note && !panel.hidden) {
    $("all-steps").textContent = "";
    $("all-steps-note").textContent = note;
    return;
  }
  panel.hidden = true;
  $("all-steps").textContent = "";
  $("all-steps-note").textContent = "";
}

async function allSteps() {
  requireGivens();
  hideAllSteps();
  dismiss(true);
  const panel = $("all-steps-panel");
  panel.hidden = false;
  panel.open = true;
  $("all-steps-note").textContent = t("searching");
  const job = api.newJobId("steps");
  const controller = new AbortController();
  S.allJob = { job, controller };
  const g = game, version = game.version;
  const names = Object.fromEntries(S.techniques.map((t) => [t.id, t.name]));
  const draw = (steps) => renderAllSteps($("all-steps"), steps, game.n, {
    names,
    onShow: (s) => { if (g === game && game.version === version) { showPending([s], "all", null); } else staleList(); },
    onApply: (s) => {
      if (g !== game || game.version !== version) { staleList(); return; }
      applySteps([s]);
      hideAllSteps(t("applied-list-again"));
    },
  });
  try {
    const res = await api.allSteps(puzzle(), choice(), {
      signal: controller.signal, job, onFound: (steps) => { if (S.allJob && S.allJob.job === job) draw(steps); },
    });
    if (!S.allJob || S.allJob.job !== job) return;
    draw(res.steps);
    const kinds = new Set(res.steps.map((s) => s.technique)).size;
    $("all-steps-note").textContent = tn("steps-found", res.steps.length) +
      (kinds > 1 ? t("of-techniques", { kinds }) : "") + (res.note ? ` — ${res.note}` : "");
  } finally {
    if (S.allJob && S.allJob.job === job) S.allJob = null;
  }
}

function staleList() {
  hideAllSteps(t("grid-changed-list"));
}

// --- puzzles in and out --------------------------------------------------------------------------
async function parseText(text, filename, box, rules) {
  if (!text.trim()) throw new api.ApiError(t("err-text-empty"));
  const body = { text };
  if (filename) body.filename = filename;
  if (box) body.box = box;
  if (rules && rules.variants && rules.variants.length) body.variants = rules.variants;
  if (rules && rules.regions) body.regions = rules.regions;
  if (rules && rules.cages) body.cages = rules.cages;
  let data;
  try {
    data = await api.parse(body);
  } catch (e) {
    // givens that clash by classic rules may be right by the rules on the page (a jigsaw line)
    if (rules || isClassic(game.variant) || !(e instanceof api.ApiError) || e.status !== 422) throw e;
    data = await api.parse({ ...body, ...game.variantFields() }).catch(() => { throw e; });
  }
  S.parsed = data.puzzles;
  updateBookChoice();
  // a share link's rules as they are; else the text's own, else the rules on the page
  if (rules) loadGame(Game.fromPosition(data.puzzles[0].position, "user"));
  else loadPosition(data.puzzles[0].position);
  fillSelect($("puzzle-select"), data.puzzles.map((p, i) => [String(i), `${i + 1}${p.comment ? " — " + p.comment.slice(0, 40) : ""}`]), "0");
  $("picker").hidden = data.total < 2;
  $("picker-total").textContent = data.total > data.puzzles.length
    ? t("picker-total-listed", { total: data.total, listed: data.puzzles.length }) : t("picker-total", { total: data.total });
  const p = data.puzzles[0];
  say(t("opened", { n: p.size, format: data.format, givens: p.filled }) +
    (isClassic(game.variant) ? "" : t("opened-rules", { rules: describe(game.variant) })) +
    (data.total > 1 ? t("opened-many", { total: data.total }) : ""));
  updateShareHash();
}

async function openFile(file) {
  if (!file) return;
  if (file.size > S.maxBody - 4096) throw new api.ApiError(t("err-file-large", { name: file.name, kb: Math.floor(S.maxBody / 1024) }));
  await parseText(await file.text(), file.name);
}

function newGrid() {
  const [br, bc] = $("box").value.split("x").map(Number);
  const v = game.variant;
  const names = v.names.filter((x) => x !== "windoku" || fits(variant(["windoku"]), br, bc));
  const same = v.regions && v.regions.length === br * bc * br * bc;
  // a killer keeps its rule and loses its cages: the new puzzle's are drawn next
  const g = new Game(br, bc, variant(names, v.regions ? (same ? v.regions : boxRegions(br * bc, br, bc)) : null, v.cages ? [] : null));
  g.setup = true;
  loadGame(g, { running: false });
  history.replaceState(null, "", location.pathname);
  say(t("empty-grid", { n: g.n }));
  board.el.focus();
}

async function exportAs(to) {
  const data = await api.exportAs(puzzle(), to, $("export-entries").checked);
  $("export-text").value = data.text;
  await copy(data.text, t(to === "line" ? "copied-line" : "copied-grid"));
}

function shareURL(entries) {
  return location.origin + location.pathname + store.shareHash(game, { entries, auto: $("auto-marks").checked });
}

function updateShareHash() {
  if (game.hasGivens()) history.replaceState(null, "", shareURL(false));
}

async function share() {
  requireGivens();
  const url = shareURL($("export-entries").checked);
  history.replaceState(null, "", url);
  $("export-text").value = url;
  await copy(url, t("copied-link"));
}

async function copy(text, done) {
  try {
    await navigator.clipboard.writeText(text);
    say(done);
  } catch (e) {
    $("export-text").select();
    say(t("copy-by-hand"));
  }
}

async function openFromHash() {
  const share = store.readShareHash(location.hash);
  if (!share.p) return false;
  await parseText(share.p, null, share.b || undefined, share.rules || {});  // none: classic
  const auto = store.applyShare(game, share);
  if (auto !== null) { $("auto-marks").checked = auto; S.autoTouched = true; }
  game.version += 1;
  render();
  return true;
}

// --- a puzzle from a photo ----------------------------------------------------------------------
const review = new PhotoReview();

/** Shrink the picture, have the server read it, then the review view (outside the command, so
 * the page is not busy while the user checks the cells). */
async function readPhoto(file) {
  if (!file) return;
  let data = null;
  await command(async () => {
    const image = await shrinkPhoto(file, { maxChars: S.maxBody - 4096 });
    const job = api.newJobId("photo"), controller = new AbortController();
    const cancel = $("btn-photo-cancel");
    cancel.onclick = () => { api.cancelJob(job); controller.abort(); };
    cancel.hidden = false;
    try {
      data = await api.readImage(image, { job, signal: controller.signal });
    } catch (e) {
      if (e instanceof api.ApiError && e.status === 409) throw new api.Cancelled();
      throw e;
    } finally {
      cancel.hidden = true;
    }
    say(t("photo-check", { message: data.message }));
  }, t("photo-reading"));
  if (!data) return;
  const pos = await review.show(data);
  if (!pos) { say(t("photo-cancelled")); return; }
  await command(async () => {
    S.parsed = [];
    updateBookChoice();
    $("picker").hidden = true;
    loadGame(Game.fromPosition(underPageRules(pos), "given"));
    history.replaceState(null, "", location.pathname);
    updateShareHash();
    const filled = game.givens.filter(Boolean).length;
    say(t("photo-opened", { givens: filled }));
    const n = await api.count(puzzle()).catch(() => null);
    if (n && game.givensLine() === pos.givens) {
      say(t("photo-opened-count", { givens: filled, solutions: n.count === 1 ? t("one-solution") : n.label }));
      if (n.count !== 1) explain({ warning: t("photo-compare", { solutions: n.label }) });
    }
  });
}

// --- picture and booklet ---------------------------------------------------------------------------
/** The step shown on the board (the branch drawn is not kept: the picture draws them all). */
function shownStep() {
  return S.pending && S.pending.steps.length ? plainStep(S.pending.steps[0]) : null;
}

async function exportPicture() {
  requireGivens();
  const to = $("pic-format").value;
  const step = $("pic-step").checked ? shownStep() : null;
  const size = Number($("pic-size").value);
  const body = {
    puzzle: puzzle(), to, style: $("pic-style").value,
    candidates: $("pic-candidates").checked, solution: $("pic-solution").checked,
    step, size_px: size >= 50 && size <= 4000 ? Math.round(size) : null,
  };
  const data = await api.renderPicture(body);
  const name = pictureName(game.n, to, Boolean(step));
  download(pictureBlob(data), name);
  say(t(step ? "picture-saved-step" : "picture-saved", { name }));
}

function bookPuzzles() {
  const all = S.parsed.length > 1 && $("book-all").checked;
  if (all) return S.parsed.map(({ position: p }) => ({ box: p.box, givens: p.givens, variants: p.variants, regions: p.regions, cages: p.cages }));
  requireGivens();
  return [{ box: [game.g.br, game.g.bc], givens: game.givensLine(), ...game.variantFields() }];
}

async function printBook() {
  const puzzles = bookPuzzles();
  const data = await api.printBooklet({
    puzzles, per_page: Number($("book-per-page").value), solutions: $("book-solutions").checked,
    title: $("book-title").value.trim(), rate: $("book-rate").checked, paper: $("book-paper").value,
  }, { job: api.newJobId("print") });
  download(new Blob([base64Bytes(data.data)], { type: data.media_type }), "book.pdf");
  const missing = data.without_answer ? t("book-without-answer", { count: data.without_answer }) : "";
  say(t("book-saved", { puzzles: tn("puzzles", data.puzzles), pages: tn("pages", data.pages) }) + missing);
}

/** "This puzzle / all N puzzles" appears when the text opened last held several. */
function updateBookChoice() {
  const many = S.parsed.length > 1;
  $("book-which-row").hidden = !many;
  if (many) $("book-all-label").textContent = t("book-all", { count: S.parsed.length });
  else document.querySelector('input[name="book-which"][value="current"]').checked = true;
}

// --- saved games ---------------------------------------------------------------------------------
function renderSaves() {
  const ul = $("saves");
  ul.textContent = "";
  for (const s of store.listSaves()) {
    const li = document.createElement("li");
    const name = document.createElement("span");
    name.textContent = t("save-line", { name: s.name, n: s.size, filled: s.filled, when: new Date(s.saved).toLocaleString(language()) });
    const open = document.createElement("button");
    open.type = "button"; open.textContent = t("open");
    open.addEventListener("click", () => {
      const got = store.loadSave(s.id);
      if (!got || !got.game) { showError(t("save-damaged")); return; }
      loadGame(got.game, { timerMs: got.data.timer || 0 });
      say(t("save-opened", { name: got.name }));
    });
    const del = document.createElement("button");
    del.type = "button"; del.textContent = t("delete");
    del.addEventListener("click", () => { store.deleteSave(s.id); renderSaves(); });
    li.append(name, " ", open, " ", del);
    ul.appendChild(li);
  }
}

function saveAs() {
  const name = $("save-name").value.trim() || new Date().toLocaleString(language());
  const err = store.saveGame(name, game, { timer: Math.round(timer.ms), auto: $("auto-marks").checked });
  if (err) showError(t("not-saved", { reason: err })); else say(t("saved-as", { name }));
  renderSaves();
}

// --- zoom and focus ------------------------------------------------------------------------------
function zoomBy(steps) {
  board.zoomBy(steps);
  board.follow(S.sel, true);
  render();
}

function afterLayout() {
  $("zoom-level").textContent = `${Math.round(board.zoom * 100)}%`;
  const px = board.candidateFont();
  const hint = $("legibility");
  hint.textContent = game.n > 9 && px && px < 9 ? t("legibility", { px: px.toFixed(0) }) : "";
  layer.draw();
}

// --- wiring --------------------------------------------------------------------------------------
const gen = new GeneratePanel({
  busy(on, label) {
    S.busy = on;
    document.body.classList.toggle("busy", on);
    if (on) { clearError(); say(`${label}…`); }
  },
  loaded(data) {
    const g = Game.fromPosition(data.position, "given");  // the position carries its rules
    loadGame(g);
    const r = data.rating;
    const rules = isClassic(game.variant) ? "" : ` (${describe(game.variant)})`;
    say(r ? t("generated-rating", { rules, score: num(r.score), level: r.level }) : t("generated", { rules }));
    updateShareHash();
  },
  failed(e) {
    syncGeometry();  // the Size boxes show the grid on the page again
    if (e instanceof api.Cancelled) { say(t("generating-cancelled", { n: game.n })); return; }
    say(t("generating-failed"));
    showError(e instanceof api.ApiError ? e.message : t("error", { message: e.message }));
  },
});

const rulesPicker = rulePicker($("rules"), "rule", pickRules, { killer: true });

const COMMANDS = {
  n: () => command(step), a: () => command(async () => apply()), h: () => command(hint),
  r: () => command(round), s: () => command(solveAll), c: () => command(check),
  k: () => command(count), t: () => command(rate, t("rating-busy")), z: undo, y: redo,
  l: () => command(allSteps), v: () => command(reveal),
  m: () => { $("auto-marks").checked = !$("auto-marks").checked; S.autoTouched = true; dismiss(true); },
  b: () => { $("bivalue").checked = !$("bivalue").checked; render(); },
  p: () => { setMode(S.mode === "pencil" ? "digit" : "pencil"); say(t(S.mode === "pencil" ? "pencil-on" : "pencil-off")); },
  g: () => setSetup(!game.setup),
  x: () => setHighlight(S.highlight && S.highlight === game.values[S.sel] ? 0 : game.values[S.sel]),
};

/** The pointer down on (``start``) or dragged over a cell: paints it while painting regions,
 * draws a cage while drawing cages. */
function dragCell(cell, start) {
  if (cages.drawing) { cages.drag(cell, start); return true; }
  if (!regions.painting) return false;
  regions.paint(cell, start);
  return true;
}

const app = {
  S, board, commands: COMMANDS, get game() { return game; },
  select, moveBy, digit, clear, undo, redo, dismiss, zoomBy, pointCell, setHighlight, dragCell,
  dragEnd: () => cages.drawing && cages.dragEnd(),
};

function on(id, event, fn) { $(id).addEventListener(event, fn); }

function wire() {
  wireInput(app);
  on("btn-step", "click", () => command(step));
  on("btn-apply", "click", () => command(async () => apply()));
  on("btn-hint", "click", () => command(hint));
  on("btn-round", "click", () => command(round));
  on("btn-all-steps", "click", () => command(allSteps));
  on("btn-reveal", "click", () => command(reveal));
  on("btn-solve", "click", () => command(solveAll));
  on("btn-undo", "click", undo);
  on("btn-redo", "click", redo);
  on("btn-check", "click", () => command(check));
  on("btn-count", "click", () => command(count));
  on("btn-rate", "click", () => command(rate, t("rating-busy")));
  on("btn-new", "click", newGrid);
  on("btn-load", "click", () => command(() => parseText($("paste").value)));
  on("btn-copy-line", "click", () => command(() => exportAs("line")));
  on("btn-copy-grid", "click", () => command(() => exportAs("grid")));
  on("btn-share", "click", () => command(share));
  on("btn-print", "click", () => { $("print-footer").textContent = `sudokit — ${game.n}x${game.n} — ${location.origin}`; window.print(); });
  on("btn-save", "click", saveAs);
  on("btn-clear-colors", "click", () => { game.clearColors(); render(); });
  on("tech-all", "click", () => setTechniques(S.techniques.map((t) => t.id)));
  on("tech-singles", "click", () => setTechniques(SINGLES));
  on("tech-none", "click", () => setTechniques([]));
  on("photo", "change", (e) => {
    const file = e.target.files[0];
    e.target.value = "";
    readPhoto(file);
  });
  on("btn-export-picture", "click", () => command(exportPicture, t("drawing-picture")));
  on("btn-print-book", "click", () => command(printBook, t("making-booklet")));
  on("file", "change", (e) => {
    const file = e.target.files[0];
    e.target.value = "";
    command(() => openFile(file));
  });
  on("setup-mode", "change", (e) => setSetup(e.target.checked));
  on("auto-marks", "change", () => { S.autoTouched = true; render(); });
  on("bivalue", "change", render);
  on("highlight", "change", (e) => setHighlight(Number(e.target.value)));
  on("size", "change", () => fillBoxSelect($("box"), Number($("size").value)));
  on("puzzle-select", "change", (e) => {
    const p = S.parsed[Number(e.target.value)];
    if (p) { loadPosition(p.position); updateShareHash(); }
  });
  for (const r of document.querySelectorAll('input[name="mode"]')) r.addEventListener("change", () => setMode(r.value));
  on("btn-zoom-in", "click", () => zoomBy(1));
  on("btn-zoom-out", "click", () => zoomBy(-1));
  on("focus", "change", (e) => { board.setFocus(e.target.value, S.sel); render(); });
  on("btn-pause", "click", () => setPaused(!timer.paused));
  on("btn-resume", "click", () => setPaused(false));
  board.onLayout = afterLayout;

  document.addEventListener("paste", (e) => {
    if (isTyping(e.target)) return;
    const text = e.clipboardData && e.clipboardData.getData("text");
    if (text) { e.preventDefault(); $("paste").value = text; command(() => parseText(text)); }
  });
  document.addEventListener("dragover", (e) => { e.preventDefault(); document.body.classList.add("dropping"); });
  document.addEventListener("dragleave", (e) => { if (!e.relatedTarget) document.body.classList.remove("dropping"); });
  document.addEventListener("drop", (e) => {
    e.preventDefault();
    document.body.classList.remove("dropping");
    const file = e.dataTransfer && e.dataTransfer.files[0];
    if (file && /^image\//.test(file.type)) readPhoto(file);
    else if (file) command(() => openFile(file));
  });
  window.addEventListener("hashchange", () => command(openFromHash));
  window.addEventListener("pagehide", saveNow);
}

function setPaused(on) {
  timer.setPaused(on);
  $("paused-cover").hidden = !on;
  $("btn-pause").textContent = on ? "▶" : "❚❚";
  $("btn-pause").setAttribute("aria-label", t(on ? "resume" : "pause"));
  $("btn-pause").dataset.i18nAriaLabel = on ? "resume" : "pause";
  document.body.classList.toggle("paused", on);
}

// --- the page's language -------------------------------------------------------------------------
/** The language kept in the browser, else the browser's own (navigator.languages), else English. */
const startLanguage = () => pickLanguage([store.prefs().lang, ...(navigator.languages || [navigator.language])].filter(Boolean));

function buildLanguageSwitch() {
  const sel = $("lang");
  fillSelect(sel, Object.entries(LANGUAGES), language());
  sel.addEventListener("change", () => {
    store.setPref("lang", sel.value);
    setLanguage(sel.value);
  });
}

/** After a language switch: the page's own texts drawn again, and what came from the server
 * (technique names, the step or hint shown) asked for again in the new language. */
function relabel(lang) {
  $("lang").value = lang;
  board.keys.fill("");  // the cells' aria labels
  buildPad();
  buildHighlight();
  for (const b of $("palette").children) {
    b.setAttribute("aria-label", t("colour-n", { n: Number(b.dataset.colour) }));
    b.title = t("colour-n-title", { n: Number(b.dataset.colour) });
  }
  setPaused(timer.paused);
  if (S.solvedShown) $("solved-time").textContent = t("solved-in", { time: timer.text() });
  geometryWords();
  rulesPicker.set(game.variant.names, Boolean(game.g.regions), game.g.br, game.g.bc, Boolean(game.g.cages));
  regions.n = 0;  // the palette's labels are built again
  regions.sync();
  cages.sync();
  gen.syncRules();
  renderSaves();
  updateBookChoice();
  hideAllSteps(t("language-list-again"));
  render();
  say(t("language-now"));
  if (S.started) command(askAgain);
}

/** The server's words in the new language: /api/info's technique names, then the step or
 * hint on show asked again (the same position gives the same step). */
async function askAgain() {
  const info = await api.info();
  S.info = info;
  S.techniques = info.techniques;
  buildTechniques();
  gen.fillChoices(info);
  if (!S.pending && !S.hint) return;
  const source = S.pending ? S.pending.source : "nudge";
  if (source === "step" || source === "hint") {
    S.pending = null;
    S.hint = source === "hint" ? {} : null;  // hint() then asks for the whole step
    await (source === "step" ? step() : hint());
  } else if (source === "nudge") {
    S.hint = null;
    await hint();
  }
}

async function start() {
  await setLanguage(startLanguage());
  buildLanguageSwitch();
  onLanguageChange(relabel);
  initTheme($("btn-theme"));
  buildPalette();
  fillSelect($("size"), SIZES.map((n) => [String(n), `${n}x${n}`]), "9");
  wire();
  const g = new Game(3, 3);
  g.setup = true;
  loadGame(g, { running: false });
  renderSaves();
  await command(async () => {
    const info = await api.info();
    S.info = info;
    S.maxBody = info.max_body;
    S.techniques = info.techniques;
    S.enabled = new Set(info.techniques.map((t) => t.id));
    buildTechniques();
    const sizes = SIZES.filter((n) => n <= info.max_size);
    fillSelect($("size"), sizes.map((n) => [String(n), `${n}x${n}`]), String(game.n));
    await gen.setup(info, sizes, game.n);
    syncGeometry();
    if (await openFromHash()) return;
    const kept = store.loadCurrent();
    if (kept && kept.game) {
      if (kept.data.auto !== undefined) { $("auto-marks").checked = kept.data.auto; S.autoTouched = true; }
      loadGame(kept.game, { timerMs: kept.data.timer || 0 });
      savedVersion = game.version;
      say(t("welcome-back"));
      return;
    }
    say(t("welcome"));
  });
  S.started = true;
  document.body.classList.add("ready");
  board.el.focus({ preventScroll: true });
}

start();

// A hook for scripts and tests: show any step (e.g. drawing data the server does not send yet).
window.sudokitPage = {
  showSteps: (steps) => showPending(steps, "script", null),
  game: () => game,
};
