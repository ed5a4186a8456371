import { z } from 'zod';

export const notificationKey = 'notification';

const notificationSchema = z.object({
  type: z.enum(['success', 'danger', 'error']),
  text: z.string(),
});
export type Notification = z.output<typeof notificationSchema>;

const listeners = new Set<() => void>();
let displayed: Notification | null = null;
let lastLocation: object | null = null;

function setDisplayed(notification: Notification | null) {
  displayed = notification;
  for (const listener of listeners) listener();
}

function takePending(): Notification | null {
  const raw = localStorage.getItem(notificationKey);
  localStorage.removeItem(notificationKey);
  if (raw === null) return null;
  try {
    const parsed = notificationSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Leaves a message for the next page: call it right before navigating (or reloading). It is
 * kept in local storage, shown once by the layout, and removed as it is shown.
 */
export function notify(notification: Notification): void {
  localStorage.setItem(notificationKey, JSON.stringify(notification));
}

/**
 * The layout calls this for every location it shows: the pending message replaces the one on
 * screen, or the screen clears. Repeated calls for one location change nothing.
 */
export function showPendingNotification(location: object): void {
  if (location === lastLocation) return;
  lastLocation = location;
  setDisplayed(takePending());
}

export function dismissNotification(): void {
  setDisplayed(null);
}

export function displayedNotification(): Notification | null {
  return displayed;
}

export function subscribeToNotifications(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
