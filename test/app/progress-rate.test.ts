/** The apply bar's rate and time left follow the last seconds, so a long run that slows down shows it. */
import { describe, expect, it } from 'vitest';
import { recentRate } from '../../src/app/progress.js';

describe('the rate and time left of a long phase', () => {
  it('shows a slowdown within seconds, not as an average since the start', () => {
    let now = 0;
    const rate = recentRate(5000, () => now);
    rate.reset();
    let done = 0;
    let last = { rate: 0, secondsLeft: null as number | null };
    // 10 minutes at 1,000 operations per second...
    for (; now < 600_000; now += 250) last = rate.add((done += 250), 1_000_000);
    expect(last.rate).toBeCloseTo(1000, -1);
    expect(last.secondsLeft).toBeCloseTo(400, -1);
    // ...then 10 seconds at 100 per second.
    for (let end = now + 10_000; now < end; now += 250) last = rate.add((done += 25), 1_000_000);
    expect(last.rate).toBeCloseTo(100, -1);
    expect(last.secondsLeft).toBeCloseTo((1_000_000 - done) / 100, -2);
  });

  it('tells no time left while the total is unknown', () => {
    let now = 0;
    const rate = recentRate(5000, () => now);
    rate.reset();
    now = 1000;
    expect(rate.add(500, null)).toEqual({ rate: 500, secondsLeft: null });
  });
});
