import {
  isStaff,
  mustChangePassword,
  roleScreens,
  rolesOf,
  type RoleScreenLabel,
} from '../../shared/session/roles';
import type { StoredUser } from '../../shared/session/session-store';

export interface AccountLink {
  to: string;
  label:
    | 'login'
    | 'register'
    | RoleScreenLabel
    | 'myProfile'
    | 'documents'
    | 'editData'
    | 'changePassword'
    | 'logout';
}

/**
 * The header's dropdown and the side menu offer the same links: staff get their roles' screens
 * and their account's links, customers their profile's. Until a temporary password is
 * changed, only its change and logout lead anywhere.
 */
export function accountLinks(user: StoredUser | null): AccountLink[] {
  if (!user) {
    return [
      { to: '/login', label: 'login' },
      { to: '/register', label: 'register' },
    ];
  }
  if (mustChangePassword(user)) {
    return [
      { to: '/change-password', label: 'changePassword' },
      { to: '/logout', label: 'logout' },
    ];
  }
  if (isStaff(user)) {
    return [
      ...rolesOf(user).map((role) => ({
        to: roleScreens[role].path,
        label: roleScreens[role].label,
      })),
      { to: '/change-password', label: 'changePassword' },
      { to: '/logout', label: 'logout' },
    ];
  }
  return [
    ...(user.is_sda_verified
      ? ([
          { to: '/main', label: 'myProfile' },
          { to: '/documents', label: 'documents' },
        ] as const)
      : []),
    { to: '/questionnaire-edit', label: 'editData' },
    { to: '/change-password', label: 'changePassword' },
    { to: '/logout', label: 'logout' },
  ];
}

/** The user's name and surname, or null when the record has neither. */
export function fullName(user: StoredUser): string | null {
  const name = `${user.name} ${user.surname}`.trim();
  return name === '' ? null : name;
}
