import { describe, expect, it } from 'vitest';
import { formatTimestamp } from './timestamps.ts';

describe('formatTimestamp', () => {
  it('writes the moment in Georgian time (UTC+4)', () => {
    expect(formatTimestamp(new Date('2026-03-05T20:07:09Z'))).toBe('2026-03-06 00:07:09');
  });

  it('pads single digits and keeps a 24-hour clock', () => {
    expect(formatTimestamp(new Date('2026-01-02T09:03:04Z'))).toBe('2026-01-02 13:03:04');
  });
});
