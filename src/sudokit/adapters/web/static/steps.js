// The words of steps: the explanation under the board (in the grid's own symbols, never cut
// short: a long one folds, "show all" unfolds it), the branches of a forcing chain to show one
// at a time, the "All steps" list grouped by technique, and the clickable step log.

import { language, num, t } from "./i18n.js";
import { mapDigits, chainsOf, chainText, elides } from "./notation.js";

/** Explanations longer than this fold (the whole text stays one click away). */
export const FOLD_AT = 260;
/** An all-steps list of at most this many steps has every technique unfolded. */
export const OPEN_UP_TO = 40;

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A paragraph of ``text`` that folds when long, with its "show all" / "show less" toggle. */
export function foldable(text, cls = "") {
  const wrap = el("div", `fold ${cls}`.trim());
  const p = el("p", "fold-text", text);
  wrap.appendChild(p);
  if (text.length > FOLD_AT) {
    wrap.classList.add("folded");
    const btn = el("button", "link-button fold-toggle", t("show-all"));
    btn.type = "button";
    btn.setAttribute("aria-expanded", "false");
    btn.addEventListener("click", () => {
      const folded = wrap.classList.toggle("folded");
      btn.textContent = t(folded ? "show-all" : "show-less");
      btn.setAttribute("aria-expanded", String(!folded));
    });
    wrap.appendChild(btn);
  }
  return wrap;
}

/** The text of a step in the grid's symbols; when the server elided the chain ("..."), the
 * whole chain is written out again from the step's links. */
export function stepText(step, n) {
  let text = mapDigits(step.explanation || "", n);
  if (elides(text) && step.links && step.links.length) {
    const whole = chainsOf(step.links).map((c) => chainText(c)).join("; ");
    text = t("whole-chain", { text: text.replace(/\s*(\.\.\.|…)\s*/g, " … "), chain: whole });
  }
  return text;
}

/**
 * Fill the explanation box. ``parts``: {title?, steps? (shown with their text), text? (plain),
 * note? (muted), warning?}; ``n`` the grid side; ``onBranch(i)`` shows branch i (-1 all).
 */
export function showExplanation(box, parts, n, onBranch = () => {}) {
  box.textContent = "";
  if (!parts) return;
  if (parts.warning) box.appendChild(el("p", "warning", parts.warning));
  if (parts.text) box.appendChild(foldable(mapDigits(parts.text, n)));
  for (const step of parts.steps || []) {
    box.appendChild(foldable(stepText(step, n), "step-text"));
    const branches = step.branches || [];
    if (branches.length) {
      const bar = el("div", "branches");
      bar.setAttribute("role", "toolbar");
      bar.setAttribute("aria-label", t("branches-label"));
      const all = el("button", "branch-button active", t("all-branches"));
      all.type = "button";
      all.dataset.branch = "-1";
      bar.appendChild(all);
      branches.forEach((br, i) => {
        const b = el("button", `branch-button br-${i % 6}`, `${i + 1}: ${mapDigits(br.label || t("branch-n", { n: i + 1 }), n)}`);
        b.type = "button";
        b.dataset.branch = String(i);
        bar.appendChild(b);
      });
      bar.addEventListener("click", (e) => {
        const b = e.target.closest("button");
        if (!b) return;
        for (const x of bar.children) x.classList.toggle("active", x === b);
        onBranch(Number(b.dataset.branch));
      });
      box.appendChild(bar);
    }
  }
  if (parts.note) box.appendChild(el("p", "muted", parts.note));
}

/** The step log: one entry per applied step; a click (or Enter) on one calls ``onJump(i)``. */
export function renderLog(ol, log, n, onJump) {
  const texts = log.map((e) => mapDigits(e.text || "", n));
  const key = `${language()}\n${texts.join("\n")}`;
  if (ol.dataset.key === key) return;
  ol.dataset.key = key;
  ol.textContent = "";
  texts.forEach((text, i) => {
    const li = el("li", "log-entry", text);
    li.tabIndex = 0;
    li.setAttribute("role", "button");
    li.title = t("log-entry-title");
    li.dataset.index = String(i);
    ol.appendChild(li);
  });
  if (!ol.dataset.wired) {
    ol.dataset.wired = "1";
    const go = (e) => {
      const li = e.target.closest("li[data-index]");
      if (li) onJump(Number(li.dataset.index));
    };
    ol.addEventListener("click", go);
    ol.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(e); } });
  }
  ol.scrollTop = ol.scrollHeight;
}

/**
 * The "All steps" list: ``steps`` grouped by technique (simplest first), each with Show and
 * Apply. ``onShow(step)``, ``onApply(step)``.
 */
export function renderAllSteps(box, steps, n, { onShow, onApply, names = {} }) {
  box.textContent = "";
  const groups = new Map();
  for (const s of steps) {
    if (!groups.has(s.technique)) groups.set(s.technique, []);
    groups.get(s.technique).push(s);
  }
  const order = [...groups.keys()].sort((a, b) => groups.get(a)[0].difficulty - groups.get(b)[0].difficulty);
  // a long list (every instance of every technique: hundreds on a fresh 9x9) opens only the
  // simplest techniques; the others unfold with a click on their name
  const openAll = steps.length <= OPEN_UP_TO;
  order.forEach((tech, i) => {
    const list = groups.get(tech);
    const det = el("details", "tech-group");
    det.open = openAll || i < 2;
    det.dataset.technique = tech;
    const sum = el("summary", "", `${names[tech] || list[0].name} (${num(list[0].difficulty)})`);
    sum.appendChild(el("span", "muted", ` ×${list.length}`));
    det.appendChild(sum);
    const ul = el("ul", "step-list");
    for (const s of list) {
      const li = el("li", "step-item");
      li.appendChild(foldable(stepText(s, n)));
      const row = el("div", "row");
      const show = el("button", "show-step", t("show"));
      show.type = "button";
      show.addEventListener("click", () => onShow(s));
      const apply = el("button", "apply-step", t("apply"));
      apply.type = "button";
      apply.addEventListener("click", () => onApply(s));
      row.append(show, apply);
      li.appendChild(row);
      ul.appendChild(li);
    }
    det.appendChild(ul);
    box.appendChild(det);
  });
  if (!steps.length) box.appendChild(el("p", "muted", t("no-technique-applies")));
}
