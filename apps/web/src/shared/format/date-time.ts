import { formatTimestamp as formatMoment } from '@sesxi/contract';

/** A moment (now by default) as the spec writes timestamps: `YYYY-MM-DD HH:mm:ss`, Georgian time. */
export function formatTimestamp(moment: Date | number = new Date()): string {
  return formatMoment(new Date(moment));
}
