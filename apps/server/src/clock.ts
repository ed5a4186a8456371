/** The time, handed to services so tests can move it (code expiry, resend window, sessions). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** `minutes` minutes before or (negative) after `date`. */
export function minutesBefore(date: Date, minutes: number): Date {
  return new Date(date.getTime() - minutes * 60_000);
}
