/** The spec keeps the single sign-on transaction's token in local storage under this key. */
export const ssoTokenKey = 'sso_token';

/** The token of the SSO transaction this browser started, until registration uses it up. */
export const ssoToken = {
  get: (): string | null => localStorage.getItem(ssoTokenKey),
  set: (token: string): void => {
    localStorage.setItem(ssoTokenKey, token);
  },
  remove: (): void => {
    localStorage.removeItem(ssoTokenKey);
  },
};
