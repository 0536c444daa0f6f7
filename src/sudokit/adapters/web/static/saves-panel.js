// Saved games: the list kept in the browser, opening, deleting and saving one.

import { language, t } from "./i18n.js";
import { loadGame } from "./loading.js";
import { $, game, timer } from "./state.js";
import * as store from "./storage.js";
import { say, showError } from "./view.js";

export function renderSaves() {
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

export function saveAs() {
  const name = $("save-name").value.trim() || new Date().toLocaleString(language());
  const err = store.saveGame(name, game, { timer: Math.round(timer.ms), auto: $("auto-marks").checked });
  if (err) showError(t("not-saved", { reason: err })); else say(t("saved-as", { name }));
  renderSaves();
}
