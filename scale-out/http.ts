/** Small HTTP helpers for talking to the cluster as an API client would. */

export const jsonHeaders = {
  'content-type': 'application/json',
  'x-requested-with': 'XMLHttpRequest',
};

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' };
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { ...jsonHeaders, ...headers },
    body: JSON.stringify(body),
  });
}

/** Signs a staff account in through `url` and answers its bearer token. */
export async function signIn(url: string, phone: string, password: string): Promise<string> {
  const response = await postJson(`${url}/api/login`, { phone, password });
  if (!response.ok) throw new Error(`login ${phone}: ${response.status} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { apiToken: string } };
  return user.apiToken;
}

/** The sandbox's staff accounts (../shared/sandbox.md). */
export const sandboxStaff = {
  support: { phone: '599000001', password: 'Support-2026' },
  creditOfficer: { phone: '599000002', password: 'Credit-2026' },
};
