// The techniques panel: which techniques steps, hints and rounds may use.

import * as api from "./api.js";
import { num, t } from "./i18n.js";
import { $, S } from "./state.js";
import { dismiss } from "./view.js";

export const SINGLES = ["full-house", "hidden-single", "naked-single"];

export function choice() {
  const all = S.techniques.length && S.techniques.every((t) => S.enabled.has(t.id));
  if (all || !S.techniques.length) return {};
  const ids = S.techniques.filter((t) => S.enabled.has(t.id)).map((t) => t.id);
  if (!ids.length) throw new api.ApiError(t("err-no-technique"));
  return { techniques: ids };
}

export function buildTechniques() {
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

export function setTechniques(ids) {
  S.enabled = new Set(ids);
  buildTechniques();
  dismiss(true);
}

export function techniqueName(id) {
  const t = S.techniques.find((x) => x.id === id);
  return t ? t.name : id;
}
