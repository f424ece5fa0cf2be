/** The page's server stops by itself after the idle time only when no page is open and no run goes. */
import { describe, expect, it } from 'vitest';
import { Presence, type Timers } from '../../src/ui/presence.js';

/** Timers a test fires by hand: nothing waits for the wall clock. */
function manualTimers(): Timers & { fire(): void; armed(): number } {
  const armed = new Map<number, () => void>();
  let next = 0;
  return {
    set: (fire) => {
      armed.set(++next, fire);
      return next;
    },
    clear: (handle) => armed.delete(handle as number),
    fire: () => {
      for (const [id, fire] of [...armed]) {
        armed.delete(id);
        fire();
      }
    },
    armed: () => armed.size,
  };
}

describe('the idle time', () => {
  it('runs only while nobody uses the page, and starts again when the last page closes or the run ends', () => {
    const timers = manualTimers();
    let idle = 0;
    const presence = new Presence(60_000, () => idle++, timers);
    presence.start();
    expect(timers.armed()).toBe(1);
    const closed = presence.pageOpened();
    expect(timers.armed()).toBe(0);
    const ended = presence.runStarted();
    closed();
    expect(timers.armed()).toBe(0);
    ended();
    expect(timers.armed()).toBe(1);
    timers.fire();
    expect(idle).toBe(1);
  });

  it('never stops a server asked to stay (0), nor one stopped already', () => {
    const timers = manualTimers();
    let idle = 0;
    new Presence(0, () => idle++, timers).start();
    const stopped = new Presence(1000, () => idle++, timers);
    stopped.start();
    stopped.stop();
    timers.fire();
    expect(idle).toBe(0);
  });
});
