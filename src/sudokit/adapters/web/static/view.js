// The view of the game: what the board shows (the step or hint on show, the clashes,
// the cells found wrong), the messages under it, the solved moment, and keeping the game in the
// browser as it changes.

import { cageName } from "./cages.js";
import { t } from "./i18n.js";
import { mapDigits } from "./notation.js";
import { jumpTo } from "./play-panel.js";
import { $, board, cages, game, layer, S, timer } from "./state.js";
import { renderLog, showExplanation } from "./steps.js";
import * as store from "./storage.js";

export function say(text) { $("status").textContent = mapDigits(text || "", game.n); }

export function showError(text) {
  const m = $("message");
  m.textContent = mapDigits(text, game.n);
  m.hidden = false;
}

export function clearError() {
  $("message").hidden = true;
  $("message").textContent = "";
}

export function explain(parts) {
  showExplanation($("explanation"), parts, game.n, (i) => { S.branch = i; layer.show(S.pending ? S.pending.steps : [], i); });
}

/** Drop what is shown about a step or hint (it no longer matches the grid). */
export function dismiss(andRender = false) {
  S.pending = null; S.hint = null; S.branch = -1;
  S.wrong.clear(); S.placed.clear();
  explain(null);
  if (andRender) render();
}

export function stepMarks() {
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
export function cageClass(c) {
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

export function render() {
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
export function solvedMoment() {
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

let saveTimer = null;
let savedVersion = -1;

/** The game as it stands is the one kept (nothing to save until it changes). */
export function markSaved() { savedVersion = game.version; }

export function scheduleSave() {
  // nothing is kept before the page has looked for the game kept last time
  if (!S.started || game.version === savedVersion) return;
  clearTimeout(saveTimer);
  saveTimer = setTimeout(saveNow, 250);
}

export function saveNow() {
  clearTimeout(saveTimer);
  if (!S.started) return;
  savedVersion = game.version;
  const err = store.saveCurrent(game, { timer: Math.round(timer.ms), auto: $("auto-marks").checked });
  if (err) say(t("not-kept", { reason: err }));
}

export function afterLayout() {
  $("zoom-level").textContent = `${Math.round(board.zoom * 100)}%`;
  const px = board.candidateFont();
  const hint = $("legibility");
  hint.textContent = game.n > 9 && px && px < 9 ? t("legibility", { px: px.toFixed(0) }) : "";
  layer.draw();
}
