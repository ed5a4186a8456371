import { ssoState, type BodyOf, type ssoInitiate } from '@sesxi/contract';

/** The spec keeps the single sign-on transaction's token in local storage under this key. */
export const ssoTokenKey = 'sso_token';
/** Where the transaction was started (its state), for the way back when it fails. */
export const ssoStartKey = 'sso_start';
/** The provider codes this tab has already sent on: a code works once. */
export const ssoHandledCodesKey = 'sso_handled_codes';

export type SsoStartState = BodyOf<typeof ssoInitiate>['state'];

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

/** Where the last transaction of this browser was started: the step to go back to. */
export const ssoStart = {
  get: (): SsoStartState | null => {
    try {
      const parsed = ssoState.safeParse(JSON.parse(localStorage.getItem(ssoStartKey) ?? 'null'));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  },
  set: (state: SsoStartState): void => {
    localStorage.setItem(ssoStartKey, JSON.stringify(state));
  },
};

const handledCodesKept = 10;

function handledCodes(): string[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(ssoHandledCodesKey) ?? '[]');
    return Array.isArray(value) ? value.filter((code) => typeof code === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The provider's codes this tab has sent on. Back (or a reload) can bring the callback's
 * address again; its code is spent, and sending it again would only fail.
 */
export const ssoCodes = {
  handled: (code: string): boolean => handledCodes().includes(code),
  markHandled: (code: string): void => {
    const codes = [code, ...handledCodes().filter((other) => other !== code)];
    sessionStorage.setItem(ssoHandledCodesKey, JSON.stringify(codes.slice(0, handledCodesKept)));
  },
};
