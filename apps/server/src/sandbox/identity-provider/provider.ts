import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import Provider, { interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';
import type { SsoSettings } from '#app/config.ts';
import type { SandboxIdentity } from './identities.ts';
import { memoryStore } from './memory-store.ts';
import { errorPage } from './pages.ts';

/** Where the provider lives under the app: the issuer is `APP_URL` + this. */
export const mountPath = '/dev-idp';

/** Lifetimes in seconds: a sign-in takes minutes, nothing here needs to last. */
const ttl = {
  AccessToken: 600,
  AuthorizationCode: 60,
  IdToken: 600,
  Interaction: 900,
  Session: 900,
  Grant: 900,
};

const { Check } = interactionPolicy;

/**
 * The sandbox identity provider of sandbox.md: a real OpenID Connect provider (oidc-provider)
 * with one static client, the app, whose settings are the relying party's. Whoever signs in is
 * remembered by personal number (the subject) until the process ends, which is all the
 * sandbox needs to answer the ID token and userinfo claims.
 */
export async function createSandboxProvider(
  sso: SsoSettings,
  { behindProxy, log }: { behindProxy: boolean; log: FastifyBaseLogger },
) {
  const people = new Map<string, SandboxIdentity>();
  const provider = new Provider(sso.issuer, {
    adapter: memoryStore(),
    clients: [
      {
        client_id: sso.clientId,
        client_secret: sso.clientSecret,
        redirect_uris: [sso.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [await signingKey()] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    scopes: ['openid', 'profile'],
    claims: { openid: ['sub'], profile: ['given_name', 'family_name', 'personal_number'] },
    // The claims go into the ID token as well as userinfo.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
    },
    clientBasedCORS: () => false,
    ttl,
    interactions: {
      url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}`,
      policy: alwaysAskWhoSignsIn(),
    },
    // No consent screen (sandbox.md): the app is first-party, so every grant is given at once.
    loadExistingGrant: async (ctx) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope('openid profile');
      await grant.save();
      return grant;
    },
    findAccount: (_ctx, sub) => {
      const person = people.get(sub);
      return (
        person && {
          accountId: sub,
          claims: () => ({
            sub,
            given_name: person.name,
            family_name: person.surname,
            personal_number: person.personalNumber,
          }),
        }
      );
    },
    renderError: (ctx: KoaContextWithOIDC, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(`შესვლა ვერ მოხერხდა: ${out.error_description ?? out.error}`);
    },
  });
  provider.proxy = behindProxy;
  provider.on('server_error', (_ctx, error) => {
    log.error({ err: error }, 'sandbox identity provider failed');
  });
  return { provider, people };
}

/**
 * The sandbox asks who signs in at every sign-in, so one browser can try several identities;
 * a real provider would reuse its session.
 */
function alwaysAskWhoSignsIn() {
  const policy = interactionPolicy.base();
  policy
    .get('login')
    ?.checks.add(
      new Check('sandbox_asks_every_time', 'the sandbox asks who signs in every time', (ctx) =>
        ctx.oidc.result?.login ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT,
      ),
    );
  return policy;
}

/** An RS256 key made at start: RS256 is what clients expect unless told otherwise. */
async function signingKey() {
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: 'sandbox', use: 'sig', alg: 'RS256' };
}
