import { generateKeyPairSync } from 'node:crypto';

/** The least production mode starts with; every provider's address leads nowhere. */
export const productionEnv = {
  SERVICE_MODE: 'production',
  SMS_API_URL: 'http://127.0.0.1:1/send',
  SMS_API_KEY: 'key',
  SMS_SENDER: 'Sesxi',
  SSO_ISSUER: 'https://127.0.0.1:1/idp',
  SSO_CLIENT_ID: 'sesxi',
  SSO_CLIENT_SECRET: 'secret',
  CODE_HASH_SECRET: 'c'.repeat(32),
  SDA_URL: 'https://127.0.0.1:1/sda',
  SDA_API_KEY: 'key',
  IDENTOMAT_COMPANY_KEY: 'key',
  CREDIT_BUREAU_URL: 'https://127.0.0.1:1/bureau',
  CREDIT_BUREAU_API_KEY: 'key',
  PAYOUT_BANK_URL: 'https://127.0.0.1:1/payouts',
  PAYOUT_BANK_API_KEY: 'key',
  BOG_CLIENT_ID: 'sesxi',
  BOG_CLIENT_SECRET: 'secret',
  BOG_CALLBACK_PUBLIC_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 })
    .publicKey.export({ type: 'spki', format: 'pem' })
    .toString(),
  STORAGE_DRIVER: 'local',
};
