import { ConfigError, missingForProduction, type Environment } from './environment.ts';

export interface SmsGatewaySettings {
  apiUrl: string;
  apiKey: string;
  sender: string;
}

/** The OpenID Connect provider the server signs people in with, and this app's client there. */
export interface SsoSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Only the sandbox provider on a plain-HTTP APP_URL is reached without TLS. */
  allowInsecureRequests: boolean;
}

/** The state registry's personal-data check (SDA): our own JSON contract, see the README. */
export interface SdaRegistrySettings {
  url: string;
  apiKey: string;
  timeoutMs: number;
}

/** The credit bureau (Creditinfo Georgia): our own JSON contract, see the README. */
export type CreditBureauSettings = SdaRegistrySettings;

/** The lender's payout bank: our own JSON contract, see the README. */
export type PayoutBankSettings = SdaRegistrySettings;

/** Identomat's document verification: its address, the secret company key, where it returns to. */
export interface IdentomatSettings {
  url: string;
  companyKey: string;
  timeoutMs: number;
  returnUrl: string;
}

/** Bank of Georgia's online payments API: its OAuth client and its callbacks' public key (PEM). */
export interface BogPaymentsSettings {
  apiUrl: string;
  oauthUrl: string;
  clientId: string;
  clientSecret: string;
  callbackPublicKey: string;
  timeoutMs: number;
}

/**
 * Sandbox: every outside service runs in-process (sandbox.md), single sign-on included, with
 * a client secret made up at start. Production: the real providers.
 */
export type ServiceSettings =
  | { mode: 'sandbox'; sso: SsoSettings }
  | {
      mode: 'production';
      sms: SmsGatewaySettings;
      sso: SsoSettings;
      sda: SdaRegistrySettings;
      identomat: IdentomatSettings;
      creditBureau: CreditBureauSettings;
      /** None with PAYOUT_MODE=core: the lender's core system pays. */
      payoutBank: PayoutBankSettings | undefined;
      cardPayments: BogPaymentsSettings;
    };

/** Where the lender's system hears of submissions and decisions, and the secret that signs them. */
export interface WebhookSettings {
  url: string;
  secret: string;
  timeoutMs: number;
}

/** Caps on texting codes, against SMS pumping (security.md). */
export interface SmsLimits {
  perPhonePerDay: number;
  perAddressPerHour: number;
  dailyBudget: number;
}

/** Sandbox: the in-process provider under /dev-idp (sandbox.md) with its one static client. */
const sandboxSsoClientId = 'sesxi-sandbox';

/** The outside services: the sandbox's in-process ones, or every production provider's settings. */
export function serviceSettings(vars: Environment, appUrl: string): ServiceSettings {
  const redirectUri = vars.SSO_REDIRECT_URI ?? `${appUrl}/sso/callback`;
  if (vars.SERVICE_MODE === 'sandbox') {
    return {
      mode: 'sandbox',
      sso: {
        issuer: `${appUrl}/dev-idp`,
        clientId: sandboxSsoClientId,
        // Made once and kept in the database, where every instance reads it (see app.ts).
        clientSecret: '',
        redirectUri,
        allowInsecureRequests: appUrl.startsWith('http:'),
      },
    };
  }
  const { SMS_API_URL: apiUrl, SMS_API_KEY: apiKey, SMS_SENDER: sender } = vars;
  const { SSO_ISSUER: issuer, SSO_CLIENT_ID: clientId, SSO_CLIENT_SECRET: clientSecret } = vars;
  const { PAYOUT_BANK_URL: payoutUrl, PAYOUT_BANK_API_KEY: payoutKey } = vars;
  // Null: the bank pays (PAYOUT_MODE=bank) but is not configured.
  const payoutBank =
    vars.PAYOUT_MODE === 'core'
      ? undefined
      : payoutUrl !== undefined && payoutKey !== undefined
        ? { url: payoutUrl, apiKey: payoutKey, timeoutMs: vars.PAYOUT_BANK_TIMEOUT_MS }
        : null;
  if (
    apiKey === undefined ||
    sender === undefined ||
    issuer === undefined ||
    clientId === undefined ||
    clientSecret === undefined ||
    vars.CODE_HASH_SECRET === undefined ||
    vars.SDA_URL === undefined ||
    vars.SDA_API_KEY === undefined ||
    vars.IDENTOMAT_COMPANY_KEY === undefined ||
    vars.CREDIT_BUREAU_URL === undefined ||
    vars.CREDIT_BUREAU_API_KEY === undefined ||
    vars.BOG_CLIENT_ID === undefined ||
    vars.BOG_CLIENT_SECRET === undefined ||
    vars.BOG_CALLBACK_PUBLIC_KEY === undefined ||
    payoutBank === null
  ) {
    throw new ConfigError(missingForProduction(vars));
  }
  return {
    mode: 'production',
    sms: { apiUrl, apiKey, sender },
    sso: { issuer, clientId, clientSecret, redirectUri, allowInsecureRequests: false },
    sda: { url: vars.SDA_URL, apiKey: vars.SDA_API_KEY, timeoutMs: vars.SDA_TIMEOUT_MS },
    identomat: {
      url: vars.IDENTOMAT_URL,
      companyKey: vars.IDENTOMAT_COMPANY_KEY,
      timeoutMs: vars.IDENTOMAT_TIMEOUT_MS,
      returnUrl: `${appUrl}/identomat`,
    },
    creditBureau: {
      url: vars.CREDIT_BUREAU_URL,
      apiKey: vars.CREDIT_BUREAU_API_KEY,
      timeoutMs: vars.CREDIT_BUREAU_TIMEOUT_MS,
    },
    payoutBank,
    cardPayments: {
      apiUrl: vars.BOG_API_URL,
      oauthUrl: vars.BOG_OAUTH_URL,
      clientId: vars.BOG_CLIENT_ID,
      clientSecret: vars.BOG_CLIENT_SECRET,
      callbackPublicKey: vars.BOG_CALLBACK_PUBLIC_KEY,
      timeoutMs: vars.BOG_TIMEOUT_MS,
    },
  };
}

/** The caps on texting one-time codes. */
export function smsLimits(vars: Environment): SmsLimits {
  return {
    perPhonePerDay: vars.SMS_PHONE_DAILY_LIMIT,
    perAddressPerHour: vars.SMS_IP_HOURLY_LIMIT,
    dailyBudget: vars.SMS_DAILY_BUDGET,
  };
}

/** Webhooks go out only to a configured address, and never unsigned. */
export function webhookSettings(vars: Environment): WebhookSettings | undefined {
  if (vars.WEBHOOK_URL === undefined) return undefined;
  if (vars.WEBHOOK_SECRET === undefined) {
    throw new ConfigError(['WEBHOOK_SECRET: is required when WEBHOOK_URL is set']);
  }
  return { url: vars.WEBHOOK_URL, secret: vars.WEBHOOK_SECRET, timeoutMs: vars.WEBHOOK_TIMEOUT_MS };
}
