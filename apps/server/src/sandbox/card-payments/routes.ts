import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import {
  createSandboxCardGateway,
  sandboxPayPath,
  type SandboxPayAction,
} from '#app/integrations/card-gateway/sandbox-gateway.ts';
import { orderNotFoundPage, paymentPage } from './pages.ts';

const actions: readonly SandboxPayAction[] = ['approve', 'decline'];

/**
 * `/dev-pay/{order_id}`: the page the sandbox gateway sends the browser to instead of the
 * bank's. Its form's `action` approves or declines the order; the gateway then sends its signed
 * callback, and the browser goes back (303) to where the order said, the loan's page.
 */
export const sandboxCardPaymentPages: FastifyPluginCallback = (app, _options, done) => {
  const gateway = createSandboxCardGateway({
    db: app.database.db,
    appUrl: app.config.appUrl,
    clock: app.clock,
    log: app.log,
  });
  const path = `${sandboxPayPath}/:orderId`;

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, parsed) => {
      parsed(null, { action: new URLSearchParams(String(body)).get('action') });
    },
  );

  app.get<{ Params: { orderId: string } }>(path, async (request, reply) => {
    const order = await gateway.find(request.params.orderId);
    return order ? html(reply, 200, paymentPage(order)) : notFound(reply);
  });

  app.post<{ Params: { orderId: string }; Body: { action?: string | null } | undefined }>(
    path,
    async (request, reply) => {
      const action = actions.find((known) => known === request.body?.action);
      const order = await gateway.find(request.params.orderId);
      if (!order) return notFound(reply);
      if (!action) return html(reply, 400, paymentPage(order));
      await gateway.finish(order.orderId, action);
      return reply.redirect(order.redirectUrl, 303);
    },
  );
  done();
};

function html(reply: FastifyReply, statusCode: number, body: string) {
  return reply.code(statusCode).type('text/html; charset=utf-8').send(body);
}

function notFound(reply: FastifyReply) {
  return html(reply, 404, orderNotFoundPage());
}
