import type { consentContentKinds } from '@sesxi/contract';
import type { FastifyInstance } from 'fastify';
import { sandboxStaffAccounts } from '#app/sandbox/staff-accounts.ts';
import { bearer, sandboxStaffToken } from './accounts.ts';

/**
 * The sandbox's content editor publishes `html` as the next Georgian version of a consent
 * wording, as the content screen does; answers the version.
 */
export async function publishConsentWording(
  app: FastifyInstance,
  key: keyof typeof consentContentKinds,
  html: string,
): Promise<number> {
  const editor = sandboxStaffAccounts.find(({ roles }) => roles.includes('content_editor'));
  if (!editor) throw new Error('the sandbox has no content editor');
  const response = await app.inject({
    method: 'PUT',
    url: `/api/content/${key}`,
    headers: bearer(await sandboxStaffToken(app, editor)),
    payload: { locale: 'ka', html },
  });
  if (response.statusCode !== 200) throw new Error(`publishing failed: ${response.body}`);
  return response.json<{ content: { version: number } }>().content.version;
}
