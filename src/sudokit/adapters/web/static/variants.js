// The rules the page plays, as the rule chooser and the share links hold them: the names of
// sudokit.model.rules (X, Windoku, anti-knight, anti-king), jigsaw regions in the boxes' place
// (read from text, checked, painted) and killer cages (cages.js). The houses and peers the
// rules make are the server's (boards.js). A variant is {names: canonical names in a
// fixed order, regions: a region index per cell, or null for the boxes, cages: killer cages
// {sum, cells}, or null for no killer rule}.

import { t, tn } from "./i18n.js";

/** Canonical names, in the order they are written (jigsaw is said by ``regions``). */
export const NAMES = ["x", "windoku", "anti-knight", "anti-king"];
/** A rule's short name and its one-line statement, in the page's language. */
export const ruleLabel = (name) => t(`rule.${name}`);
export const ruleText = (name) => t(`rule-text.${name}`);
/** Symbols of regions as the API writes them: A, B, ..., then a-z above 26. */
export const REGION_SYMBOLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export const CLASSIC = Object.freeze({ names: [], regions: null, cages: null });

/** A variant from names (any order, aliases as the API takes them), regions and killer cages
 * (an empty list: the killer rule with no cage drawn yet). */
export function variant(names = [], regions = null, cages = null) {
  const set = new Set(names.map((s) => String(s).trim().toLowerCase()));
  if (set.has("diagonal")) set.add("x");
  if (set.has("hyper")) set.add("windoku");
  return {
    names: NAMES.filter((x) => set.has(x)), regions: regions ? Array.from(regions) : null,
    cages: cages ? cages.map((c) => ({ sum: c.sum, cells: [...c.cells] })) : null,
  };
}

export const isClassic = (v) => !v.names.length && !v.regions && !v.cages;

/** The variant as the API reads it: {variants, regions, cages} (nothing for a classic grid;
 * cages as [[sum, [cell indices]], ...]). */
export function fields(v) {
  const out = {};
  if (v.names.length) out.variants = [...v.names];
  if (v.regions) out.regions = regionsText(v.regions);
  if (v.cages) out.cages = v.cages.map((c) => [c.sum, [...c.cells]]);
  return out;
}

const ruleNames = (v) => [...(v.regions ? ["jigsaw"] : []), ...(v.cages ? ["killer"] : []), ...v.names];

/** "X + anti-knight", "jigsaw + X", "killer", or "classic". */
export function describe(v) {
  const parts = ruleNames(v).map(ruleLabel);
  return parts.length ? parts.join(" + ") : t("classic");
}

/** One line per rule the variant adds, for a person. */
export const ruleLines = (v) => ruleNames(v).map(ruleText);

/** Windoku's windows need square boxes (as the server says). */
export const windokuFits = (br, bc) => br === bc;

/** Whether the variant can be played on boxes of ``br`` x ``bc`` (its regions of that size). */
export function fits(v, br, bc) {
  const n = br * bc;
  return (!v.names.includes("windoku") || windokuFits(br, bc)) && (!v.regions || v.regions.length === n * n) &&
    (!v.cages || v.cages.every((c) => c.cells.length <= n && c.cells.every((x) => x < n * n)));
}

// --- jigsaw regions -------------------------------------------------------------------------------
/** The boxes as regions: the region index of each cell. */
export function boxRegions(n, br, bc) {
  return Array.from({ length: n * n }, (_, cell) => {
    const r = Math.floor(cell / n), c = cell % n;
    return Math.floor(r / br) * br + Math.floor(c / bc);
  });
}

/** Regions numbered in order of their first cell (the numbering of the server's region names). */
export function normalize(regions) {
  const order = new Map();
  return regions.map((x) => { if (!order.has(x)) order.set(x, order.size); return order.get(x); });
}

export const regionsText = (regions) => Array.from(regions, (x) => REGION_SYMBOLS[x] || "?").join("");

/** Regions from text of N*N symbols (spaces, newlines, | and , ignored): {regions} or {error}.
 * Symbols A, B, ... keep their region numbers; others are numbered in order of first cell.
 * ``check`` false takes regions not yet N connected regions of N cells (a painting kept). */
export function readRegions(text, n, check = true) {
  const symbols = Array.from(text).filter((ch) => !/\s/.test(ch) && ch !== "|" && ch !== ",");
  if (symbols.length !== n * n) {
    return { error: t("err-regions-count", { cells: n * n, n, got: symbols.length }) };
  }
  let regions = symbols.map((s) => REGION_SYMBOLS.indexOf(s));
  if (regions.some((x) => x < 0 || x >= n)) {
    const index = new Map();
    regions = symbols.map((s) => { if (!index.has(s)) index.set(s, index.size); return index.get(s); });
    if (index.size > n) return { error: t("err-regions-number", { count: index.size, n }) };
  }
  const error = check ? regionsProblem(regions, n) : null;
  return error ? { error } : { regions };
}

/** Why ``regions`` are not yet N connected regions of N cells (null when they are). */
export function regionsProblem(regions, n) {
  const members = new Map();
  regions.forEach((x, cell) => { if (!members.has(x)) members.set(x, []); members.get(x).push(cell); });
  const name = (x) => t("region-n", { region: REGION_SYMBOLS[x] || x + 1 });
  const problems = [];
  const sizes = [...members].filter(([, cells]) => cells.length !== n).sort((a, b) => a[0] - b[0]);
  if (sizes.length) {
    problems.push(sizes.slice(0, 4).map(([x, cells]) => t("region-has-cells", { region: name(x), count: cells.length })).join(", ") +
      (sizes.length > 4 ? t("n-more", { count: sizes.length - 4 }) : "") + t("each-needs", { n }));
  }
  if (members.size !== n) problems.push(t("err-regions-number", { count: members.size, n }));
  const broken = [...members].filter(([, cells]) => !connected(cells, n)).map(([x]) => name(x)).sort();
  if (broken.length) problems.push(tn("not-connected", broken.length, { regions: broken.join(", ") }));
  return problems.length ? problems.join("; ") : null;
}

function connected(cells, n) {
  const set = new Set(cells), seen = new Set([cells[0]]), todo = [cells[0]];
  while (todo.length) {
    const c = todo.pop(), r = Math.floor(c / n), k = c % n;
    for (const [rr, kk] of [[r - 1, k], [r + 1, k], [r, k - 1], [r, k + 1]]) {
      const d = rr * n + kk;
      if (rr >= 0 && rr < n && kk >= 0 && kk < n && set.has(d) && !seen.has(d)) { seen.add(d); todo.push(d); }
    }
  }
  return seen.size === cells.length;
}

/** The hue of region ``x``'s tint: the golden angle apart, so neighbouring numbers differ. */
export const regionHue = (x) => Math.round((x * 137.508) % 360);

// --- the rule chooser ---------------------------------------------------------------------------------
/**
 * A row of check boxes, one per rule (X, Windoku, anti-knight, anti-king, jigsaw, and killer
 * when ``killer``), in ``container``; ``onChange(names, jigsaw, killer)`` after a click.
 * Returns {set(names, jigsaw, br, bc, killer), get()}.
 */
export function rulePicker(container, idPrefix, onChange, { killer = false } = {}) {
  container.textContent = "";
  const boxes = {};
  for (const name of [...NAMES, "jigsaw", ...(killer ? ["killer"] : [])]) {
    const label = document.createElement("label");
    label.className = "chip";
    const cb = document.createElement("input");
    cb.type = "checkbox";
    cb.id = `${idPrefix}-${name}`;
    cb.dataset.variant = name;
    cb.addEventListener("change", () => onChange(get().names, get().jigsaw, get().killer));
    const word = document.createElement("span");
    word.dataset.i18n = `rule.${name}`;
    word.textContent = ruleLabel(name);
    label.append(cb, " ", word);
    label.dataset.i18nTitle = `rule-text.${name}`;
    label.title = ruleText(name);
    container.appendChild(label);
    boxes[name] = cb;
  }
  function get() {
    return { names: NAMES.filter((x) => boxes[x].checked), jigsaw: boxes.jigsaw.checked, killer: Boolean(boxes.killer && boxes.killer.checked) };
  }
  function set(names, jigsaw, br, bc, killer = false) {
    for (const x of NAMES) boxes[x].checked = names.includes(x);
    boxes.jigsaw.checked = jigsaw;
    if (boxes.killer) boxes.killer.checked = killer;
    const fit = windokuFits(br, bc);
    boxes.windoku.disabled = !fit && !names.includes("windoku");
    const label = boxes.windoku.parentElement;
    label.dataset.i18nTitle = "rule-text.windoku";
    label.title = fit ? ruleText("windoku") : t("windoku-square", { br, bc });
  }
  return { get, set };
}
