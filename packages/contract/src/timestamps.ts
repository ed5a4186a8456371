/**
 * Georgia keeps UTC+4 all year, but the zone's rules stay the runtime's, not ours. Made on
 * first use: a formatter with a time zone costs a phone's first visit several milliseconds.
 */
let clock: Intl.DateTimeFormat | undefined;
function tbilisiClock(): Intl.DateTimeFormat {
  clock ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Tbilisi',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return clock;
}

const hourMs = 3_600_000;

/**
 * Tbilisi's offset from UTC during each UTC hour asked about: `formatToParts` costs more than
 * the rest of a list row, and the zone has moved its clocks only on whole hours since 1957, so
 * one lookup per hour gives every moment in it. Bounded: a server asks about few hours.
 */
const offsetByHour = new Map<number, number>();

function tbilisiOffsetMs(moment: Date): number {
  const hour = Math.floor(moment.getTime() / hourMs);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const start = new Date(hour * hourMs);
    const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
    for (const { type, value } of tbilisiClock().formatToParts(start)) part[type] = value;
    const wall = Date.UTC(
      Number(part.year),
      Number(part.month) - 1,
      Number(part.day),
      Number(part.hour),
      Number(part.minute),
      Number(part.second),
    );
    offset = wall - start.getTime();
    if (offsetByHour.size >= 10_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

const two = (value: number) => String(value).padStart(2, '0');

/** A moment as the spec writes timestamps: `YYYY-MM-DD HH:mm:ss`, Georgian time. */
export function formatTimestamp(moment: Date): string {
  const wall = new Date(moment.getTime() + tbilisiOffsetMs(moment));
  return (
    `${String(wall.getUTCFullYear()).padStart(4, '0')}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())} ` +
    `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}`
  );
}

/** The Georgian calendar day (Asia/Tbilisi) of `moment`, `YYYY-MM-DD`. */
export function tbilisiDate(moment: Date): string {
  return formatTimestamp(moment).slice(0, 10);
}

/**
 * The moment a timestamp as the spec writes it names (`YYYY-MM-DD HH:mm:ss`, Georgian time);
 * undefined for a day or a time that does not exist.
 */
export function parseTimestamp(text: string): Date | undefined {
  const wall = Date.parse(`${text.replace(' ', 'T')}Z`);
  if (Number.isNaN(wall)) return undefined;
  const moment = new Date(wall - tbilisiOffsetMs(new Date(wall)));
  return formatTimestamp(moment) === text ? moment : undefined;
}
