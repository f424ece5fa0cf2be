/**
 * Whether anybody still uses the page's server: a page open (its event stream connected) or a run going.
 * When neither has been so for the idle time, the server stops by itself, as Ctrl-C stops it. The timers
 * are injected, so a test fires the idle time instead of waiting for it.
 */
export interface Timers {
  set(fire: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const REAL_TIMERS: Timers = {
  set: (fire, ms) => setTimeout(fire, ms).unref(),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export class Presence {
  private pages = 0;
  private runs = 0;
  private timer: unknown = undefined;
  private stopped = false;

  constructor(
    private readonly idleMs: number,
    private readonly onIdle: () => void,
    private readonly timers: Timers = REAL_TIMERS,
  ) {}

  start(): void {
    this.arm();
  }

  stop(): void {
    this.stopped = true;
    this.disarm();
  }

  /** A page opened; call the answer when it closes. */
  pageOpened(): () => void {
    return this.hold('pages');
  }

  /** A run started; call the answer when it ends. */
  runStarted(): () => void {
    return this.hold('runs');
  }

  private hold(what: 'pages' | 'runs'): () => void {
    this[what]++;
    this.disarm();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this[what]--;
      this.arm();
    };
  }

  private disarm(): void {
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
  }

  private arm(): void {
    this.disarm();
    if (this.stopped || this.idleMs <= 0 || this.pages > 0 || this.runs > 0) return;
    this.timer = this.timers.set(() => {
      this.timer = undefined;
      if (!this.stopped && this.pages === 0 && this.runs === 0) this.onIdle();
    }, this.idleMs);
  }
}
