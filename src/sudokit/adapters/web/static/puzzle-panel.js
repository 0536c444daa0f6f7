// The puzzle panel: text, files and share links in; a new empty grid; the puzzle out as
// text or a link.

import * as api from "./api.js";
import { puzzle, requireGivens } from "./commands.js";
import { fillSelect } from "./generate.js";
import { t } from "./i18n.js";
import { loadGame, loadPosition } from "./loading.js";
import { updateBookChoice } from "./media-panel.js";
import { Game } from "./play.js";
import { $, board, game, S } from "./state.js";
import * as store from "./storage.js";
import { boxRegions, describe, fits, isClassic, variant } from "./variants.js";
import { render, say } from "./view.js";

export async function parseText(text, filename, box, rules) {
  if (!text.trim()) throw new api.ApiError(t("err-text-empty"));
  const body = { text };
  if (filename) body.filename = filename;
  if (box) body.box = box;
  if (rules && rules.variants && rules.variants.length) body.variants = rules.variants;
  if (rules && rules.regions) body.regions = rules.regions;
  if (rules && rules.cages) body.cages = rules.cages;
  let data;
  try {
    data = await api.parse(body);
  } catch (e) {
    // givens that clash by classic rules may be right by the rules on the page (a jigsaw line)
    if (rules || isClassic(game.variant) || !(e instanceof api.ApiError) || e.status !== 422) throw e;
    data = await api.parse({ ...body, ...game.variantFields() }).catch(() => { throw e; });
  }
  S.parsed = data.puzzles;
  updateBookChoice();
  // a share link's rules as they are; else the text's own, else the rules on the page
  if (rules) loadGame(Game.fromPosition(data.puzzles[0].position, "user"));
  else loadPosition(data.puzzles[0].position);
  fillSelect($("puzzle-select"), data.puzzles.map((p, i) => [String(i), `${i + 1}${p.comment ? " — " + p.comment.slice(0, 40) : ""}`]), "0");
  $("picker").hidden = data.total < 2;
  $("picker-total").textContent = data.total > data.puzzles.length
    ? t("picker-total-listed", { total: data.total, listed: data.puzzles.length }) : t("picker-total", { total: data.total });
  const p = data.puzzles[0];
  say(t("opened", { n: p.size, format: data.format, givens: p.filled }) +
    (isClassic(game.variant) ? "" : t("opened-rules", { rules: describe(game.variant) })) +
    (data.total > 1 ? t("opened-many", { total: data.total }) : ""));
  updateShareHash();
}

export async function openFile(file) {
  if (!file) return;
  if (file.size > S.maxBody - 4096) throw new api.ApiError(t("err-file-large", { name: file.name, kb: Math.floor(S.maxBody / 1024) }));
  await parseText(await file.text(), file.name);
}

export function newGrid() {
  const [br, bc] = $("box").value.split("x").map(Number);
  const v = game.variant;
  const names = v.names.filter((x) => x !== "windoku" || fits(variant(["windoku"]), br, bc));
  const same = v.regions && v.regions.length === br * bc * br * bc;
  // a killer keeps its rule and loses its cages: the new puzzle's are drawn next
  const g = new Game(br, bc, variant(names, v.regions ? (same ? v.regions : boxRegions(br * bc, br, bc)) : null, v.cages ? [] : null));
  g.setup = true;
  loadGame(g, { running: false });
  history.replaceState(null, "", location.pathname);
  say(t("empty-grid", { n: g.n }));
  board.el.focus();
}

export async function exportAs(to) {
  const data = await api.exportAs(puzzle(), to, $("export-entries").checked);
  $("export-text").value = data.text;
  await copy(data.text, t(to === "line" ? "copied-line" : "copied-grid"));
}

export function shareURL(entries) {
  return location.origin + location.pathname + store.shareHash(game, { entries, auto: $("auto-marks").checked });
}

export function updateShareHash() {
  if (game.hasGivens()) history.replaceState(null, "", shareURL(false));
}

export async function share() {
  requireGivens();
  const url = shareURL($("export-entries").checked);
  history.replaceState(null, "", url);
  $("export-text").value = url;
  await copy(url, t("copied-link"));
}

export async function copy(text, done) {
  try {
    await navigator.clipboard.writeText(text);
    say(done);
  } catch (e) {
    $("export-text").select();
    say(t("copy-by-hand"));
  }
}

export async function openFromHash() {
  const share = store.readShareHash(location.hash);
  if (!share.p) return false;
  await parseText(share.p, null, share.b || undefined, share.rules || {});  // none: classic
  const auto = store.applyShare(game, share);
  if (auto !== null) { $("auto-marks").checked = auto; S.autoTouched = true; }
  game.version += 1;
  render();
  return true;
}
