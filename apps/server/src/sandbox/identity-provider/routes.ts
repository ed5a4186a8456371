import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Interaction, InteractionResults } from 'oidc-provider';
import { z } from 'zod';
import type { SsoSettings } from '#app/config/services.ts';
import { seededIdentities, type SandboxIdentity } from './identities.ts';
import { errorPage, signInPage, type SignInForm } from './pages.ts';
import { appHomeOf, createSandboxProvider, mountPath } from './provider.ts';
import type { SandboxSecrets } from './shared-secrets.ts';

const formFields = z.object({
  personal_number: z.string().trim().default(''),
  name: z.string().trim().max(100).default(''),
  surname: z.string().trim().max(100).default(''),
  action: z.enum(['approve', 'deny']).optional(),
  identity: z.string().optional(),
});

/**
 * The sandbox identity provider under /dev-idp: our sign-in pages at
 * /dev-idp/interaction/:uid, everything else handed to oidc-provider as it arrived. The
 * provider reads its own request bodies (token endpoint forms), so its routes parse none, and
 * the app's headers (the CSP among them) go out with its answers.
 */
export const sandboxIdentityProvider: FastifyPluginAsync<{
  sso: SsoSettings;
  behindProxy: boolean;
  secrets: SandboxSecrets;
}> = async (app, { sso, behindProxy, secrets }) => {
  const { provider, remember } = createSandboxProvider(sso, {
    behindProxy,
    log: app.log,
    db: app.database.db,
    clock: app.clock,
    secrets,
  });
  const handle = provider.callback();
  const appHome = appHomeOf(sso);

  await app.register((mounted, _options, done) => {
    mounted.removeAllContentTypeParsers();
    mounted.addContentTypeParser('*', (_request, _payload, done) => {
      done(null);
    });
    mounted.all(`${mountPath}/*`, async (request, reply) => {
      reply.hijack();
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      const raw: IncomingMessage & { originalUrl?: string } = request.raw;
      raw.originalUrl = request.url;
      raw.url = request.url.slice(mountPath.length);
      await handle(raw, reply.raw);
    });
    done();
  });

  await app.register((pages, _options, done) => {
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    pages.get<{ Params: { uid: string } }>(
      `${mountPath}/interaction/:uid`,
      async (request, reply) => {
        const interaction = await interactionOf(request, reply);
        // Back after the sign-in finished brings its page again: go on quietly to the app.
        if (!interaction) return reply.redirect(appHome, 303);
        await forgetEarlierSignIn(interaction);
        return html(reply, 200, signInPage(request.params.uid));
      },
    );

    pages.post<{ Params: { uid: string } }>(
      `${mountPath}/interaction/:uid`,
      async (request, reply) => {
        if (!(await interactionOf(request, reply))) return expired(reply, appHome);
        const form = formFields.safeParse(request.body ?? {});
        if (!form.success) return expired(reply, appHome);
        const { action, identity, ...typed } = form.data;
        if (action === 'deny') {
          return finish(request, reply, {
            error: 'access_denied',
            error_description: 'End-User aborted interaction',
          });
        }
        const person = seeded(identity) ?? personFrom(typed);
        if (typeof person === 'string') {
          return html(reply, 422, signInPage(request.params.uid, { form: typed, error: person }));
        }
        await remember(person);
        return finish(request, reply, {
          login: { accountId: person.personalNumber, remember: false },
        });
      },
    );
    done();
  });

  /** The interaction in the browser's cookie, when it is the one the URL names. */
  async function interactionOf(
    request: FastifyRequest<{ Params: { uid: string } }>,
    reply: FastifyReply,
  ) {
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      return details.uid === request.params.uid ? details : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Every sign-in starts afresh: the session of whoever signed in earlier in this browser is
   * forgotten, so that signing in as someone else is never met by oidc-provider's request to
   * sign the first person out (a page the sandbox does not have).
   */
  async function forgetEarlierSignIn(interaction: Interaction) {
    if (!interaction.session) return;
    const earlier = await provider.Session.findByUid(interaction.session.uid);
    await earlier?.destroy();
    interaction.session = undefined;
    await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
  }

  async function finish(request: FastifyRequest, reply: FastifyReply, result: InteractionResults) {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    return reply.redirect(returnTo, 303);
  }
};

function seeded(personalNumber: string | undefined): SandboxIdentity | undefined {
  return seededIdentities.find((identity) => identity.personalNumber === personalNumber);
}

/** The typed identity, or the error to show above the form. */
function personFrom(form: SignInForm): SandboxIdentity | string {
  if (!/^\d{11}$/.test(form.personal_number)) return 'პირადი ნომერი უნდა შედგებოდეს 11 ციფრისგან';
  if (form.name === '' || form.surname === '') return 'შეიყვანეთ სახელი და გვარი';
  return { personalNumber: form.personal_number, name: form.name, surname: form.surname };
}

function html(reply: FastifyReply, statusCode: number, body: string) {
  return reply.code(statusCode).type('text/html; charset=utf-8').send(body);
}

function expired(reply: FastifyReply, appHome: string) {
  return html(
    reply,
    400,
    errorPage(
      'შესვლის სესია ვერ მოიძებნა ან ვადა გაუვიდა: ეს შესვლა უკვე დასრულებულია ან მოძველდა. დაბრუნდით Sesxi-ზე და, საჭიროების შემთხვევაში, სცადეთ ხელახლა.',
      appHome,
    ),
  );
}
