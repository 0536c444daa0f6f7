// The Generate panel: size, box shape, level or a target score, symmetry, a technique the
// puzzle must need and variant rules (jigsaw: new random regions; killer: random cages); while it runs, the time so
// far and a Cancel that stops the server's work (POST /api/cancel with the request's job id).
// Options the server does not take yet are shown disabled, with a note.

import * as api from "./api.js";
import { boxShapes, defaultBox } from "./grid.js";
import { num, t } from "./i18n.js";
import { ruleLabel, rulePicker } from "./variants.js";

const $ = (id) => document.getElementById(id);

/** Request fields a generator may name a target score or a needed technique with. */
const SCORE_FIELDS = ["score", "target_score"];
const TECHNIQUE_FIELDS = ["technique", "needs", "requires", "require"];

export function fillSelect(select, items, value) {
  select.textContent = "";
  for (const [v, text] of items) {
    const o = document.createElement("option");
    o.value = v; o.textContent = text;
    select.appendChild(o);
  }
  if (value !== undefined) select.value = value;
}

export function fillBoxSelect(select, n, box) {
  const def = defaultBox(n);
  fillSelect(select, boxShapes(n).map(([r, c]) => [`${r}x${c}`, `${r}x${c}`]), box || `${def[0]}x${def[1]}`);
}

export class GeneratePanel {
  /**
   * ``hooks``: loaded(data) with the generator's answer; failed(error) after an error or a
   * cancel (the page puts the Size boxes back to the grid's); busy(on).
   */
  constructor(hooks) {
    this.hooks = hooks;
    this.running = null;
    this.scoreField = null;
    this.techniqueField = null;
    $("gen-size").addEventListener("change", () => { fillBoxSelect($("gen-box"), Number($("gen-size").value)); this.syncRules(); });
    $("gen-box").addEventListener("change", () => this.syncRules());
    this.rules = rulePicker($("gen-rules"), "gen-rule", () => this.syncRules(), { killer: true });
    this.missing = [];
    $("btn-generate").addEventListener("click", () => this.start());
    $("btn-gen-cancel").addEventListener("click", () => this.cancel());
    for (const id of ["gen-score-lo", "gen-score-hi"]) {
      $(id).addEventListener("focus", () => { if (!$(id).disabled) $("gen-by-score").checked = true; });
    }
    $("level").addEventListener("change", () => {
      document.querySelector('input[name="gen-by"][value="level"]').checked = true;
    });
  }

  /** Fill the choices from /api/info and what the server's generator takes. */
  async setup(info, sizes, n) {
    fillSelect($("gen-size"), sizes.map((s) => [String(s), `${s}x${s}`]), String(n));
    fillBoxSelect($("gen-box"), n);
    this.fillChoices(info);
    const caps = await api.capabilities();
    this.scoreField = SCORE_FIELDS.find((f) => caps.generate.has(f)) || null;
    this.techniqueField = TECHNIQUE_FIELDS.find((f) => caps.generate.has(f)) || null;
    const missing = [];
    if (!this.scoreField) {
      for (const id of ["gen-by-score", "gen-score-lo", "gen-score-hi"]) $(id).disabled = true;
      missing.push("gen-missing-score");
    }
    if (!this.techniqueField) {
      $("gen-technique").disabled = true;
      missing.push("gen-missing-technique");
    }
    this.missing = missing;
    if (!caps.generate.has("variants")) for (const cb of $("gen-rules").querySelectorAll("input")) cb.disabled = true;
    this.syncRules();
  }

  /** The level, symmetry and technique choices in the page's language (the choice made stays).
   * Level and symmetry ids are the server's; their words are the page's catalogue's. */
  fillChoices(info) {
    const keep = (id, fallback) => $(id).value || fallback;
    const word = (kind, id) => { const key = `${kind}.${id}`, text = t(key); return text === key ? id : text; };
    // "any": a level the size can have, picked by the server (not extreme on every big grid)
    fillSelect($("level"), [["any", t("any")], ...info.levels.map((l) => [l, word("level", l)])], keep("level", "any"));
    fillSelect($("symmetry"), info.symmetries.map((s) => [s, word("symmetry", s)]), keep("symmetry", info.symmetries[0]));
    fillSelect($("gen-technique"), [["", t("any")], ...info.techniques.map((x) => [x.id, `${x.name} (${num(x.difficulty)})`])], keep("gen-technique", ""));
  }

  /** The rules chosen (Windoku only on square boxes) and the note under the panel. */
  syncRules() {
    const [br, bc] = $("gen-box").value.split("x").map(Number);
    const { names, jigsaw, killer } = this.rules.get();
    this.rules.set(names.filter((x) => x !== "windoku" || br === bc), jigsaw, br, bc, killer);
    const notes = [];
    if (this.missing.length) notes.push(t("gen-missing", { what: this.missing.map((k) => t(k)).join(t("or")) }));
    if (jigsaw) notes.push(t("gen-jigsaw"));
    if (killer) notes.push(t("gen-killer"));
    const note = $("gen-note");
    note.hidden = !notes.length;
    note.textContent = notes.join(" ");
  }

  /** The rules chosen, as the API's ``variants`` (jigsaw and killer included): empty for classic. */
  variants() {
    const { names, jigsaw, killer } = this.rules.get();
    return [...names, ...(jigsaw ? ["jigsaw"] : []), ...(killer ? ["killer"] : [])];
  }

  /** Put the Size and Box choices to the grid's (after a failure they must not disagree). */
  sync(n, br, bc) {
    $("gen-size").value = String(n);
    fillBoxSelect($("gen-box"), n, `${br}x${bc}`);
    this.syncRules();
  }

  body() {
    const [br, bc] = $("gen-box").value.split("x").map(Number);
    const body = { size: br * bc, box: `${br}x${bc}`, symmetry: $("symmetry").value || "none" };
    const variants = this.variants();
    if (variants.length) body.variants = variants;
    const byScore = this.scoreField && $("gen-by-score").checked;
    if (byScore) {
      let lo = Number($("gen-score-lo").value), hi = Number($("gen-score-hi").value);
      if (!(lo > 0)) lo = 1;
      if (!(hi >= lo)) hi = lo;
      body[this.scoreField] = [lo, hi];
    } else if ($("level").value) {
      body.level = $("level").value;
    }
    if (this.techniqueField && $("gen-technique").value) body[this.techniqueField] = $("gen-technique").value;
    return body;
  }

  async start() {
    if (this.running) return;
    const body = this.body();
    const rules = (body.variants || []).map((x) => ruleLabel(x)).join(" + ");
    const label = t(rules ? "generating-rules" : "generating", { n: body.size, rules });
    const progress = $("gen-progress");
    progress.textContent = t("progress", { label, seconds: num(0) });
    $("btn-generate").disabled = true;
    $("btn-gen-cancel").hidden = false;
    this.hooks.busy(true, label);
    const run = api.startGenerate(body, ({ elapsed }) => {
      progress.textContent = t("progress", { label, seconds: num(elapsed) });
    });
    this.running = run;
    const started = performance.now();
    try {
      const data = await run.result;
      if (this.running !== run) return;
      this.finish();
      progress.textContent = t("done-in", { seconds: num((performance.now() - started) / 1000) });
      this.hooks.loaded(data);
    } catch (e) {
      if (this.running !== run) return;
      this.finish();
      progress.textContent = t(e instanceof api.Cancelled ? "gen-cancelled" : "gen-failed");
      this.hooks.failed(e);
    }
  }

  /** Stop at once: the page is free again and the server drops the work. */
  cancel() {
    const run = this.running;
    if (!run) return;
    run.cancel();
    this.finish();
    $("gen-progress").textContent = t("gen-cancelled");
    this.hooks.failed(new api.Cancelled());
  }

  finish() {
    this.running = null;
    $("btn-generate").disabled = false;
    $("btn-gen-cancel").hidden = true;
    this.hooks.busy(false);
  }
}
