// The JSON API of `sudokit serve`. Every request of the page goes through here; what the
// server offers (paths, generator options) is read once from its OpenAPI document, so the page
// uses new endpoints and generator options as soon as the server has them and falls back while
// it does not. Long requests carry a job id, so that Cancel stops the server's work too.

import { language, t } from "./i18n.js";

export class ApiError extends Error {
  constructor(message, status = 0) { super(message); this.status = status; }
}

/** The user (or a newer request) stopped the work. */
export class Cancelled extends Error {
  constructor(message = "cancelled") { super(message); }
}

async function request(path, body, { signal, method } = {}) {
  let res;
  // the server answers in the page's language: Accept-Language on every request, and the
  // ``lang`` field in every body (see post)
  const headers = { "accept-language": language() };
  const init = body === undefined ? { method: method || "GET", signal, headers } : {
    method: method || "POST", signal,
    headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body),
  };
  try {
    res = await fetch(path, init);
  } catch (e) {
    if (e.name === "AbortError") throw new Cancelled();
    throw new ApiError(t("err-no-server"));
  }
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  if (!res.ok) {
    const detail = data && (data.error || (typeof data.detail === "string" ? data.detail : null));
    throw new ApiError(detail || t("err-status", { status: res.status }), res.status);
  }
  return data;
}

/** POST ``body`` with the page's language in its ``lang`` field (every request model takes it). */
const post = (path, body, opts) => request(path, { ...body, lang: language() }, opts);

// --- what this server can do --------------------------------------------------------------------
let caps = null;

/** {paths: Set of API paths, generate: Set of the generator's request fields}. Read once (a
 * promise: callers share it). */
export function capabilities() {
  if (!caps) caps = readCapabilities();
  return caps;
}

async function readCapabilities() {
  const found = { paths: new Set(), generate: new Set(["size", "box", "level", "symmetry", "seed"]) };
  try {
    const doc = await request("/openapi.json");
    found.paths = new Set(Object.keys(doc.paths || {}));
    const schema = ((doc.components || {}).schemas || {}).GenerateRequest;
    if (schema && schema.properties) found.generate = new Set(Object.keys(schema.properties));
  } catch (e) {
    // an older server without the document: the basic endpoints only
  }
  return found;
}

// --- the endpoints ------------------------------------------------------------------------------
export const info = () => request("/api/info");
export const parse = (body) => post("/api/parse", body);
/** The board of a puzzle under its rules: houses, the peers the rules add, cages, rules. */
export const board = (puzzle, rules) => post("/api/board", { puzzle, ...rules });
export const solve = (puzzle) => post("/api/solve", { puzzle });
export const count = (puzzle, opts = {}) => post("/api/count", { puzzle, ...(opts.timeLimit ? { time_limit: opts.timeLimit } : {}) }, opts);
export const step = (puzzle, choice, opts = {}) => post("/api/step", { puzzle, ...choice, ...(opts.job ? { job: opts.job } : {}) }, opts);
export const round = (puzzle, choice) => post("/api/round", { puzzle, ...choice });
export const hint = (puzzle, level, choice) => post("/api/hint", { puzzle, level, ...choice });
export const check = (puzzle) => post("/api/check", { puzzle });
export const rate = (puzzle, opts = {}) => post("/api/rate", { puzzle, ...(opts.job ? { job: opts.job } : {}) }, opts);
export const exportAs = (puzzle, to, entries) => post("/api/export", { puzzle, to, entries });
/** A picture: {puzzle, to, candidates, solution, step, style, size_px} -> {media_type, encoding, data}. */
export const renderPicture = (body, opts = {}) => post("/api/render", { ...body, ...(opts.job ? { job: opts.job } : {}) }, opts);
/** A PDF booklet: {puzzles, per_page, solutions, title, rate, paper} -> {pages, data (base64)}. */
export const printBooklet = (body, opts = {}) => post("/api/print", { ...body, ...(opts.job ? { job: opts.job } : {}) }, opts);
/** A puzzle read from a picture (a data URL) -> {position, puzzle, doubtful, repaired, image, ...}. */
export const readImage = (image, opts = {}) => post("/api/read-image", {
  image, size: opts.size || null, box: opts.box || null, repair: true, job: opts.job || null,
}, opts);

// --- every step available now -------------------------------------------------------------------
/** Techniques the fallback of :func:`allSteps` leaves out unless asked (each can take seconds). */
export const SLOW_TECHNIQUES = ["forcing-net", "candidate-test", "candidate-test-recursive"];

/**
 * Every step of the chosen techniques in the position. With ``POST /api/steps`` (body as
 * /api/step, answer ``{steps: [step, ...]}``) every instance comes back at once; without it,
 * one instance per technique is found by asking /api/step again with the techniques found so
 * far excluded (simplest first), within ``budget`` seconds. ``onFound(steps, done)`` sees
 * the list grow. Returns {steps, complete, note}.
 */
export async function allSteps(puzzle, choice, { signal, job, onFound = () => {}, budget = 20, slow = false } = {}) {
  const { paths } = await capabilities();
  if (paths.has("/api/steps")) {
    const data = await post("/api/steps", { puzzle, ...choice, ...(job ? { job } : {}) }, { signal });
    onFound(data.steps, true);
    const complete = data.complete !== false;
    const note = [complete ? "" : t("all-stopped-time-limit"), data.warning || ""]
      .filter(Boolean).join("; ");
    return { steps: data.steps, complete, note };
  }
  const steps = [];
  const exclude = [...(choice.exclude || []), ...(slow ? [] : SLOW_TECHNIQUES)];
  const end = performance.now() + budget * 1000;
  let complete = true;
  for (;;) {
    const left = (end - performance.now()) / 1000;
    if (left < 0.5) { complete = false; break; }
    const limit = Math.max(1, Math.min(left, 10));
    const data = await step(puzzle, { ...choice, exclude, time_limit: limit }, { signal, job }).catch((e) => {
      if (e instanceof ApiError && e.status === 408) return null;  // this technique ran out of time
      throw e;
    });
    if (!data) { complete = false; break; }
    if (!data.step) break;
    steps.push({ ...data.step, _after: data.position, _warning: data.warning || null });
    exclude.push(data.step.technique);
    onFound(steps, false);
  }
  onFound(steps, true);
  const note = [t("all-one-per-technique"), slow ? "" : t("all-slow-left-out"), complete ? "" : t("all-stopped-budget")]
    .filter(Boolean).join("; ");
  return { steps, complete, note };
}

// --- generating, with progress and cancel -------------------------------------------------------
let jobCounter = 0;

/** A fresh job id: a request carrying it can be stopped with POST /api/cancel. */
export function newJobId(kind = "job") {
  jobCounter += 1;
  return `${kind}-${Date.now().toString(36)}-${jobCounter}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Stop the server's work on ``job`` (a request of this page that carried it). */
export const cancelJob = (job) => post("/api/cancel", { job }).catch(() => null);

/**
 * Start generating. ``body`` is the generator's request (size, box, level, symmetry and what
 * else the server takes). ``onProgress({elapsed})`` is called four times a second while it runs.
 * Returns {result: Promise<{position, rating, seed}>, cancel(), job}: ``cancel`` posts
 * /api/cancel with the request's job id (the server stops the work at once) and drops the answer.
 */
export function startGenerate(body, onProgress = () => {}) {
  const controller = new AbortController();
  const started = performance.now();
  const job = newJobId("generate");
  let cancelled = false;
  const tick = setInterval(() => onProgress({ elapsed: (performance.now() - started) / 1000 }), 250);
  const result = post("/api/generate", { ...body, job }, { signal: controller.signal })
    .catch((e) => {
      if (cancelled || e instanceof Cancelled || (e instanceof ApiError && e.status === 409)) throw new Cancelled();
      throw e;
    })
    .finally(() => clearInterval(tick));

  function cancel() {
    if (cancelled) return;
    cancelled = true;
    clearInterval(tick);
    cancelJob(job);
    controller.abort();
  }
  return { result, cancel, job };
}
