import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPhone } from '../e2e/support/accounts.ts';
import { waitingForTheApp } from '../e2e/support/app-started.ts';
import { georgianPhone, launchChromium } from '../e2e/support/chromium.ts';
import {
  confirmQuestionnaire,
  giveCreditConsent,
  identifyWithSso,
  loanEntries,
  startApplication,
} from '../e2e/support/loans.ts';
import { onboardThroughApi, waitForPath } from '../e2e/support/onboarding.ts';
import { startCluster, type Cluster } from './cluster.ts';
import { bearer, postJson, sandboxStaff, signIn } from './http.ts';

const perAddressLimit = 150;

let cluster: Cluster;
let browser: Browser;

beforeAll(async () => {
  cluster = await startCluster({ RATE_LIMIT_PER_MINUTE: String(perAddressLimit) });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser.close();
  await cluster.stop();
});

describe('two instances behind HAProxy share everything a customer touches', () => {
  let applicationId: number;

  it('a customer registers, signs in, uploads a statement and submits, served by both instances', async () => {
    const context = await browser.newContext({ ...georgianPhone, baseURL: cluster.url });
    const page = waitingForTheApp(await context.newPage());
    const servedBy = new Map<string, Set<string>>();
    page.on('response', (response) => {
      const instance = response.headers()['x-served-by'];
      const { pathname } = new URL(response.url());
      if (!instance) return;
      const area = pathname.startsWith('/api/') ? 'api' : pathname.split('/')[1] || 'page';
      servedBy.set(area, (servedBy.get(area) ?? new Set()).add(instance));
    });

    // Registration: single sign-on at the sandbox provider, SMS code, password; then the SDA
    // consent and the questionnaire, and a sign-in with the new password.
    const customer = await onboardThroughApi(page);
    applicationId = await startApplication(page);
    await confirmQuestionnaire(page, applicationId);
    await giveCreditConsent(page, applicationId);
    await identifyWithSso(page, customer);
    await waitForPath(page, '/main');
    await page.getByText('წარდგენილია').first().waitFor();

    // Round robin sent the journey's API calls and the provider's pages to both instances: a
    // sign-in begun on one was finished on the other.
    expect(servedBy.get('api')).toEqual(new Set(['a', 'b']));
    expect(servedBy.get('dev-idp')).toEqual(new Set(['a', 'b']));
    await context.close();
  });

  it('the statement uploaded through one instance is read through each', async () => {
    const { phone, password } = sandboxStaff.creditOfficer;
    for (const instance of cluster.instances) {
      const token = await signIn(instance.url, phone, password);
      const response = await fetch(
        `${instance.url}/api/applications/${applicationId}/bank-statement`,
        { headers: bearer(token) },
      );
      expect(response.status, instance.name).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(loanEntries.file.buffer)).toBe(true);
    }
  });

  it('a session made on one instance is valid on the other, and a logout on either ends it on both', async () => {
    const [a, b] = cluster.instances as [Cluster['instances'][0], Cluster['instances'][0]];
    const { phone, password } = sandboxStaff.support;
    const token = await signIn(a.url, phone, password);
    const usersOn = (url: string) => fetch(`${url}/api/checking/users`, { headers: bearer(token) });
    expect((await usersOn(b.url)).status).toBe(200);

    const logout = await fetch(`${b.url}/api/logout`, { method: 'POST', headers: bearer(token) });
    expect(logout.status).toBe(200);
    expect((await usersOn(a.url)).status).toBe(401);
    expect((await usersOn(b.url)).status).toBe(401);
  });

  it('a code sent through one instance is in the outbox of the other, and its resend rule holds there', async () => {
    const [a, b] = cluster.instances as [Cluster['instances'][0], Cluster['instances'][0]];
    const phone = freshPhone();
    expect((await postJson(`${a.url}/api/code-sending`, { phone })).status).toBe(200);

    const outbox = await fetch(`${b.url}/api/dev/sms-outbox?phone=${phone}`);
    const { messages } = (await outbox.json()) as { messages: { text: string }[] };
    expect(messages).toHaveLength(1);
    expect(messages[0]?.text).toMatch(/\b\d{4}\b/);

    // A resend within 15 s is refused per phone, wherever it lands.
    expect((await postJson(`${b.url}/api/code-sending`, { phone })).status).toBe(429);
  });

  it('the per-address limit is counted once across both instances', async () => {
    // HAProxy appends the client's address; on loopback a client behind one more proxy is
    // how a distinct address reaches the instances.
    const headers = { 'x-forwarded-for': '10.77.0.1' };
    const statuses: number[] = [];
    const instances = new Set<string | null>();
    for (let sent = 0; sent < perAddressLimit + 10; sent++) {
      const response = await fetch(`${cluster.url}/api/app/contact/main`, { headers });
      statuses.push(response.status);
      instances.add(response.headers.get('x-served-by'));
      await response.arrayBuffer();
    }
    expect(instances).toEqual(new Set(['a', 'b']));
    expect(statuses.filter((status) => status === 200)).toHaveLength(perAddressLimit);
    expect(statuses.slice(perAddressLimit).every((status) => status === 429)).toBe(true);
  });
});
