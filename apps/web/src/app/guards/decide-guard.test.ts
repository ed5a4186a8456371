import { describe, expect, it } from 'vitest';
import type { StoredUser } from '../../shared/session/session-store';
import { decideGuard, decideGuestGuard, type RouteAccess } from './decide-guard';

const now = Date.UTC(2026, 10, 22, 8, 0, 0);

const customer: StoredUser = {
  apiToken: 'token',
  name: 'გიორგი',
  surname: 'ბერიძე',
  phone: '599000001',
  is_sda_verified: true,
  has_questionnaire: true,
  is_identomat_verified: true,
  isSupport: false,
  roles: [],
  expireMinutes: now + 60_000,
};

function decide(user: StoredUser | null, pathname: string, access: RouteAccess = 'customer') {
  return decideGuard(user, now, { pathname, access });
}

const toLogin = { allow: false, redirectTo: '/login', resetSession: false };
const toLoginAfterReset = {
  allow: false,
  redirectTo: '/login?reason=expired',
  resetSession: true,
};
const toSda = { allow: false, redirectTo: '/sda-checking', resetSession: false };
const toQuestionnaire = { allow: false, redirectTo: '/questionnaire', resetSession: false };
const toMain = { allow: false, redirectTo: '/main', resetSession: false };
const allow = { allow: true };

describe('route guard rules', () => {
  it('1. sends a visitor without a stored user to /login', () => {
    expect(decide(null, '/main')).toEqual(toLogin);
  });

  it('2. resets an expired session and sends it to /login', () => {
    expect(decide({ ...customer, expireMinutes: now - 1 }, '/main')).toEqual(toLoginAfterReset);
  });

  it('2. keeps a session whose expiry is exactly now', () => {
    expect(decide({ ...customer, expireMinutes: now }, '/main')).toEqual(allow);
  });

  it('3. forces a user who is not SDA-verified to /sda-checking', () => {
    expect(decide({ ...customer, is_sda_verified: false }, '/main')).toEqual(toSda);
  });

  it('4. forces a user without a questionnaire to /questionnaire', () => {
    expect(decide({ ...customer, has_questionnaire: false }, '/loan')).toEqual(toQuestionnaire);
  });

  it('lets a verified user with a questionnaire through', () => {
    expect(decide(customer, '/main')).toEqual(allow);
  });
});

describe('route guard order', () => {
  const unverified = { ...customer, is_sda_verified: false, has_questionnaire: false };

  it('checks the expiry before the profile gates', () => {
    expect(decide({ ...unverified, expireMinutes: now - 1 }, '/main')).toEqual(toLoginAfterReset);
  });

  it('checks SDA before the questionnaire', () => {
    expect(decide(unverified, '/main')).toEqual(toSda);
  });
});

describe('route guard exemptions', () => {
  it.each(['/login', '/register'])('never gates %s', (pathname) => {
    expect(decide(null, pathname)).toEqual(allow);
    expect(decide({ ...customer, is_sda_verified: false }, pathname)).toEqual(allow);
  });

  it('does not send /sda-checking to itself', () => {
    expect(decide({ ...customer, is_sda_verified: false }, '/sda-checking')).toEqual(allow);
  });

  it('keeps a new user, who has passed neither gate, on /sda-checking', () => {
    const newUser = { ...customer, is_sda_verified: false, has_questionnaire: false };
    expect(decide(newUser, '/sda-checking')).toEqual(allow);
  });

  it('sends an SDA-verified user on /sda-checking on to the questionnaire', () => {
    expect(decide({ ...customer, has_questionnaire: false }, '/sda-checking')).toEqual(
      toQuestionnaire,
    );
  });

  it('does not send /questionnaire to itself', () => {
    expect(decide({ ...customer, has_questionnaire: false }, '/questionnaire')).toEqual(allow);
    expect(decide({ ...customer, has_questionnaire: false }, '/questionnaire/')).toEqual(allow);
  });

  it('still applies the SDA gate on /questionnaire', () => {
    expect(decide({ ...customer, is_sda_verified: false }, '/questionnaire')).toEqual(toSda);
  });

  it('lets /logout through whatever the profile state', () => {
    const incomplete = { ...customer, is_sda_verified: false, has_questionnaire: false };
    expect(decide(incomplete, '/logout')).toEqual(allow);
    expect(decide(null, '/logout')).toEqual(toLogin);
  });
});

describe('support-only routes', () => {
  const support = { ...customer, isSupport: true, roles: ['support' as const] };

  it('let support staff through, skipping the profile gates', () => {
    expect(decide(support, '/checking', 'support')).toEqual(allow);
    expect(
      decide(
        { ...support, is_sda_verified: false, has_questionnaire: false },
        '/checking/users/7',
        'support',
      ),
    ).toEqual(allow);
  });

  it('send customers to /main', () => {
    expect(decide(customer, '/checking', 'support')).toEqual(toMain);
    expect(decide({ ...customer, is_sda_verified: false }, '/checking', 'support')).toEqual(toMain);
  });

  it('still require a live session', () => {
    expect(decide(null, '/checking', 'support')).toEqual(toLogin);
    expect(decide({ ...support, expireMinutes: now - 1 }, '/checking', 'support')).toEqual(
      toLoginAfterReset,
    );
  });
});

describe('staff', () => {
  const officer: StoredUser = {
    ...customer,
    is_sda_verified: false,
    has_questionnaire: false,
    roles: ['credit_officer'],
  };
  const support: StoredUser = { ...officer, isSupport: true, roles: ['support'] };
  const toApplications = { allow: false, redirectTo: '/applications', resetSession: false };
  const toChecking = { allow: false, redirectTo: '/checking', resetSession: false };

  it('open their role’s routes without the customer’s onboarding', () => {
    expect(decide(officer, '/applications', 'credit_officer')).toEqual(allow);
    expect(decide(officer, '/applications/7', 'credit_officer')).toEqual(allow);
    expect(decide(support, '/checking', 'support')).toEqual(allow);
  });

  it('are sent to their landing page from another role’s routes', () => {
    expect(decide(officer, '/checking', 'support')).toEqual(toApplications);
    expect(decide(support, '/applications', 'credit_officer')).toEqual(toChecking);
  });

  it('are sent to their landing page from the customer’s pages', () => {
    expect(decide(officer, '/main')).toEqual(toApplications);
    expect(decide(officer, '/sda-checking')).toEqual(toApplications);
    expect(decide(support, '/questionnaire-edit')).toEqual(toChecking);
  });

  it('change their password and log out like anyone', () => {
    expect(decide(officer, '/change-password')).toEqual(allow);
    expect(decide(support, '/logout')).toEqual(allow);
  });

  it('keep customers out of the credit officers’ routes', () => {
    expect(decide(customer, '/applications', 'credit_officer')).toEqual(toMain);
  });

  it('send admins to the staff accounts, and keep everyone else out of them', () => {
    const admin: StoredUser = { ...officer, roles: ['admin'] };
    const toStaff = { allow: false, redirectTo: '/staff', resetSession: false };
    expect(decide(admin, '/staff', 'admin')).toEqual(allow);
    expect(decide(admin, '/main')).toEqual(toStaff);
    expect(decide(support, '/staff', 'admin')).toEqual(toChecking);
    expect(decide(customer, '/staff', 'admin')).toEqual(toMain);
    expect(decideGuestGuard(admin, now, '/login')).toEqual({
      resetSession: false,
      redirectTo: '/staff',
    });
  });
});

describe('a temporary password', () => {
  const toChange = { allow: false, redirectTo: '/change-password', resetSession: false };
  const support: StoredUser = {
    ...customer,
    isSupport: true,
    roles: ['support', 'admin'],
    must_change_password: true,
  };

  it('opens only the change of password and logout, until it is changed', () => {
    expect(decide(support, '/change-password')).toEqual(allow);
    expect(decide(support, '/logout')).toEqual(allow);
    expect(decide(support, '/checking', 'support')).toEqual(toChange);
    expect(decide(support, '/staff', 'admin')).toEqual(toChange);
    expect(decide(support, '/main')).toEqual(toChange);
    expect(decide({ ...customer, must_change_password: true }, '/loan')).toEqual(toChange);
    expect(decide({ ...support, must_change_password: false }, '/checking', 'support')).toEqual(
      allow,
    );
  });

  it('sends its holder from /login to the change, and still lets an expired session go', () => {
    expect(decideGuestGuard(support, now, '/login')).toEqual({
      resetSession: false,
      redirectTo: '/change-password',
    });
    expect(decide({ ...support, expireMinutes: now - 1 }, '/checking', 'support')).toEqual(
      toLoginAfterReset,
    );
  });
});

describe('guest-only pages', () => {
  it.each(['/login', '/register'])('let a visitor without a session open %s', (pathname) => {
    expect(decideGuestGuard(null, now, pathname)).toEqual({ resetSession: false });
  });

  it.each(['/login', '/register', '/login/'])(
    'send a signed-in customer on %s to /main',
    (pathname) => {
      expect(decideGuestGuard(customer, now, pathname)).toEqual({
        resetSession: false,
        redirectTo: '/main',
      });
      expect(decideGuestGuard({ ...customer, is_sda_verified: false }, now, pathname)).toEqual({
        resetSession: false,
        redirectTo: '/main',
      });
    },
  );

  it('send staff to their own landing page', () => {
    const support = { ...customer, isSupport: true, roles: ['support' as const] };
    expect(decideGuestGuard(support, now, '/login')).toEqual({
      resetSession: false,
      redirectTo: '/checking',
    });
  });

  it('forget an expired session; /login then says it expired', () => {
    const expired = { ...customer, expireMinutes: now - 1 };
    expect(decideGuestGuard(expired, now, '/login')).toEqual({
      resetSession: true,
      redirectTo: '/login?reason=expired',
    });
    expect(decideGuestGuard(expired, now, '/register')).toEqual({ resetSession: true });
  });
});
