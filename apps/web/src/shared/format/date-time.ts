import { formatTimestamp as formatMoment } from '@sesxi/contract';

/** A moment (now by default) as the spec writes timestamps: `YYYY-MM-DD HH:mm:ss`, Georgian time. */
export function formatTimestamp(moment: Date | number = new Date()): string {
  return formatMoment(new Date(moment));
}

/**
 * A stored timestamp (`YYYY-MM-DD HH:mm:ss`, already Georgian time) as ka-GE writes it for
 * people: `25.11.2026 14:03`.
 */
export function formatDateTime(timestamp: string): string {
  const [date = '', time = ''] = timestamp.split(' ');
  const [year, month, day] = date.split('-');
  return `${day ?? ''}.${month ?? ''}.${year ?? ''} ${time.slice(0, 5)}`;
}
