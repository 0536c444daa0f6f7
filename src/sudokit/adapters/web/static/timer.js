// A pausable game clock: counts while the game is played and the page is visible.

export class Timer {
  constructor(onTick) {
    this.onTick = onTick;
    this.elapsed = 0;      // ms counted before the current run
    this.since = null;     // when the current run started (null: stopped)
    this.paused = false;   // paused by the player (not by a hidden page)
    this.stopped = true;   // not counting: no game, or the game is solved
    this.handle = null;
    document.addEventListener("visibilitychange", () => this.sync());
  }

  /** Milliseconds played. */
  get ms() { return this.elapsed + (this.since === null ? 0 : performance.now() - this.since); }

  text() { return formatTime(this.ms); }

  /** Start from ``ms`` (a new or restored game). */
  reset(ms = 0, running = true) {
    this.elapsed = ms; this.since = null; this.paused = false; this.stopped = !running;
    this.sync();
  }

  stop() { this.stopped = true; this.sync(); }

  /** Counting again after a stop (e.g. Undo after the solved moment). */
  resume() { if (this.stopped) { this.stopped = false; this.sync(); } }

  setPaused(on) { this.paused = on; this.sync(); }

  sync() {
    const run = !this.stopped && !this.paused && !document.hidden;
    if (run && this.since === null) {
      this.since = performance.now();
      this.handle = setInterval(() => this.onTick(this), 1000);
    } else if (!run && this.since !== null) {
      this.elapsed += performance.now() - this.since;
      this.since = null;
      clearInterval(this.handle);
    }
    this.onTick(this);
  }
}

export function formatTime(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const two = (x) => String(x).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(sec)}` : `${two(m)}:${two(sec)}`;
}
