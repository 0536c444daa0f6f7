// The sudokit page: a grid of any size and box shape, driven by the JSON API of `sudokit serve`.
// Plain ES modules, no build step. This module makes the page's parts, wires the controls to
// the panels and starts the page. The state is state.js; one module per panel: solve-panel.js
// (Step, Hint, Solve ...), steps-panel.js (all steps), techniques.js, play-panel.js (entering
// digits, marks, colours, undo), puzzle-panel.js (text, files, links in and out), photo-panel.js,
// media-panel.js (pictures, booklets), saves-panel.js, settings.js (language); loading.js puts a
// game on the page (with the server's board of its rules, boards.js), view.js draws it, and
// commands.js runs the commands. Below them: the game play.js, the board board.js, the step
// drawing draw.js, the words of steps steps.js, the requests api.js, the browser storage
// storage.js, the clock timer.js, the generator panel generate.js, keys and pointer input.js,
// light and dark theme.js, the rules variants.js, the jigsaw regions panel regions.js, killer
// cages cages.js and their editor cage-editor.js.

import * as api from "./api.js";
import { Board } from "./board.js";
import { CageEditor } from "./cage-editor.js";
import { command } from "./commands.js";
import { StepLayer } from "./draw.js";
import { GeneratePanel, fillBoxSelect, fillSelect } from "./generate.js";
import { isTyping, wireInput } from "./input.js";
import { num, onLanguageChange, setLanguage, t } from "./i18n.js";
import { loadGame, loadPosition, pickRules, setVariant, syncGeometry } from "./loading.js";
import { printBook, exportPicture } from "./media-panel.js";
import { readPhoto } from "./photo-panel.js";
import { PhotoReview } from "./photo.js";
import {
  buildPalette, clear, digit, dragCell, moveBy, pointCell, redo, select, setHighlight, setMode,
  setPaused, setSetup, undo, zoomBy,
} from "./play-panel.js";
import { Game } from "./play.js";
import { exportAs, newGrid, openFile, openFromHash, parseText, share, updateShareHash } from "./puzzle-panel.js";
import { RegionsPanel } from "./regions.js";
import { renderSaves, saveAs } from "./saves-panel.js";
import { buildLanguageSwitch, relabel, startLanguage } from "./settings.js";
import { apply, check, count, hint, rate, reveal, round, showPending, solveAll, step } from "./solve-panel.js";
import { $, S, board, cages, game, gen, setGame, setParts, timer } from "./state.js";
import { allSteps } from "./steps-panel.js";
import * as store from "./storage.js";
import { SINGLES, buildTechniques, setTechniques } from "./techniques.js";
import { initTheme } from "./theme.js";
import { Timer } from "./timer.js";
import { describe, isClassic, rulePicker, variant } from "./variants.js";
import { afterLayout, cageClass, clearError, dismiss, markSaved, render, say, saveNow, showError } from "./view.js";

const SIZES = [4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24, 25, 28, 30, 32, 35, 36];

/** The page's parts, made once (their hooks call the panels). */
function makeParts() {
  setGame(new Game(3, 3));
  const board = new Board($("board-wrap"), $("stage"), $("board"), $("rules-layer"));
  board.cageClasses = cageClass;
  const layer = new StepLayer(board, $("overlay"));
  layer.isFilled = (cell) => Boolean(game.values[cell]);
  setParts({
    board, layer,
    timer: new Timer((clock) => { $("timer").textContent = clock.text(); }),
    regions: new RegionsPanel({
      game: () => game,
      setRegions: (r) => setVariant(variant(game.variant.names, r, game.variant.cages)),
      say,
    }),
    cages: new CageEditor({
      game: () => game,
      setCages: (c) => setVariant(variant(game.variant.names, game.variant.regions, c)),
      say,
      redraw: () => render(),
    }),
    gen: new GeneratePanel({
      busy(on, label) {
        S.busy = on;
        document.body.classList.toggle("busy", on);
        if (on) { clearError(); say(`${label}…`); }
      },
      loaded(data) {
        loadGame(Game.fromPosition(data.position, "given"));  // the position carries its rules
        const r = data.rating;
        const rules = isClassic(game.variant) ? "" : ` (${describe(game.variant)})`;
        say(r ? t("generated-rating", { rules, score: num(r.score), level: r.level }) : t("generated", { rules }));
        updateShareHash();
      },
      failed(e) {
        syncGeometry();  // the Size boxes show the grid on the page again
        if (e instanceof api.Cancelled) { say(t("generating-cancelled", { n: game.n })); return; }
        say(t("generating-failed"));
        showError(e instanceof api.ApiError ? e.message : t("error", { message: e.message }));
      },
    }),
    rulesPicker: rulePicker($("rules"), "rule", pickRules, { killer: true }),
    review: new PhotoReview(),
  });
}

const COMMANDS = {
  n: () => command(step), a: () => command(async () => apply()), h: () => command(hint),
  r: () => command(round), s: () => command(solveAll), c: () => command(check),
  k: () => command(count), t: () => command(rate, t("rating-busy")), z: undo, y: redo,
  l: () => command(allSteps), v: () => command(reveal),
  m: () => { $("auto-marks").checked = !$("auto-marks").checked; S.autoTouched = true; dismiss(true); },
  b: () => { $("bivalue").checked = !$("bivalue").checked; render(); },
  p: () => { setMode(S.mode === "pencil" ? "digit" : "pencil"); say(t(S.mode === "pencil" ? "pencil-on" : "pencil-off")); },
  g: () => setSetup(!game.setup),
  x: () => setHighlight(S.highlight && S.highlight === game.values[S.sel] ? 0 : game.values[S.sel]),
};

const app = {
  S, get board() { return board; }, commands: COMMANDS, get game() { return game; },
  select, moveBy, digit, clear, undo, redo, dismiss, zoomBy, pointCell, setHighlight, dragCell,
  dragEnd: () => cages.drawing && cages.dragEnd(),
};

function on(id, event, fn) { $(id).addEventListener(event, fn); }

function wire() {
  wireInput(app);
  on("btn-step", "click", () => command(step));
  on("btn-apply", "click", () => command(async () => apply()));
  on("btn-hint", "click", () => command(hint));
  on("btn-round", "click", () => command(round));
  on("btn-all-steps", "click", () => command(allSteps));
  on("btn-reveal", "click", () => command(reveal));
  on("btn-solve", "click", () => command(solveAll));
  on("btn-undo", "click", undo);
  on("btn-redo", "click", redo);
  on("btn-check", "click", () => command(check));
  on("btn-count", "click", () => command(count));
  on("btn-rate", "click", () => command(rate, t("rating-busy")));
  on("btn-new", "click", newGrid);
  on("btn-load", "click", () => command(() => parseText($("paste").value)));
  on("btn-copy-line", "click", () => command(() => exportAs("line")));
  on("btn-copy-grid", "click", () => command(() => exportAs("grid")));
  on("btn-share", "click", () => command(share));
  on("btn-print", "click", () => { $("print-footer").textContent = `sudokit — ${game.n}x${game.n} — ${location.origin}`; window.print(); });
  on("btn-save", "click", saveAs);
  on("btn-clear-colors", "click", () => { game.clearColors(); render(); });
  on("tech-all", "click", () => setTechniques(S.techniques.map((t) => t.id)));
  on("tech-singles", "click", () => setTechniques(SINGLES));
  on("tech-none", "click", () => setTechniques([]));
  on("photo", "change", (e) => {
    const file = e.target.files[0];
    e.target.value = "";
    readPhoto(file);
  });
  on("btn-export-picture", "click", () => command(exportPicture, t("drawing-picture")));
  on("btn-print-book", "click", () => command(printBook, t("making-booklet")));
  on("file", "change", (e) => {
    const file = e.target.files[0];
    e.target.value = "";
    command(() => openFile(file));
  });
  on("setup-mode", "change", (e) => setSetup(e.target.checked));
  on("auto-marks", "change", () => { S.autoTouched = true; render(); });
  on("bivalue", "change", render);
  on("highlight", "change", (e) => setHighlight(Number(e.target.value)));
  on("size", "change", () => fillBoxSelect($("box"), Number($("size").value)));
  on("puzzle-select", "change", (e) => {
    const p = S.parsed[Number(e.target.value)];
    if (p) { loadPosition(p.position); updateShareHash(); }
  });
  for (const r of document.querySelectorAll('input[name="mode"]')) r.addEventListener("change", () => setMode(r.value));
  on("btn-zoom-in", "click", () => zoomBy(1));
  on("btn-zoom-out", "click", () => zoomBy(-1));
  on("focus", "change", (e) => { board.setFocus(e.target.value, S.sel); render(); });
  on("btn-pause", "click", () => setPaused(!timer.paused));
  on("btn-resume", "click", () => setPaused(false));
  board.onLayout = afterLayout;

  document.addEventListener("paste", (e) => {
    if (isTyping(e.target)) return;
    const text = e.clipboardData && e.clipboardData.getData("text");
    if (text) { e.preventDefault(); $("paste").value = text; command(() => parseText(text)); }
  });
  document.addEventListener("dragover", (e) => { e.preventDefault(); document.body.classList.add("dropping"); });
  document.addEventListener("dragleave", (e) => { if (!e.relatedTarget) document.body.classList.remove("dropping"); });
  document.addEventListener("drop", (e) => {
    e.preventDefault();
    document.body.classList.remove("dropping");
    const file = e.dataTransfer && e.dataTransfer.files[0];
    if (file && /^image\//.test(file.type)) readPhoto(file);
    else if (file) command(() => openFile(file));
  });
  window.addEventListener("hashchange", () => command(openFromHash));
  window.addEventListener("pagehide", saveNow);
}

async function start() {
  await setLanguage(startLanguage());
  buildLanguageSwitch();
  onLanguageChange(relabel);
  initTheme($("btn-theme"));
  buildPalette();
  fillSelect($("size"), SIZES.map((n) => [String(n), `${n}x${n}`]), "9");
  wire();
  const g = new Game(3, 3);
  g.setup = true;
  loadGame(g, { running: false });
  renderSaves();
  await command(async () => {
    const info = await api.info();
    S.info = info;
    S.maxBody = info.max_body;
    S.techniques = info.techniques;
    S.enabled = new Set(info.techniques.map((t) => t.id));
    buildTechniques();
    const sizes = SIZES.filter((n) => n <= info.max_size);
    fillSelect($("size"), sizes.map((n) => [String(n), `${n}x${n}`]), String(game.n));
    await gen.setup(info, sizes, game.n);
    syncGeometry();
    if (await openFromHash()) return;
    const kept = store.loadCurrent();
    if (kept && kept.game) {
      if (kept.data.auto !== undefined) { $("auto-marks").checked = kept.data.auto; S.autoTouched = true; }
      loadGame(kept.game, { timerMs: kept.data.timer || 0 });
      markSaved();
      say(t("welcome-back"));
      return;
    }
    say(t("welcome"));
  });
  S.started = true;
  document.body.classList.add("ready");
  board.el.focus({ preventScroll: true });
}

makeParts();
start();

// A hook for scripts and tests: show any step (e.g. drawing data the server does not send yet).
window.sudokitPage = {
  showSteps: (steps) => showPending(steps, "script", null),
  game: () => game,
};
