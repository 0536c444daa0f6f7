// The all-steps panel: every step of the position, listed as the server finds them.

import * as api from "./api.js";
import { puzzle, requireGivens } from "./commands.js";
import { t, tn } from "./i18n.js";
import { applySteps, showPending } from "./solve-panel.js";
import { $, game, S } from "./state.js";
import { renderAllSteps } from "./steps.js";
import { choice } from "./techniques.js";
import { dismiss } from "./view.js";

export function hideAllSteps(note = "") {
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

export async function allSteps() {
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

export function staleList() {
  hideAllSteps(t("grid-changed-list"));
}
