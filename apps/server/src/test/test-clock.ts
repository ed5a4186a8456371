import type { Clock } from '#app/clock.ts';

/** A clock that stands still until a test moves it. */
export function testClock(start = new Date('2026-11-23T10:00:00Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  } satisfies Clock & { advance(ms: number): void };
}

export type TestClock = ReturnType<typeof testClock>;
