import { describe, expect, it } from 'vitest';
import { quietHoursOf, quietUntil } from './quiet-hours.ts';

describe('quiet hours in Tbilisi time (UTC+4)', () => {
  const overnight = quietHoursOf('21:00-09:00');

  it.each([
    ['2026-11-23T16:59:00Z', undefined],
    ['2026-11-23T17:00:00Z', '2026-11-24T05:00:00.000Z'],
    ['2026-11-23T20:30:00Z', '2026-11-24T05:00:00.000Z'],
    ['2026-11-24T04:59:00Z', '2026-11-24T05:00:00.000Z'],
    ['2026-11-24T05:00:00Z', undefined],
  ])('at %s holds until %s', (now, until) => {
    expect(quietUntil(overnight, new Date(now))?.toISOString()).toBe(until);
  });

  it('reads hours within one day, and none', () => {
    const afternoon = quietHoursOf('13:00-15:30');
    expect(quietUntil(afternoon, new Date('2026-11-23T10:00:00Z'))?.toISOString()).toBe(
      '2026-11-23T11:30:00.000Z',
    );
    expect(quietUntil(afternoon, new Date('2026-11-23T08:59:00Z'))).toBeUndefined();
    expect(quietHoursOf('none')).toBeUndefined();
    expect(quietUntil(quietHoursOf('none'), new Date('2026-11-23T20:00:00Z'))).toBeUndefined();
  });
});
