import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ka from '../../locales/ka.json';

function keysOf(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]: [string, unknown]) =>
    typeof value === 'object' && value !== null
      ? keysOf(value, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe('locale files', () => {
  it('translate the same keys', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(ka).sort());
  });

  it('carry the glossary messages word for word', () => {
    expect(ka.sso.startFailed).toBe('SSO ავტორიზაციის დაწყება ვერ მოხერხდა');
    expect(ka.loan.cancelled).toBe('განაცხადი გაუქმებულია');
    expect(ka.account.defaultUserLabel).toBe('მომხმარებელი');
    expect(en.restore.sent).toBe('A new password has been sent to your phone');
  });
});
