import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionKey, sessionLifetimeMs } from './session-keys';
import { createSessionStore, isExpired } from './session-store';

const user = {
  apiToken: 'token-1',
  name: 'ნინო',
  surname: 'კაპანაძე',
  phone: '599000002',
  is_sda_verified: true,
  has_questionnaire: true,
  is_identomat_verified: false,
  isSupport: false,
  roles: [],
};

const now = Date.UTC(2026, 10, 22, 8, 0, 0);

describe('session store', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('stores the user under `user` with an expiry 30 minutes ahead, in milliseconds', () => {
    const store = createSessionStore(localStorage, () => now);
    store.set(user);
    const saved: unknown = JSON.parse(localStorage.getItem(sessionKey) ?? 'null');
    expect(saved).toEqual({ ...user, expireMinutes: now + 30 * 60 * 1000 });
    expect(store.get()).toEqual(saved);
  });

  it('renews the expiry on every save', () => {
    let clock = now;
    const store = createSessionStore(localStorage, () => clock);
    store.set(user);
    clock += 10 * 60 * 1000;
    store.update({ has_questionnaire: false });
    expect(store.get()).toMatchObject({
      has_questionnaire: false,
      expireMinutes: clock + sessionLifetimeMs,
    });
  });

  it('keeps only the fields of the spec', () => {
    const store = createSessionStore(localStorage, () => now);
    store.set({ ...user, personal_number: '01001000012' } as typeof user);
    expect(localStorage.getItem(sessionKey)).not.toContain('personal_number');
  });

  it('reset sets null and removes the record', () => {
    const store = createSessionStore(localStorage, () => now);
    store.set(user);
    store.reset();
    expect(store.get()).toBeNull();
    expect(localStorage.getItem(sessionKey)).toBeNull();
  });

  it('loads the stored user', () => {
    localStorage.setItem(sessionKey, JSON.stringify({ ...user, expireMinutes: now }));
    expect(createSessionStore(localStorage).get()).toEqual({ ...user, expireMinutes: now });
  });

  it.each([
    ['absent', null],
    ['not JSON', '{not json'],
    ['not a user', JSON.stringify({ apiToken: 'x' })],
    ['JSON null', 'null'],
  ])('loads null when the record is %s', (_, raw) => {
    if (raw !== null) localStorage.setItem(sessionKey, raw);
    expect(createSessionStore(localStorage).get()).toBeNull();
  });

  it('tells subscribers about every change', () => {
    const store = createSessionStore(localStorage, () => now);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set(user);
    store.reset();
    unsubscribe();
    store.set(user);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('reload picks up what another tab wrote', () => {
    const store = createSessionStore(localStorage, () => now);
    localStorage.setItem(sessionKey, JSON.stringify({ ...user, expireMinutes: now }));
    store.reload();
    expect(store.get()?.apiToken).toBe('token-1');
  });
});

describe('expiry', () => {
  const stored = { ...user, expireMinutes: now };

  it('has not passed up to the expiry moment', () => {
    expect(isExpired(stored, now - 1)).toBe(false);
    expect(isExpired(stored, now)).toBe(false);
  });

  it('has passed one millisecond later', () => {
    expect(isExpired(stored, now + 1)).toBe(true);
  });
});
