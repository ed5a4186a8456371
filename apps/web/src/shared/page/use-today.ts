import { useSyncExternalStore } from 'react';
import { formatTimestamp } from '../format/date-time';

const noChanges = () => () => undefined;
const today = () => formatTimestamp().slice(0, 10);
const unknownWhenPrerendered = () => null;

/**
 * Today's date in Tbilisi (`YYYY-MM-DD`); null in a page prerendered at build time and in the
 * render that hydrates it, which happened on another day.
 */
export function useToday(): string | null {
  return useSyncExternalStore(noChanges, today, unknownWhenPrerendered);
}
