import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import { createSandboxIdentomatSessions } from '#app/integrations/identomat/sandbox-sessions.ts';
import { sandboxPagePath } from '#app/integrations/identomat/sandbox-verifier.ts';
import { sessionNotFoundPage, verificationPage } from './pages.ts';

/**
 * `/dev-identomat/{session_token}`: the page the sandbox sends the browser to instead of
 * Identomat's widget. Submitting its form finishes the check and sends the browser back to
 * `/identomat?session_token=…` with a 303, as the real provider's flow ends.
 */
export const sandboxIdentomatPages: FastifyPluginCallback = (app, _options, done) => {
  const sessions = createSandboxIdentomatSessions(app.database.db);
  const path = `${sandboxPagePath}/:sessionToken`;

  // The form posts its button only; nothing in the body is read.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, parsed) => {
      parsed(null, {});
    },
  );

  app.get<{ Params: { sessionToken: string } }>(path, async (request, reply) => {
    const session = await sessions.find(request.params.sessionToken);
    return session ? html(reply, 200, verificationPage(session)) : notFound(reply);
  });

  app.post<{ Params: { sessionToken: string } }>(path, async (request, reply) => {
    const { sessionToken } = request.params;
    if (!(await sessions.find(sessionToken))) return notFound(reply);
    await sessions.finish(sessionToken, app.clock.now());
    return reply.redirect(`/identomat?session_token=${encodeURIComponent(sessionToken)}`, 303);
  });
  done();
};

function html(reply: FastifyReply, statusCode: number, body: string) {
  return reply.code(statusCode).type('text/html; charset=utf-8').send(body);
}

function notFound(reply: FastifyReply) {
  return html(reply, 404, sessionNotFoundPage());
}
