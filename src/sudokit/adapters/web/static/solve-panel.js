// The solve panel: Step, Apply, Hint, Round, Reveal cell, Solve, Check, Count, Rate.

import * as api from "./api.js";
import { ask, puzzle, requireGivens, warn } from "./commands.js";
import { decodeLine, sym } from "./grid.js";
import { num, t, tn } from "./i18n.js";
import { afterChange } from "./play-panel.js";
import { $, game, S } from "./state.js";
import { hideAllSteps } from "./steps-panel.js";
import { stepText } from "./steps.js";
import { choice, techniqueName } from "./techniques.js";
import { dismiss, explain, render, say } from "./view.js";

export function showPending(steps, source, warning) {
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

export function applySteps(steps, label = t("applied")) {
  const placed = game.applySteps(steps, "solved");
  S.pending = null; S.hint = null; S.branch = -1;
  S.wrong.clear();
  S.placed = new Set(placed);
  explain({ text: `${label}: ${steps.map((s) => stepText(s, game.n)).join(" · ")}` });
  render();
}

export function apply() {
  if (!S.pending) { say(t("no-step-to-apply")); return; }
  applySteps(S.pending.steps);
  hideAllSteps(t("applied-list-again"));
}

export async function step() {
  if (S.pending) { apply(); return; }
  requireGivens();
  const data = await ask(() => api.step(puzzle(), choice()));
  S.hint = null;
  const warning = warn(data);
  if (!data.step) { explain({ text: data.message, warning }); say(data.message); render(); return; }
  showPending([data.step], "step", warning);
}

export async function hint() {
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

export async function round() {
  requireGivens();
  S.pending = null; S.hint = null;
  const data = await ask(() => api.round(puzzle(), choice()));
  const warning = warn(data);
  if (!data.steps.length) { explain({ text: data.message, warning }); render(); return; }
  applySteps(data.steps, t("round-label", { message: data.message }));
}

export async function solveAll() {
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
export async function solution() {
  const line = game.givensLine();
  if (S.solution && S.solution.line === line && S.solution.g === game.g) return S.solution.values;
  const data = await api.solve({ box: [game.g.br, game.g.bc], givens: line, ...game.variantFields() });
  if (!data.solution) throw new api.ApiError(t("err-no-reveal", { message: data.message }));
  S.solution = { line, g: game.g, values: decodeLine(data.solution.values, game.n) };
  return S.solution.values;
}

export async function reveal() {
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

export async function check() {
  requireGivens();
  const data = await ask(() => api.check(puzzle()));
  dismiss();
  for (const [r, c] of data.wrong) S.wrong.add(game.g.cellAt(r - 1, c - 1));
  say(t("check-label", { message: data.message }));
  render();
}

export async function count() {
  requireGivens();
  const data = await api.count(puzzle());
  say(t("solutions-label", { label: data.label }));
}

export async function rate() {
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
