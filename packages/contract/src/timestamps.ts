/** Georgia keeps UTC+4 all year, so one zone name covers every timestamp the product shows. */
const tbilisiClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Tbilisi',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** A moment as the spec writes timestamps: `YYYY-MM-DD HH:mm:ss`, Georgian time. */
export function formatTimestamp(moment: Date): string {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of tbilisiClock.formatToParts(moment)) part[type] = value;
  return `${part.year ?? ''}-${part.month ?? ''}-${part.day ?? ''} ${part.hour ?? ''}:${part.minute ?? ''}:${part.second ?? ''}`;
}
