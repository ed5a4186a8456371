import type { SessionUser } from '@sesxi/contract';
import { signInAtSandbox } from '../apps/server/src/test/sandbox-browser.ts';
import { pdfFile } from '../apps/server/src/test/tiny-files.ts';

/** A customer made through the public API: their session and their application. */
export interface BenchCustomer {
  token: string;
  user: SessionUser;
  applicationId: number;
}

async function call<Answer>(
  baseUrl: string,
  path: string,
  init: RequestInit & { token?: string } = {},
): Promise<Answer> {
  const { token, ...request } = init;
  const response = await fetch(`${baseUrl}${path}`, {
    ...request,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      'user-agent': 'sesxi-bench',
      ...(typeof request.body === 'string' && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
      ...(request.headers as Record<string, string> | undefined),
    },
  });
  const body = (await response.json()) as Answer;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

const post = <Answer>(baseUrl: string, path: string, body: object, token?: string) =>
  call<Answer>(baseUrl, path, { method: 'POST', body: JSON.stringify(body), token });

/**
 * Customer `index` as the screens make one: single sign-on at the sandbox provider, the phone
 * confirmed with the texted code, registration, the personal-data check, the questionnaire and
 * one loan application with its bank statement.
 */
export async function customerThroughApi(baseUrl: string, index: number): Promise<BenchCustomer> {
  const digits = String(index).padStart(5, '0');
  const phone = `5981${digits}`;
  const initiated = await post<{ sso_token: string; auth_url: string }>(
    baseUrl,
    '/api/sso/initiate',
    { state: { context: 'registration' } },
  );
  const returned = await signInAtSandbox(initiated.auth_url, baseUrl, {
    personal_number: `0200${digits}10`,
    name: 'ბენჩი',
    surname: 'ბერიძე',
    action: 'approve',
  });
  await post(baseUrl, '/api/sso/callback', {
    code: returned.searchParams.get('code'),
    token: initiated.sso_token,
  });
  await post(baseUrl, '/api/code-sending', { phone, purpose: 'registration' });
  const outbox = await call<{ messages: { text: string }[] }>(
    baseUrl,
    `/api/dev/sms-outbox?phone=${phone}`,
  );
  const code = /\b(\d{4})\b/.exec(outbox.messages[0]?.text ?? '')?.[1];
  await post(baseUrl, '/api/code-checking', { phone, code });
  const password = 'bench password 2026';
  const { user } = await post<{ user: SessionUser }>(baseUrl, '/api/register', {
    sso_token: initiated.sso_token,
    document_type_id: 1,
    document_number: `AB${digits}00`,
    phone,
    password,
    password_confirmation: password,
    privacy_policy: true,
  });
  const token = user.apiToken;
  await post(
    baseUrl,
    '/api/sda-checking',
    { sda_agreed_at: '2026-11-24 10:00:00', is_sda_verified: true },
    token,
  );
  await post(
    baseUrl,
    '/api/questionnaires',
    {
      city_id: 1,
      address: 'ჭავჭავაძის გამზირი 1',
      organisation_name: 'შპს მაგალითი',
      position: 'ბუღალტერი',
      salary: '2500',
      has_transfer: false,
      monthly_expenses: 600,
      total_financial_liability: 0,
      is_political_active: 0,
      is_individual_entrepreneur: 0,
    },
    token,
  );
  const form = new FormData();
  form.set('amount', JSON.stringify('3000'));
  form.set('months', JSON.stringify(12));
  form.set('loan_purpose_id', JSON.stringify(1));
  form.set('file', new Blob([pdfFile()], { type: 'application/pdf' }), 'statement.pdf');
  const created = await call<{ id: number }>(baseUrl, '/api/loans', {
    method: 'POST',
    body: form,
    token,
  });
  // Signed in again, so that the session carries every onboarding step as the screens store it.
  const signedIn = await post<{ user: SessionUser }>(baseUrl, '/api/login', { phone, password });
  return { token, user: signedIn.user, applicationId: created.id };
}

/** The sandbox's support account, signed in. */
export async function supportToken(baseUrl: string): Promise<string> {
  const { user } = await post<{ user: SessionUser }>(baseUrl, '/api/login', {
    phone: '599000001',
    password: 'Support-2026',
  });
  return user.apiToken;
}
