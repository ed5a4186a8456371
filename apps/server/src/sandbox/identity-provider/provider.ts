import type { FastifyBaseLogger } from 'fastify';
import Provider, { errors, interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';
import type { Clock } from '#app/clock.ts';
import type { SsoSettings } from '#app/config/services.ts';
import type { Database } from '#app/db/database.ts';
import { databaseStore } from './database-store.ts';
import type { SandboxIdentity } from './identities.ts';
import type { SandboxSecrets } from './shared-secrets.ts';
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

/** How long the provider remembers who signed in: enough to answer the token and userinfo. */
const personTtlSeconds = 24 * 3600;

interface ProviderContext {
  behindProxy: boolean;
  log: FastifyBaseLogger;
  db: Database;
  clock: Clock;
  secrets: SandboxSecrets;
}

/**
 * The sandbox identity provider of sandbox.md: a real OpenID Connect provider (oidc-provider)
 * with one static client, the app, whose settings are the relying party's. Its state, its
 * keys and whoever signed in (remembered by personal number, the subject) live in the
 * database, so every instance is the same provider.
 */
export function createSandboxProvider(
  sso: SsoSettings,
  { behindProxy, log, db, clock, secrets }: ProviderContext,
) {
  const store = databaseStore(db, clock);
  const people = store('SandboxPerson');
  const provider = new Provider(sso.issuer, {
    adapter: store,
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
    jwks: { keys: [secrets.signingKey] },
    cookies: { keys: [secrets.cookieKey] },
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
    findAccount: async (_ctx, sub) => {
      const person = (await people.find(sub)) as SandboxIdentity | undefined;
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
    renderError: (ctx: KoaContextWithOIDC, out, error) => {
      log.info(
        { event: 'sandbox_idp_error', error: out.error, description: out.error_description },
        'sandbox identity provider refused a request',
      );
      ctx.type = 'html';
      ctx.body = errorPage(georgianErrorOf(error), appHomeOf(sso));
    },
  });
  provider.proxy = behindProxy;
  provider.on('server_error', (_ctx, error) => {
    log.error({ err: error }, 'sandbox identity provider failed');
  });
  return {
    provider,
    /** Remembers who signed in, for the claims the app asks for next. */
    remember: (person: SandboxIdentity) =>
      people.upsert(person.personalNumber, { ...person }, personTtlSeconds),
  };
}

/** The app's home page, the way back from the provider's error pages. */
export function appHomeOf(sso: SsoSettings): string {
  return `${new URL(sso.redirectUri).origin}/`;
}

/**
 * The provider's error in Georgian: oidc-provider's own descriptions are English (a sign-in
 * visited again after it finished says "interaction session not found").
 */
function georgianErrorOf(error: Error): string {
  if (error instanceof errors.SessionNotFound) {
    return 'ეს შესვლა უკვე დასრულებულია ან მისი ვადა გავიდა. დაბრუნდით Sesxi-ზე და, საჭიროების შემთხვევაში, სცადეთ ხელახლა.';
  }
  return 'შესვლის მოთხოვნა ვერ შესრულდა. დაბრუნდით Sesxi-ზე და სცადეთ ხელახლა.';
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
