import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoanStatusCode } from '@sesxi/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loanApplications, loanStatusHistory, ssoTransactions } from '#app/db/schema.ts';
import type { SsoContext } from '#app/modules/sso/index.ts';
import { tokenHash } from '#app/security/tokens.ts';
import { bearer, completedSsoToken } from './accounts.ts';
import { buildTestApp } from './build-test-app.ts';
import { listeningTestApp } from './listening-app.ts';
import type { TestClock } from './test-clock.ts';
import { pdfFile } from './tiny-files.ts';

/**
 * A test app whose files go to a temporary folder of its own; `storedFiles` lists what is in one
 * of its folders (the bank statements'), so a test can tell that a refused upload left nothing
 * behind. `listen` makes
 * it listen on a loopback port, as single sign-on through the sandbox provider needs.
 */
export async function loanTestApp({
  clock,
  listen = false,
  env: moreEnv = {},
}: { clock?: TestClock; listen?: boolean; env?: Record<string, string> } = {}) {
  const storageDir = await mkdtemp(join(tmpdir(), 'sesxi-loans-'));
  const env = { ...moreEnv, STORAGE_DIR: storageDir };
  const { app, baseUrl } = listen
    ? await listeningTestApp(env, { clock })
    : { app: await buildTestApp(env, { clock }), baseUrl: '' };
  return {
    app,
    baseUrl,
    storedFiles: (folder = 'bank-statements') => readdir(join(storageDir, folder)).catch(() => []),
    close: async () => {
      await app.close();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}

/** An application's status as stored. */
export async function loanStatusOf(app: FastifyInstance, id: number) {
  const [row] = await app.database.db
    .select({ status: loanApplications.status })
    .from(loanApplications)
    .where(eq(loanApplications.id, id));
  return row?.status;
}

/** An application's history, oldest first. */
export function loanHistoryOf(app: FastifyInstance, id: number) {
  return app.database.db
    .select()
    .from(loanStatusHistory)
    .where(eq(loanStatusHistory.applicationId, id))
    .orderBy(asc(loanStatusHistory.id));
}

/** A customer's applications as stored. */
export function loansOf(app: FastifyInstance, userId: number) {
  return app.database.db.select().from(loanApplications).where(eq(loanApplications.userId, userId));
}

/** Puts an application straight into `status`, for tests of what each state allows. */
export async function setLoanStatus(app: FastifyInstance, id: number, status: LoanStatusCode) {
  await app.database.db.update(loanApplications).set({ status }).where(eq(loanApplications.id, id));
}

// --- the loan form as the SPA sends it ------------------------------------------------------

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
  /** What the browser declares; the server judges by content, not by this. */
  contentType?: string;
}

/** A multipart body of raw text fields and at most one file under `file`. */
export function multipartBody(fields: Record<string, string>, file?: UploadedFile) {
  const boundary = `----sesxi-${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Each value JSON-encoded, as the spec's client sends non-file fields. */
export function jsonFields(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, JSON.stringify(value)]),
  );
}

export const loanValues = { amount: '1500,50', months: 12, loan_purpose_id: 1 };

export const bankStatement: UploadedFile = {
  name: 'ამონაწერი.pdf',
  bytes: pdfFile(),
  contentType: 'application/pdf',
};

/** `POST /api/loans` (or `url`) with the form's values JSON-encoded and the file raw. */
export function postLoanForm(
  app: FastifyInstance,
  token: string,
  {
    values = loanValues,
    file = bankStatement,
    url = '/api/loans',
  }: {
    values?: Record<string, unknown>;
    file?: UploadedFile | null;
    url?: string;
  } = {},
) {
  const { payload, headers } = multipartBody(jsonFields(values), file ?? undefined);
  return app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(token) } });
}

/** A new draft application through the API, as the /loan screen makes it; answers its id. */
export async function createLoanViaApi(
  app: FastifyInstance,
  token: string,
  values: Record<string, unknown> = loanValues,
): Promise<number> {
  const response = await postLoanForm(app, token, { values });
  if (response.statusCode !== 200) throw new Error(`creating the loan failed: ${response.body}`);
  return response.json<{ id: number }>().id;
}

/** The credit-bureau consent as the /credit-info screen gives it. */
export function agreeToCreditInfo(app: FastifyInstance, token: string, loanId: number) {
  return app.inject({
    method: 'POST',
    url: `/api/credit-info/${loanId}`,
    headers: { ...bearer(token), 'user-agent': 'vitest-browser/1.0' },
    payload: { credit_info: true, agreed_at: '2026-11-23 14:00:00' },
  });
}

/** A consented application (draft → consented through the API); answers its id. */
export async function consentedLoanViaApi(
  app: FastifyInstance,
  token: string,
  values?: Record<string, unknown>,
): Promise<number> {
  const id = await createLoanViaApi(app, token, values);
  const agreed = await agreeToCreditInfo(app, token, id);
  if (agreed.statusCode !== 200) throw new Error(`the consent failed: ${agreed.body}`);
  return id;
}

/**
 * The token of a single sign-on the customer completed for an application, straight into the
 * table (sso.test.ts drives the provider itself).
 */
export async function loanSsoToken(
  app: FastifyInstance,
  {
    userId,
    loanId,
    personalNumber,
    context = 'loan',
  }: { userId: number; loanId: number; personalNumber: string; context?: SsoContext },
): Promise<string> {
  const identity = { givenName: 'ნინო', familyName: 'კაპანაძე', personalNumber };
  const token = await completedSsoToken(app, identity, context);
  await app.database.db
    .update(ssoTransactions)
    .set({ userId, loanId })
    .where(eq(ssoTransactions.tokenHash, tokenHash(token)));
  return token;
}

/** `POST /api/credit-info/{id}/finish` with the SSO token. */
export function finishLoan(app: FastifyInstance, token: string, loanId: number, ssoToken: string) {
  return app.inject({
    method: 'POST',
    url: `/api/credit-info/${loanId}/finish`,
    headers: bearer(token),
    payload: { sso_token: ssoToken },
  });
}
