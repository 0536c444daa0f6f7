// Running the page's commands: one at a time with their errors shown, answers refused when
// the grid changed meanwhile, and the puzzle they are asked about.

import * as api from "./api.js";
import { t } from "./i18n.js";
import { $, game, S, timer } from "./state.js";
import { clearError, say, showError } from "./view.js";

/** Run a command: one at a time, errors shown; ``label`` is said while it runs and replaced by
 * "<label> failed" when it fails (no "Rating…" left behind). */
export async function command(fn, label = "") {
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
export async function ask(fn) {
  const g = game, version = game.version;
  const data = await fn();
  if (g !== game || game.version !== version) throw new api.ApiError(t("err-grid-changed"));
  return data;
}

export function lockGivens() {
  if (!game.setup) return;
  game.lockGivens();
  $("setup-mode").checked = false;
  timer.reset(0, true);
}

export function requireGivens() {
  lockGivens();
  if (!game.hasGivens()) throw new api.ApiError(t("err-grid-empty"));
}

export const puzzle = () => game.positionJSON();

export function warn(data) {
  const text = data && data.warning ? t("warning", { warning: data.warning }) : null;
  if (text) say(text);
  return text;
}
