// Playing: the selection, digits, pencil marks and colours, Enter givens, undo and redo,
// the log, zoom, pause.

import { lockGivens } from "./commands.js";
import { t } from "./i18n.js";
import { $, board, cages, game, regions, S, timer } from "./state.js";
import { dismiss, render, say } from "./view.js";

/** Colours of cells and candidates (CSS classes col-1 ... col-6 and cc-1 ... cc-6). */
export const COLOURS = 6;

export function buildPalette() {
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

export function select(cell) {
  S.sel = Math.max(0, Math.min(game.nc - 1, cell));
  board.follow(S.sel);
  render();
}

export function moveBy(dr, dc) {
  const n = game.n;
  const r = (game.g.row(S.sel) + dr + n) % n, c = (game.g.col(S.sel) + dc + n) % n;
  select(game.g.cellAt(r, c));
}

export function afterChange() {
  dismiss();
  render();
}

/** A digit from the keyboard or the pad: an entry, a given, a pencil mark or a colour. */
export function digit(d, { pencil = false } = {}) {
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

export function enter(d) {
  const cell = S.sel;
  const err = game.enter(cell, d);
  if (err) { say(err); return; }
  if (game.setup) S.sel = (cell + 1) % game.nc;  // typing a puzzle as a line: move on
  afterChange();
}

export function clear() { enter(0); }

export function paintCell(cell) {
  game.paintCell(cell, S.colour);
  render();
}

export function paintCand(cell, d) {
  if (game.values[cell]) return;
  game.paintCand(cell, d, S.colour);
  render();
}

/** A click on the board: select the cell; in Colour mode paint it (or the candidate hit). */
export function pointCell(cell, d) {
  if (regions.painting || cages.drawing) return;  // the pointer paints regions or draws cages (dragCell)
  if (S.mode === "color" && !game.setup) {
    S.sel = cell;
    if ($("color-cands").checked && d) paintCand(cell, d);
    else paintCell(cell);
    return;
  }
  select(cell);
}

export function setMode(mode) {
  S.mode = mode;
  for (const r of document.querySelectorAll('input[name="mode"]')) r.checked = r.value === mode;
  document.body.dataset.mode = mode;
}

export function setHighlight(d) {
  S.highlight = d || 0;
  $("highlight").value = String(S.highlight);
  render();
}

export function setSetup(on) {
  if (on) {
    game.setup = true;
    game.version += 1;
    timer.stop();
  } else lockGivens();
  $("setup-mode").checked = on;
  dismiss(true);
  say(on ? t("setup-on") : t("setup-off"));
}

export function undo() {
  if (!game.undo()) { say(t("nothing-to-undo")); return; }
  $("setup-mode").checked = game.setup;
  afterChange();
}

export function redo() {
  if (!game.redo()) { say(t("nothing-to-redo")); return; }
  $("setup-mode").checked = game.setup;
  afterChange();
}

export function jumpTo(i) {
  const entry = game.log[i];
  if (!entry || !entry.before) return;
  game.jumpTo(i);
  $("setup-mode").checked = game.setup;
  afterChange();
  say(t("back-to-step", { n: i + 1 }));
}

export function zoomBy(steps) {
  board.zoomBy(steps);
  board.follow(S.sel, true);
  render();
}

export function setPaused(on) {
  timer.setPaused(on);
  $("paused-cover").hidden = !on;
  $("btn-pause").textContent = on ? "▶" : "❚❚";
  $("btn-pause").setAttribute("aria-label", t(on ? "resume" : "pause"));
  $("btn-pause").dataset.i18nAriaLabel = on ? "resume" : "pause";
  document.body.classList.toggle("paused", on);
}

/** The pointer down on (``start``) or dragged over a cell: paints it while painting regions,
 * draws a cage while drawing cages. */
export function dragCell(cell, start) {
  if (cages.drawing) { cages.drag(cell, start); return true; }
  if (!regions.painting) return false;
  regions.paint(cell, start);
  return true;
}
