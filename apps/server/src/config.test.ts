import { generateKeyPairSync } from 'node:crypto';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { ConfigError, smsOfficeUrl } from './config/environment.ts';
import { repositoryRoot } from './config/paths.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

const bogPublicKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .publicKey.export({ type: 'spki', format: 'pem' })
  .toString();

const production = {
  SERVICE_MODE: 'production',
  SMS_API_KEY: 'k-123',
  SMS_SENDER: 'Sesxi',
  SSO_ISSUER: 'https://sso.example.ge',
  SSO_CLIENT_ID: 'sesxi',
  SSO_CLIENT_SECRET: 'sso-secret',
  CODE_HASH_SECRET: 'h'.repeat(32),
  SDA_URL: 'https://sda.example.ge/check',
  SDA_API_KEY: 'sda-key',
  IDENTOMAT_COMPANY_KEY: 'identomat-key',
  CREDIT_BUREAU_URL: 'https://bureau.example.ge/v1/report',
  CREDIT_BUREAU_API_KEY: 'bureau-key',
  PAYOUT_BANK_URL: 'https://bank.example.ge/v1/payouts',
  PAYOUT_BANK_API_KEY: 'bank-key',
  BOG_CLIENT_ID: 'bog-client',
  BOG_CLIENT_SECRET: 'bog-secret',
  BOG_CALLBACK_PUBLIC_KEY: bogPublicKey,
  STORAGE_DRIVER: 'local',
};

describe('loadConfig', () => {
  it('starts a sandbox on PGlite in ./data with no variables at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://localhost:3000',
      database: { driver: 'pglite', dataDir: resolve(repositoryRoot, 'data', 'pglite') },
      productName: 'Sesxi',
      logLevel: 'info',
      redisUrl: undefined,
      rateLimitPerMinute: 300,
      webDistDir: resolve(repositoryRoot, 'apps/web/dist'),
      trustProxy: false,
      services: { mode: 'sandbox' },
    });
  });

  it('signs in at the sandbox provider under APP_URL/dev-idp, with a code secret made up at start', () => {
    const first = loadConfig({ APP_URL: 'http://127.0.0.1:4000' });
    expect(first.services).toMatchObject({
      mode: 'sandbox',
      sso: {
        issuer: 'http://127.0.0.1:4000/dev-idp',
        clientId: 'sesxi-sandbox',
        redirectUri: 'http://127.0.0.1:4000/sso/callback',
        allowInsecureRequests: true,
      },
    });
    // The client secret is the database's, shared by every instance (see the provider's tests).
    expect(first.services.sso.clientSecret).toBe('');
    const second = loadConfig({ APP_URL: 'https://demo.sesxi.ge' });
    expect(second.services.sso.allowInsecureRequests).toBe(false);
    expect(first.codeHashSecret).toMatch(/^[\w-]{43}$/);
    expect(second.codeHashSecret).not.toBe(first.codeHashSecret);
  });

  it('caps texted codes per phone, per address and per day, as configured', () => {
    expect(loadConfig({}).smsLimits).toEqual({
      perPhonePerDay: 10,
      perAddressPerHour: 30,
      dailyBudget: 2000,
    });
    const custom = loadConfig({
      SMS_PHONE_DAILY_LIMIT: '3',
      SMS_IP_HOURLY_LIMIT: '50',
      SMS_DAILY_BUDGET: '100',
    });
    expect(custom.smsLimits).toEqual({
      perPhonePerDay: 3,
      perAddressPerHour: 50,
      dailyBudget: 100,
    });
    expect(problemsOf({ SMS_DAILY_BUDGET: '0' })).toEqual(['SMS_DAILY_BUDGET: must be at least 1']);
  });

  it('derives APP_URL from PORT and drops a trailing slash from a given one', () => {
    expect(loadConfig({ PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    expect(loadConfig({ APP_URL: 'https://sesxi.example/' }).appUrl).toBe('https://sesxi.example');
  });

  it('switches to PostgreSQL when DATABASE_URL is a PostgreSQL URL', () => {
    const url = 'postgresql://app:secret@db.internal:5432/sesxi';
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ driver: 'postgres', url });
  });

  it('anchors relative folders at the repository root, not the working directory', () => {
    const config = loadConfig({ DATA_DIR: 'var/sesxi', WEB_DIST_DIR: '/srv/web' });
    expect(config.database).toEqual({
      driver: 'pglite',
      dataDir: resolve(repositoryRoot, 'var/sesxi/pglite'),
    });
    expect(config.webDistDir).toBe('/srv/web');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' })).toMatchObject({
      port: 3000,
      database: { driver: 'pglite' },
    });
  });

  it('reads TRUST_PROXY as all, none, a hop count or a list of proxies', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    const oneHop = loadConfig({ TRUST_PROXY: '1' }).trustProxy;
    expect(typeof oneHop === 'function' && [oneHop('x', 0), oneHop('x', 1)]).toEqual([true, false]);
  });

  it('names every bad variable, without repeating secret values', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://root:hunter2@db/sesxi',
      SERVICE_MODE: 'prod',
      LOG_LEVEL: 'loud',
      REDIS_URL: 'localhost:6379',
      SMS_SENDER: 'A-very-long-sender',
    });
    expect(problems).toEqual([
      'PORT: must be a port number',
      'DATABASE_URL: must be a postgres:// or postgresql:// URL',
      'SERVICE_MODE: must be "sandbox" or "production"',
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent',
      'REDIS_URL: must be a redis:// or rediss:// URL',
      'SMS_SENDER: must be at most 11 characters',
    ]);
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it.each(['127.0.0.1', '127.8.0.1', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'])(
    'runs the sandbox on the loopback address %s',
    (host) => {
      expect(loadConfig({ HOST: host }).host).toBe(host);
    },
  );

  it.each(['0.0.0.0', '::', '192.168.1.20', 'sesxi.example.ge', '128.0.0.1'])(
    'refuses to put the sandbox on the network address %s, saying why',
    (host) => {
      const [problem] = problemsOf({ HOST: host });
      expect(problem).toMatch(/^HOST: the sandbox .* loopback address/);
      expect(problem).toContain('SMS outbox shows every one-time code');
      expect(problem).toContain('SANDBOX_ON_NETWORK=true');
    },
  );

  it('puts the sandbox on the network when told to on purpose, and production anywhere', () => {
    expect(loadConfig({ HOST: '0.0.0.0', SANDBOX_ON_NETWORK: 'true' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...production, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(problemsOf({ SANDBOX_ON_NETWORK: 'yes' })).toEqual([
      'SANDBOX_ON_NETWORK: must be true or false',
    ]);
  });

  it('reads the billers’ keys, the sandbox’s own by default and none in production', () => {
    expect([...loadConfig({}).billerKeys]).toEqual([['sandbox', 'sandbox-biller-key']]);
    expect(loadConfig(production).billerKeys.size).toBe(0);
    const keys = 'tbcpay:0123456789abcdef01, payboxge : fedcba9876543210fe';
    expect([...loadConfig({ ...production, BILLER_KEYS: keys }).billerKeys]).toEqual([
      ['tbcpay', '0123456789abcdef01'],
      ['payboxge', 'fedcba9876543210fe'],
    ]);
    for (const bad of [
      'tbcpay:short',
      '0123456789abcdefgh',
      'a:0123456789abcdef,a:0123456789abcdeg',
    ]) {
      const problems = problemsOf({ BILLER_KEYS: bad });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^BILLER_KEYS: must be name:key pairs/);
      expect(problems[0]).not.toContain('0123456789abcdef');
    }
  });

  it('reads the lender’s account for transfers: the sandbox’s by default, none in production', () => {
    expect(loadConfig({}).lenderAccount).toEqual({
      bankName: 'საქართველოს ბანკი',
      iban: 'GE59BG0000000123456789',
    });
    expect(loadConfig(production).lenderAccount).toBeUndefined();
    const lender = { LENDER_BANK_NAME: 'თიბისი ბანკი', LENDER_IBAN: 'ge74 tb12 3456 7890 1234 56' };
    expect(loadConfig({ ...production, ...lender }).lenderAccount).toEqual({
      bankName: 'თიბისი ბანკი',
      iban: 'GE74TB1234567890123456',
    });
    expect(problemsOf({ ...lender, LENDER_IBAN: 'GE75TB1234567890123456' })).toEqual([
      'LENDER_IBAN: must be a Georgian IBAN (GE, 2 check digits, a 2-letter bank code and 16 digits)',
    ]);
    expect(problemsOf({ LENDER_IBAN: lender.LENDER_IBAN })).toEqual([
      'LENDER_BANK_NAME, LENDER_IBAN: must be given together',
    ]);
  });

  it('reads the quiet hours, 21:00-09:00 unless told others or none', () => {
    expect(loadConfig({}).smsQuietHours).toEqual({ start: 21 * 60, end: 9 * 60 });
    expect(loadConfig({ SMS_QUIET_HOURS: '22:30-08:00' }).smsQuietHours).toEqual({
      start: 22 * 60 + 30,
      end: 8 * 60,
    });
    expect(loadConfig({ SMS_QUIET_HOURS: 'none' }).smsQuietHours).toBeUndefined();
    expect(problemsOf({ SMS_QUIET_HOURS: '25:00-09:00' })).toEqual([
      'SMS_QUIET_HOURS: must be "HH:MM-HH:MM" (Tbilisi time, say 21:00-09:00) or "none"',
    ]);
  });

  it('refuses a port out of range', () => {
    expect(problemsOf({ PORT: '70000' })).toEqual(['PORT: must be between 1 and 65535']);
  });

  it('serves metrics on port 9464 unless told another or 0, never on the public port', () => {
    expect(loadConfig({}).metricsPort).toBe(9464);
    expect(loadConfig({ METRICS_PORT: '9100' }).metricsPort).toBe(9100);
    expect(loadConfig({ METRICS_PORT: '0' }).metricsPort).toBe(0);
    expect(problemsOf({ METRICS_PORT: '70000' })).toEqual([
      'METRICS_PORT: must be 0 (no metrics listener) or between 1 and 65535',
    ]);
    expect(problemsOf({ METRICS_PORT: 'x' })).toEqual(['METRICS_PORT: must be a port number']);
    expect(problemsOf({ PORT: '8080', METRICS_PORT: '8080' })).toEqual([
      'METRICS_PORT: must differ from PORT: the metrics are never served on the public port',
    ]);
    expect(problemsOf({ METRICS_PORT: '3000' })).toHaveLength(1);
  });

  it('writes every problem into the error message', () => {
    expect(() => loadConfig({ PORT: '0', APP_URL: 'ftp://x' })).toThrow(
      /Invalid configuration:\n {2}- PORT: must be between 1 and 65535\n {2}- APP_URL: must be an http:\/\/ or https:\/\/ URL/,
    );
  });
});

describe('production mode', () => {
  it('refuses to start without the SMS gateway, single sign-on and code secret settings', () => {
    expect(problemsOf({ SERVICE_MODE: 'production' })).toEqual([
      'SMS_API_KEY: is required when SERVICE_MODE=production (the SMS gateway)',
      'SMS_SENDER: is required when SERVICE_MODE=production (the SMS gateway)',
      'SSO_ISSUER: is required when SERVICE_MODE=production (single sign-on)',
      'SSO_CLIENT_ID: is required when SERVICE_MODE=production (single sign-on)',
      'SSO_CLIENT_SECRET: is required when SERVICE_MODE=production (single sign-on)',
      'CODE_HASH_SECRET: is required when SERVICE_MODE=production (one-time codes)',
      'SDA_URL: is required when SERVICE_MODE=production (the SDA registry)',
      'SDA_API_KEY: is required when SERVICE_MODE=production (the SDA registry)',
      'IDENTOMAT_COMPANY_KEY: is required when SERVICE_MODE=production (document verification (Identomat))',
      'CREDIT_BUREAU_URL: is required when SERVICE_MODE=production (the credit bureau)',
      'CREDIT_BUREAU_API_KEY: is required when SERVICE_MODE=production (the credit bureau)',
      'PAYOUT_BANK_URL: is required when SERVICE_MODE=production (the payout bank, unless PAYOUT_MODE=core)',
      'PAYOUT_BANK_API_KEY: is required when SERVICE_MODE=production (the payout bank, unless PAYOUT_MODE=core)',
      "BOG_CLIENT_ID: is required when SERVICE_MODE=production (card payments (Bank of Georgia's online payments))",
      "BOG_CLIENT_SECRET: is required when SERVICE_MODE=production (card payments (Bank of Georgia's online payments))",
      "BOG_CALLBACK_PUBLIC_KEY: is required when SERVICE_MODE=production (card payments (Bank of Georgia's online payments))",
      'STORAGE_DRIVER: is required when SERVICE_MODE=production (bank statements: s3, or local to keep them on this machine)',
    ]);
    const { SMS_API_KEY: _key, ...withoutKey } = production;
    expect(problemsOf(withoutKey)).toEqual([
      'SMS_API_KEY: is required when SERVICE_MODE=production (the SMS gateway)',
    ]);
  });

  it('names the missing settings together with other problems', () => {
    const { SMS_SENDER: _sender, ...withoutSender } = production;
    expect(problemsOf({ ...withoutSender, PORT: 'x' })).toEqual([
      'PORT: must be a port number',
      'SMS_SENDER: is required when SERVICE_MODE=production (the SMS gateway)',
    ]);
  });

  it('refuses a plain-HTTP issuer and a short code secret', () => {
    expect(
      problemsOf({ ...production, SSO_ISSUER: 'http://sso.example.ge', CODE_HASH_SECRET: 'short' }),
    ).toEqual([
      'SSO_ISSUER: must be an https:// URL',
      'CODE_HASH_SECRET: must be at least 32 characters',
    ]);
  });

  it('takes the single sign-on client from the environment, redirecting to APP_URL/sso/callback', () => {
    const config = loadConfig({ ...production, APP_URL: 'https://sesxi.ge' });
    expect(config.services.sso).toEqual({
      issuer: 'https://sso.example.ge',
      clientId: 'sesxi',
      clientSecret: 'sso-secret',
      redirectUri: 'https://sesxi.ge/sso/callback',
      allowInsecureRequests: false,
    });
    expect(config.codeHashSecret).toBe('h'.repeat(32));
    const custom = loadConfig({ ...production, SSO_REDIRECT_URI: 'https://a.ge/cb' });
    expect(custom.services.sso.redirectUri).toBe('https://a.ge/cb');
  });

  it('reaches the SDA registry over HTTPS with its key, waiting 10 s unless told otherwise', () => {
    expect(loadConfig(production).services).toMatchObject({
      sda: { url: 'https://sda.example.ge/check', apiKey: 'sda-key', timeoutMs: 10_000 },
    });
    const custom = loadConfig({ ...production, SDA_TIMEOUT_MS: '2500' });
    expect(custom.services).toMatchObject({ sda: { timeoutMs: 2500 } });
    expect(
      problemsOf({ ...production, SDA_URL: 'http://sda.example.ge', SDA_TIMEOUT_MS: '0' }),
    ).toEqual(['SDA_URL: must be an https:// URL', 'SDA_TIMEOUT_MS: must be at least 1']);
  });

  it('pays out through the bank over HTTPS, or leaves it to the core system with PAYOUT_MODE=core', () => {
    const config = loadConfig(production);
    expect(config.payoutMode).toBe('bank');
    expect(config.services).toMatchObject({
      payoutBank: {
        url: 'https://bank.example.ge/v1/payouts',
        apiKey: 'bank-key',
        timeoutMs: 15_000,
      },
    });
    const { PAYOUT_BANK_URL: _url, PAYOUT_BANK_API_KEY: _key, ...withoutBank } = production;
    const core = loadConfig({ ...withoutBank, PAYOUT_MODE: 'core' });
    expect(core.payoutMode).toBe('core');
    expect(core.services).toMatchObject({ payoutBank: undefined });
    expect(problemsOf(withoutBank)).toEqual([
      'PAYOUT_BANK_URL: is required when SERVICE_MODE=production (the payout bank, unless PAYOUT_MODE=core)',
      'PAYOUT_BANK_API_KEY: is required when SERVICE_MODE=production (the payout bank, unless PAYOUT_MODE=core)',
    ]);
    expect(
      problemsOf({ ...production, PAYOUT_BANK_URL: 'http://bank.example.ge', PAYOUT_MODE: 'x' }),
    ).toEqual([
      'PAYOUT_MODE: must be "bank" or "core"',
      'PAYOUT_BANK_URL: must be an https:// URL',
    ]);
  });

  it('reaches Identomat over HTTPS with the company key, returning to APP_URL/identomat', () => {
    expect(loadConfig({ ...production, APP_URL: 'https://sesxi.ge' }).services).toMatchObject({
      identomat: {
        url: 'https://widget.identomat.com',
        companyKey: 'identomat-key',
        timeoutMs: 10_000,
        returnUrl: 'https://sesxi.ge/identomat',
      },
    });
    const custom = loadConfig({ ...production, IDENTOMAT_URL: 'https://idm.example.ge/' });
    expect(custom.services).toMatchObject({ identomat: { url: 'https://idm.example.ge' } });
    expect(problemsOf({ ...production, IDENTOMAT_URL: 'http://widget.identomat.com' })).toEqual([
      'IDENTOMAT_URL: must be an https:// URL',
    ]);
  });

  it("reaches Bank of Georgia's payments API over HTTPS and verifies callbacks with its public key", () => {
    expect(loadConfig(production).services).toMatchObject({
      cardPayments: {
        apiUrl: 'https://api.bog.ge/payments/v1',
        oauthUrl: 'https://oauth2.bog.ge/auth/realms/bog/protocol/openid-connect/token',
        clientId: 'bog-client',
        clientSecret: 'bog-secret',
        callbackPublicKey: bogPublicKey.trim(),
        timeoutMs: 15_000,
      },
    });
    // An env file's one line, its line breaks written as \n, reads as the same key.
    const oneLine = loadConfig({
      ...production,
      BOG_CALLBACK_PUBLIC_KEY: bogPublicKey.trim().replaceAll('\n', '\\n'),
    });
    expect(oneLine.services).toMatchObject({
      cardPayments: { callbackPublicKey: bogPublicKey.trim() },
    });
    expect(
      problemsOf({
        ...production,
        BOG_API_URL: 'http://api.bog.ge',
        BOG_CALLBACK_PUBLIC_KEY: 'not a key',
      }),
    ).toEqual([
      'BOG_API_URL: must be an https:// URL',
      'BOG_CALLBACK_PUBLIC_KEY: must be a PEM public key (-----BEGIN PUBLIC KEY-----)',
    ]);
  });

  it('uses smsoffice.ge unless told otherwise', () => {
    expect(loadConfig(production).services).toMatchObject({
      mode: 'production',
      sms: { apiUrl: smsOfficeUrl, apiKey: 'k-123', sender: 'Sesxi' },
    });
    const custom = loadConfig({ ...production, SMS_API_URL: 'http://127.0.0.1:9000/send' });
    expect(custom.services).toMatchObject({ sms: { apiUrl: 'http://127.0.0.1:9000/send' } });
  });
});

describe('bank statement storage', () => {
  it('keeps files in <DATA_DIR>/uploads in the sandbox', () => {
    expect(loadConfig({}).storage).toEqual({
      driver: 'local',
      dir: resolve(repositoryRoot, 'data', 'uploads'),
    });
    expect(loadConfig({ DATA_DIR: '/srv/sesxi' }).storage).toEqual({
      driver: 'local',
      dir: '/srv/sesxi/uploads',
    });
    expect(loadConfig({ STORAGE_DIR: '/srv/files' }).storage).toEqual({
      driver: 'local',
      dir: '/srv/files',
    });
  });

  it('refuses a folder the web server serves', () => {
    expect(problemsOf({ WEB_DIST_DIR: '/srv/web', STORAGE_DIR: '/srv/web/uploads' })).toEqual([
      'STORAGE_DIR: must not be inside WEB_DIST_DIR, which is served',
    ]);
  });

  it('uses an S3-compatible bucket when told, and names the settings it lacks', () => {
    expect(problemsOf({ STORAGE_DRIVER: 's3', S3_BUCKET: 'statements' })).toEqual([
      'S3_ACCESS_KEY_ID: is required when STORAGE_DRIVER=s3',
      'S3_SECRET_ACCESS_KEY: is required when STORAGE_DRIVER=s3',
    ]);
    const config = loadConfig({
      ...production,
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'https://s3.example.ge',
      S3_BUCKET: 'statements',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.storage).toEqual({
      driver: 's3',
      endpoint: 'https://s3.example.ge',
      region: 'us-east-1',
      bucket: 'statements',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    });
  });
});

describe('payment-to-income limits', () => {
  it('default to 25% below 1,000 GEL of net income and 50% from 1,000 GEL', () => {
    expect(loadConfig({}).ptiLimits).toEqual([
      { min_income: 0, max_pti: 25 },
      { min_income: 1000, max_pti: 50 },
    ]);
  });

  it('come from PTI_LIMITS as income:percent pairs, checked', () => {
    expect(loadConfig({ PTI_LIMITS: ' 0:20, 1500.50:45 ,3000:55' }).ptiLimits).toEqual([
      { min_income: 0, max_pti: 20 },
      { min_income: 1500.5, max_pti: 45 },
      { min_income: 3000, max_pti: 55 },
    ]);
    for (const bad of ['1000:50', '0:25,1000:101', '0:25,0:30', '0:x', '0-25', '0:25,']) {
      expect(problemsOf({ PTI_LIMITS: bad })).toEqual([
        expect.stringMatching(/^PTI_LIMITS: must be income:percent pairs/),
      ]);
    }
  });
});

describe('four eyes', () => {
  it('need a person as the second officer; a service account is the first only when allowed', () => {
    expect(loadConfig({}).machineFirstOfficer).toBe(false);
    expect(loadConfig({ MACHINE_FIRST_OFFICER: 'allow' }).machineFirstOfficer).toBe(true);
    expect(loadConfig({ MACHINE_FIRST_OFFICER: 'refuse' }).machineFirstOfficer).toBe(false);
    expect(problemsOf({ MACHINE_FIRST_OFFICER: 'yes' })).toEqual([
      'MACHINE_FIRST_OFFICER: must be "allow" or "refuse"',
    ]);
  });
});
