import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTimestamp, parseTimestamp } from './timestamps.ts';

describe('formatTimestamp', () => {
  it('writes the moment in Georgian time (UTC+4)', () => {
    expect(formatTimestamp(new Date('2026-03-05T20:07:09Z'))).toBe('2026-03-06 00:07:09');
  });

  it('pads single digits and keeps a 24-hour clock', () => {
    expect(formatTimestamp(new Date('2026-01-02T09:03:04Z'))).toBe('2026-01-02 13:03:04');
  });
});

describe('parseTimestamp', () => {
  it('reads Georgian time back into the moment', () => {
    expect(parseTimestamp('2026-03-06 00:07:09')).toEqual(new Date('2026-03-05T20:07:09Z'));
  });

  it.each(['2026-02-29 10:00:00', '2026-04-31 10:00:00', '2026-01-02 24:00:00', 'yesterday'])(
    'finds no moment in %s',
    (text) => {
      expect(parseTimestamp(text)).toBeUndefined();
    },
  );

  it('reads back any moment formatTimestamp wrote, to the second', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2006-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (moment) => {
          const second = new Date(Math.floor(moment.getTime() / 1000) * 1000);
          expect(parseTimestamp(formatTimestamp(moment))).toEqual(second);
        },
      ),
    );
  });
});

describe('formatTimestamp against the runtime’s zone rules', () => {
  const reference = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Tbilisi',
    dateStyle: 'short',
    timeStyle: 'medium',
    hourCycle: 'h23',
  });
  /** `dd/mm/yyyy, HH:mm:ss` as `yyyy-mm-dd HH:mm:ss`. */
  const spelledByIntl = (moment: Date) =>
    reference.format(moment).replace(/^(\d{2})\/(\d{2})\/(\d{4}), /, '$3-$2-$1 ');

  it('agrees with Intl on any moment, across the DST years 1981–2005 too', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1958-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (moment) => {
          expect(formatTimestamp(moment)).toBe(spelledByIntl(moment));
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('agrees on either side of a clock change', () => {
    // 2004-03-28: Georgia's last spring-forward, at 00:00 local (UTC+3 → +4).
    for (const iso of [
      '2004-03-27T20:59:59Z',
      '2004-03-27T21:00:00Z',
      '2004-10-30T22:59:59Z',
      '2004-10-30T23:00:00Z',
    ]) {
      const moment = new Date(iso);
      expect(formatTimestamp(moment)).toBe(spelledByIntl(moment));
    }
  });
});
