import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningTestApp } from '#app/test/listening-app.ts';
import { formActionOf, sandboxBrowser } from '#app/test/sandbox-browser.ts';
import { seededIdentities } from './identities.ts';
import { sharedSandboxSecrets } from './shared-secrets.ts';

let app: FastifyInstance;
let baseUrl: string;
let client: oidc.Configuration;

beforeAll(async () => {
  ({ app, baseUrl } = await listeningTestApp());
  const { sso } = app.config.services;
  const { clientSecret } = await sharedSandboxSecrets(app.database.db);
  client = await oidc.discovery(new URL(sso.issuer), sso.clientId, clientSecret, undefined, {
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the sandbox on plain HTTP
    execute: [oidc.allowInsecureRequests],
  });
});

afterAll(() => app.close());

/** An authorization request as the app makes it, with the checks to finish it. */
async function authorization() {
  const checks = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
  };
  const url = oidc.buildAuthorizationUrl(client, {
    redirect_uri: app.config.services.sso.redirectUri,
    scope: 'openid profile',
    state: checks.state,
    nonce: checks.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url: url.href, checks };
}

/** Opens the sign-in page of a fresh authorization request. */
async function signInPage() {
  const { url, checks } = await authorization();
  const browser = sandboxBrowser();
  const page = await browser.open(url);
  if (page instanceof URL) throw new Error('expected the sign-in page');
  const html = await page.text();
  return { browser, page, html, action: formActionOf(html, baseUrl), checks };
}

describe('discovery', () => {
  it('names the issuer APP_URL/dev-idp, its endpoints under it, PKCE S256 and the claims', async () => {
    const response = await fetch(`${baseUrl}/dev-idp/.well-known/openid-configuration`);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer: `${baseUrl}/dev-idp`,
      authorization_endpoint: `${baseUrl}/dev-idp/auth`,
      token_endpoint: `${baseUrl}/dev-idp/token`,
      userinfo_endpoint: `${baseUrl}/dev-idp/me`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(metadata.claims_supported).toEqual(
      expect.arrayContaining(['given_name', 'family_name', 'personal_number']),
    );
  });
});

describe('the sign-in page', () => {
  it('is a Georgian POST form with personal_number, name, surname and approve/deny buttons', async () => {
    const { page, html, action } = await signInPage();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toContain('<html lang="ka">');
    expect(html).toMatch(/<form method="post" action="\/dev-idp\/interaction\/[\w-]+">/);
    expect(action.startsWith(`${baseUrl}/dev-idp/interaction/`)).toBe(true);
    for (const name of ['personal_number', 'name', 'surname']) {
      expect(html).toContain(`<input name="${name}"`);
    }
    expect(html.match(/name="action" value="approve"/g)).toHaveLength(1);
    expect(html.match(/name="action" value="deny"/g)).toHaveLength(1);
  });

  it('lists every seeded identity for one click', async () => {
    const { html } = await signInPage();
    for (const identity of seededIdentities) {
      expect(html).toContain(`name="identity" value="${identity.personalNumber}"`);
      expect(html).toContain(`${identity.name} ${identity.surname}`);
    }
  });

  it('runs no script and is sent under the app’s strict CSP', async () => {
    const { page, html } = await signInPage();
    expect(html).not.toContain('<script');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it.each([
    [
      'a 10-digit personal number',
      { personal_number: '0100100001', name: 'ა', surname: 'ბ' },
      'პირადი ნომერი უნდა შედგებოდეს 11 ციფრისგან',
    ],
    [
      'letters in the personal number',
      { personal_number: '0100100001a', name: 'ა', surname: 'ბ' },
      'პირადი ნომერი უნდა შედგებოდეს 11 ციფრისგან',
    ],
    [
      'no surname',
      { personal_number: '01001000011', name: 'ა', surname: ' ' },
      'შეიყვანეთ სახელი და გვარი',
    ],
  ])('shows a Georgian error for %s and keeps what was typed', async (_case, fields, error) => {
    const { browser, action } = await signInPage();
    const answer = await browser.submit(action, { ...fields, action: 'approve' });
    if (answer instanceof URL) throw new Error('expected the form again');
    expect(answer.status).toBe(422);
    const html = await answer.text();
    expect(html).toContain(error);
    expect(html).toContain(`value="${fields.personal_number}"`);
  });

  it('signs in any 11-digit personal number with a name and surname', async () => {
    const { browser, action, checks } = await signInPage();
    const returned = await browser.submit(action, {
      personal_number: '12345678901',
      name: 'ლევან',
      surname: 'გოგიჩაიშვილი',
      action: 'approve',
    });
    if (!(returned instanceof URL)) throw new Error(`stopped at HTTP ${returned.status}`);
    const tokens = await oidc.authorizationCodeGrant(client, returned, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
    });
    const expected = {
      given_name: 'ლევან',
      family_name: 'გოგიჩაიშვილი',
      personal_number: '12345678901',
    };
    expect(tokens.claims()).toMatchObject({ ...expected, sub: '12345678901' });
    const userInfo = await oidc.fetchUserInfo(client, tokens.access_token, '12345678901');
    expect(userInfo).toMatchObject(expected);
  });

  it('signs in a seeded identity with one click', async () => {
    const { browser, action, checks } = await signInPage();
    const returned = await browser.submit(action, { identity: '01001000093' });
    if (!(returned instanceof URL)) throw new Error(`stopped at HTTP ${returned.status}`);
    const tokens = await oidc.authorizationCodeGrant(client, returned, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
    });
    expect(tokens.claims()).toMatchObject({ given_name: 'ნიკა', family_name: 'ქავთარაძე' });
  });

  it('asks again at the next sign-in in the same browser', async () => {
    const { browser, action } = await signInPage();
    await browser.submit(action, { identity: '01001000011' });
    const next = await browser.open((await authorization()).url);
    expect(next).not.toBeInstanceOf(URL);
  });

  it('signs in a second identity in the same browser, afresh', async () => {
    const { browser, action } = await signInPage();
    await browser.submit(action, { identity: '01001000011' });
    const { url, checks } = await authorization();
    const next = await browser.open(url);
    if (next instanceof URL) throw new Error('expected the sign-in page');
    const returned = await browser.submit(formActionOf(await next.text(), baseUrl), {
      identity: '01001000012',
    });
    if (!(returned instanceof URL)) throw new Error(`stopped at HTTP ${returned.status}`);
    const tokens = await oidc.authorizationCodeGrant(client, returned, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
    });
    expect(tokens.claims()).toMatchObject({ personal_number: '01001000012', given_name: 'ნინო' });
  });

  it('sends the browser back with access_denied when denied', async () => {
    const { browser, action, checks } = await signInPage();
    const returned = await browser.submit(action, { action: 'deny' });
    if (!(returned instanceof URL)) throw new Error(`stopped at HTTP ${returned.status}`);
    expect(`${returned.origin}${returned.pathname}`).toBe(`${baseUrl}/sso/callback`);
    expect(returned.searchParams.get('error')).toBe('access_denied');
    expect(returned.searchParams.get('state')).toBe(checks.state);
    expect(returned.searchParams.has('code')).toBe(false);
  });

  it('sends a sign-in page visited again after it finished (Back) quietly on to the app', async () => {
    const { browser, action } = await signInPage();
    expect(await browser.submit(action, { identity: '01001000011' })).toBeInstanceOf(URL);
    const again = await fetch(action, { redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`${baseUrl}/`);
  });

  it('answers a finished sign-in submitted again in Georgian, with a way back', async () => {
    const { browser, action } = await signInPage();
    expect(await browser.submit(action, { identity: '01001000011' })).toBeInstanceOf(URL);
    const again = await browser.submit(action, { identity: '01001000012' });
    if (again instanceof URL) throw new Error('expected an error page');
    expect(again.status).toBe(400);
    const html = await again.text();
    expect(html).toContain('შესვლის სესია ვერ მოიძებნა');
    expect(html).toContain(`<a class="back" href="${baseUrl}/">დაბრუნება Sesxi-ზე</a>`);
  });

  it('answers a finished sign-in resumed again (a double tap) in Georgian only, with a way back', async () => {
    const { browser, action } = await signInPage();
    const twin = browser.fork();
    const uid = new URL(action).pathname.split('/').at(-1) ?? '';
    expect(await browser.submit(action, { identity: '01001000011' })).toBeInstanceOf(URL);
    const resumed = await twin.open(`${baseUrl}/dev-idp/auth/${uid}`);
    if (resumed instanceof URL) throw new Error('expected an error page');
    expect(resumed.status).toBe(400);
    const html = await resumed.text();
    expect(html).toContain('ეს შესვლა უკვე დასრულებულია ან მისი ვადა გავიდა');
    expect(html).toContain(`href="${baseUrl}/"`);
    expect(html).not.toMatch(/interaction|session not found|expired/i);
  });

  it('shows an error page for a sign-in it does not know', async () => {
    const response = await fetch(`${baseUrl}/dev-idp/interaction/unknown`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=approve',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('შესვლის სესია ვერ მოიძებნა');
  });
});

describe('the provider’s own rules', () => {
  it('refuses an authorization request without PKCE', async () => {
    const url = new URL(`${baseUrl}/dev-idp/auth`);
    url.search = new URLSearchParams({
      client_id: app.config.services.sso.clientId,
      response_type: 'code',
      redirect_uri: app.config.services.sso.redirectUri,
      scope: 'openid',
    }).toString();
    const returned = await sandboxBrowser().open(url.href);
    if (!(returned instanceof URL)) throw new Error(`stopped at HTTP ${returned.status}`);
    expect(returned.searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses a redirect URI other than the app’s, on a Georgian error page', async () => {
    const url = new URL((await authorization()).url);
    url.searchParams.set('redirect_uri', 'https://evil.example/callback');
    const page = await sandboxBrowser().open(url.href);
    if (page instanceof URL) throw new Error('expected an error page');
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain('<html lang="ka">');
    expect(html).toContain('შესვლის მოთხოვნა ვერ შესრულდა');
    expect(html).not.toMatch(/redirect_uri|does not match/i);
    expect(html).not.toContain('<script');
  });
});
