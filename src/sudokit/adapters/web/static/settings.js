// The page's language: the switch, and after a switch its texts drawn again and the
// server's words asked again.

import * as api from "./api.js";
import { command } from "./commands.js";
import { fillSelect } from "./generate.js";
import { language, LANGUAGES, pickLanguage, setLanguage, t } from "./i18n.js";
import { buildHighlight, buildPad, geometryWords } from "./loading.js";
import { updateBookChoice } from "./media-panel.js";
import { setPaused } from "./play-panel.js";
import { renderSaves } from "./saves-panel.js";
import { hint, step } from "./solve-panel.js";
import { $, board, cages, game, gen, regions, rulesPicker, S, timer } from "./state.js";
import { hideAllSteps } from "./steps-panel.js";
import * as store from "./storage.js";
import { buildTechniques } from "./techniques.js";
import { render, say } from "./view.js";

/** The language kept in the browser, else the browser's own (navigator.languages), else English. */
export const startLanguage = () => pickLanguage([store.prefs().lang, ...(navigator.languages || [navigator.language])].filter(Boolean));

export function buildLanguageSwitch() {
  const sel = $("lang");
  fillSelect(sel, Object.entries(LANGUAGES), language());
  sel.addEventListener("change", () => {
    store.setPref("lang", sel.value);
    setLanguage(sel.value);
  });
}

/** After a language switch: the page's own texts drawn again, and what came from the server
 * (technique names, the step or hint shown) asked for again in the new language. */
export function relabel(lang) {
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
export async function askAgain() {
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
