import { describe, expect, it } from 'vitest';
import { landingPath } from './roles';
import type { StoredUser } from './session-store';

const customer: StoredUser = {
  apiToken: 'token',
  name: 'ნინო',
  surname: 'კაპანაძე',
  phone: '599123456',
  is_sda_verified: true,
  has_questionnaire: true,
  is_identomat_verified: true,
  isSupport: false,
  roles: [],
  expireMinutes: 0,
};

describe('landing page', () => {
  it('is /main for a customer', () => {
    expect(landingPath(customer)).toBe('/main');
  });

  it('is the users table for support, the spec’s isSupport flag included', () => {
    expect(landingPath({ ...customer, roles: ['support'] })).toBe('/checking');
    expect(landingPath({ ...customer, isSupport: true })).toBe('/checking');
  });

  it('is the applications queue for a credit officer', () => {
    expect(landingPath({ ...customer, roles: ['credit_officer'] })).toBe('/applications');
  });

  it('is the editor for a content editor', () => {
    expect(landingPath({ ...customer, roles: ['content_editor'] })).toBe('/content');
  });

  it('is the staff accounts for an admin', () => {
    expect(landingPath({ ...customer, roles: ['admin'] })).toBe('/staff');
  });

  it('is the change of password while the password is temporary', () => {
    expect(landingPath({ ...customer, roles: ['support'], must_change_password: true })).toBe(
      '/change-password',
    );
  });
});
