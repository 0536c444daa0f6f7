// Putting a game on the page: its board built, its shape and rules said, its rules
// changed, and the server's houses and peers of its rules asked once (boards.js).

import { hasBoard, serverGeometry } from "./boards.js";
import { fillBoxSelect, fillSelect } from "./generate.js";
import { sym } from "./grid.js";
import { t } from "./i18n.js";
import { Game } from "./play.js";
import { updateShareHash } from "./puzzle-panel.js";
import { $, board, cages, game, gen, regions, rulesPicker, S, setGame, timer } from "./state.js";
import { hideAllSteps } from "./steps-panel.js";
import { boxRegions, describe, fits, isClassic, ruleLines, variant } from "./variants.js";
import { clearError, dismiss, render, say, showError } from "./view.js";

/** Make ``g`` the game on the page: everything shown about the old one goes. */
export function loadGame(g, { timerMs = 0, running = true } = {}) {
  const rebuild = !board.g || board.g.n !== g.n || board.g.br !== g.g.br;
  setGame(g);
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
  askBoard();
  // on a phone the board is at the top of the page: show it
  if (!window.matchMedia("(min-width: 900px)").matches) window.scrollTo({ top: 0 });
}

/** Have the game on the page play on the server's board of its shape and rules (the houses,
 * peers and cages the solver uses), asked once per shape and rules; until it comes, and when
 * it cannot come, the page checks by the plain board and says so. */
export async function askBoard() {
  const g = game, plain = game.g;
  if (plain.fromServer || !hasBoard(plain)) return;
  let served;
  try {
    served = await serverGeometry(plain);
  } catch (e) {
    if (g === game && game.g === plain) showError(t("err-board", { message: e.message }));
    return;
  }
  if (g !== game || game.g !== plain) return;  // another game or other rules meanwhile
  game.useGeometry(served);
  board.retarget(served);
  render();
}

export function syncGeometry() {
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
export function geometryWords() {
  const { n, br, bc, variant: v } = game.g;
  const rules = isClassic(v) ? "" : `, ${describe(v)}`;
  $("geometry").textContent = t("geometry", { n, br, bc, rules });
  $("rules-name").textContent = describe(v);
  $("rules-label").textContent = ruleLines(v).join(" · ");
}

/** A position opened from text or a photo: under its own variant, else under the rules on the
 * page when they fit it (the candidates then computed by them). */
export function underPageRules(pos) {
  const v = game.variant;
  if (pos.variants || pos.regions || pos.cages || isClassic(v) || !fits(v, pos.box[0], pos.box[1])) return pos;
  return { ...pos, ...fields(v), candidates: undefined };
}

export function loadPosition(pos) {
  loadGame(Game.fromPosition(underPageRules(pos), "user"));
}

/** Play the grid on the page under other rules (its digits stay; candidates follow the rules). */
export function setVariant(v) {
  game.setVariant(v);
  board.retarget(game.g);
  S.solution = null;
  dismiss();
  hideAllSteps();
  syncGeometry();
  render();
  updateShareHash();
  askBoard();
}

export function pickRules(names, jigsaw, killer) {
  const g = game.g;
  setVariant(variant(names, jigsaw ? g.regions || boxRegions(g.n, g.br, g.bc) : null, killer ? g.cages || [] : null));
  say(t("rules-now", { rules: describe(game.variant) }) + (jigsaw && !g.regions ? t("rules-paint-regions") : "") +
    (killer && !g.cages ? t("rules-draw-cages") : ""));
  if (jigsaw && !g.regions) regions.setPainting(true);
  if (killer && !g.cages) cages.setDrawing(true);
}

export function buildPad() {
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

export function buildHighlight() {
  fillSelect($("highlight"), Array.from({ length: game.n + 1 }, (_, d) => [String(d), d ? sym(d) : t("highlight-none")]), String(S.highlight));
}
