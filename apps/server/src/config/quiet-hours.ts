import { addDaysToIsoDate, formatTimestamp, parseTimestamp } from '@sesxi/contract';

/** The hours texts that can wait are held back: minutes after Tbilisi midnight. */
export interface QuietHours {
  start: number;
  end: number;
}

const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/** `SMS_QUIET_HOURS` (`HH:MM-HH:MM`, checked by the environment's schema) read; `none` none. */
export function quietHoursOf(setting: string): QuietHours | undefined {
  if (setting === 'none') return undefined;
  const [start = '', end = ''] = setting.split('-');
  return minutesOf(start) === minutesOf(end)
    ? undefined
    : { start: minutesOf(start), end: minutesOf(end) };
}

/**
 * When the quiet hours around `now` end, in real Tbilisi time; undefined when `now` is not in
 * them. Hours that run past midnight (21:00-09:00) end on the next morning when begun tonight.
 */
export function quietUntil(quiet: QuietHours | undefined, now: Date): Date | undefined {
  if (!quiet) return undefined;
  const wall = formatTimestamp(now);
  const minute = minutesOf(wall.slice(11, 16));
  const { start, end } = quiet;
  const quietNow = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!quietNow) return undefined;
  const day = minute < end ? wall.slice(0, 10) : addDaysToIsoDate(wall.slice(0, 10), 1);
  const hh = String(Math.floor(end / 60)).padStart(2, '0');
  const mm = String(end % 60).padStart(2, '0');
  return parseTimestamp(`${day} ${hh}:${mm}:00`);
}
