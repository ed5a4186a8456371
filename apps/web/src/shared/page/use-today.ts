import { useSyncExternalStore } from 'react';
import { formatTimestamp } from '../format/date-time';

const noChanges = () => () => undefined;
const unknownWhenPrerendered = () => null;

/** `read()` in the browser; null in a page prerendered at build time and in the render that hydrates it. */
function useReadInBrowser<Value>(read: () => Value): Value | null {
  return useSyncExternalStore(noChanges, read, unknownWhenPrerendered);
}

const today = () => formatTimestamp().slice(0, 10);

/**
 * Today's date in Tbilisi (`YYYY-MM-DD`); null in a page prerendered at build time and in the
 * render that hydrates it, which happened on another day.
 */
export function useToday(): string | null {
  return useReadInBrowser(today);
}

const thisYear = () => new Date().getFullYear();

/**
 * The year on the visitor's own clock: a copyright line needs no time zone, and a phone's first
 * formatter with one (Intl's data loading) costs its first visit more than the rest of a render.
 */
export function useThisYear(): number | null {
  return useReadInBrowser(thisYear);
}
