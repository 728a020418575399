import type { Clock } from '../../src/lib/clock';

/** A clock tests move by hand: expiry is tested by jumping, never by waiting. */
export function createTestClock(start = new Date('2026-03-10T12:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    set(date: Date) {
      current = date.getTime();
    },
  } satisfies Clock & Record<string, unknown>;
}
