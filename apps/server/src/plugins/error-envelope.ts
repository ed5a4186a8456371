import type { Socket } from 'node:net';
import {
  defaultLocale,
  fieldErrorsFromIssues,
  localeFromAcceptLanguage,
  translate,
  type Locale,
  type MessageKey,
} from '@sesxi/contract';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isDatabaseUnavailable, loggableError } from '#app/db/unavailable.ts';
import { HttpError, InvalidFieldsError, TooManyRequestsError } from '#app/errors.ts';

const messageKeyByStatus: Partial<Record<number, MessageKey>> = {
  400: 'errors.malformedBody',
  401: 'errors.unauthorized',
  403: 'errors.forbidden',
  404: 'errors.notFound',
  409: 'errors.conflict',
  413: 'errors.bodyTooLarge',
  415: 'errors.unsupportedMediaType',
  422: 'errors.validation',
  429: 'errors.tooManyRequests',
  503: 'errors.serviceUnavailable',
};

interface ErrorAnswer {
  statusCode: number;
  messageKey: MessageKey;
  params?: Record<string, unknown>;
  fields: Record<string, string[]>;
  extra?: Record<string, unknown>;
}

/**
 * The one place that turns failures into the design's envelope,
 * `{"status":"error","message":…, <field>: [messages]}`, in the request's language. Client
 * mistakes keep their 4xx; anything else is logged with the request id and answered with a
 * generic message, never a stack.
 */
const errorEnvelope: FastifyPluginCallback = (app, _options, done) => {
  app.setErrorHandler((error: unknown, request, reply) => {
    const locale = localeOf(request);
    const answer = answerFor(error, locale);
    if (error instanceof TooManyRequestsError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    if (answer.statusCode >= 500) {
      request.log.error({ err: loggableError(error) }, 'request failed');
    } else {
      request.log.info(
        { statusCode: answer.statusCode, reason: reasonOf(error) },
        'request refused',
      );
    }
    return sendError(reply, answer, locale);
  });

  // Error bodies are written here alone: a route's schema for one could only make it fail.
  const declaringErrorBodies: string[] = [];
  app.addHook('onRoute', (route) => {
    const statuses = Object.keys(route.schema?.response ?? {});
    if (statuses.some((status) => !status.startsWith('2'))) {
      declaringErrorBodies.push(`${route.method.toString()} ${route.url}`);
    }
  });
  app.addHook('onReady', (hookDone) => {
    hookDone(
      declaringErrorBodies.length > 0
        ? new Error(
            `A response schema for an error status on ${declaringErrorBodies.join(', ')}: ` +
              'error bodies come from the error envelope alone (throw an HttpError)',
          )
        : undefined,
    );
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(
      reply,
      { statusCode: 404, messageKey: 'errors.notFound', fields: {} },
      localeOf(request),
    ),
  );
  done();
};

export default fp(errorEnvelope, { name: 'error-envelope' });

/**
 * For Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before there is a request
 * (headers too large, a broken request line) is answered in the envelope too, in Georgian, the
 * request's language being unknown.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [statusCode, reason, messageKey]: [number, string, MessageKey] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'errors.headersTooLarge']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'errors.malformedBody']
        : [400, 'Bad Request', 'errors.malformedBody'];
  const body = JSON.stringify({ status: 'error', message: translate(messageKey, defaultLocale) });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${String(statusCode)} ${reason}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${String(Buffer.byteLength(body))}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** For Fastify's `frameworkErrors`: a URL the router cannot decode never reaches a handler. */
export function answerMalformedRequest(
  _error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  void sendError(
    reply,
    { statusCode: 400, messageKey: 'errors.malformedBody', fields: {} },
    localeOf(request),
  );
}

function answerFor(error: unknown, locale: Locale): ErrorAnswer {
  if (error instanceof HttpError) {
    const fields = Object.fromEntries(
      Object.entries(error.fields).map(([field, messages]) => [
        field,
        messages.map(({ key, params }) => translate(key, locale, params)),
      ]),
    );
    const { statusCode, messageKey, params, extra } = error;
    return { statusCode, messageKey, params, fields, extra };
  }
  const issues = hasZodFastifySchemaValidationErrors(error)
    ? error.validation.map(issueOf)
    : error instanceof InvalidFieldsError
      ? error.issues
      : undefined;
  if (issues) {
    // A body that is not even an object (or is missing) has no field to point at.
    if (issues.some((issue) => issue.path.length === 0)) {
      return { statusCode: 400, messageKey: 'errors.malformedBody', fields: {} };
    }
    return {
      statusCode: 422,
      messageKey: 'errors.validation',
      fields: fieldErrorsFromIssues(issues, locale),
    };
  }
  if (isDatabaseUnavailable(error)) {
    return { statusCode: 503, messageKey: 'errors.serviceUnavailable', fields: {} };
  }
  const statusCode = statusCodeOf(error);
  if (statusCode >= 400 && statusCode < 500) {
    return {
      statusCode,
      messageKey: messageKeyByStatus[statusCode] ?? 'errors.malformedBody',
      fields: {},
    };
  }
  return { statusCode: 500, messageKey: 'errors.internal', fields: {} };
}

/** fastify-type-provider-zod flattens each zod issue; this puts the issue back together. */
function issueOf(validation: {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}): z.core.$ZodIssue {
  return {
    ...validation.params,
    code: validation.keyword,
    path: validation.instancePath.split('/').filter((segment) => segment !== ''),
    message: validation.message ?? '',
  } as z.core.$ZodIssue;
}

function sendError(reply: FastifyReply, answer: ErrorAnswer, locale: Locale) {
  const envelope = {
    status: 'error',
    message: translate(answer.messageKey, locale, answer.params),
  };
  // A field named like a key of the envelope (the queue's `status` filter) keeps its messages
  // under `errors`, where they cannot take the envelope's place.
  const clashing = Object.entries(answer.fields).filter(([field]) => field in envelope);
  const errors = clashing.length > 0 ? { errors: Object.fromEntries(clashing) } : {};
  // Spread twice: the envelope's keys come first and win over a field of the same name.
  return reply
    .code(answer.statusCode)
    .type('application/json; charset=utf-8')
    .send({ ...envelope, ...answer.extra, ...answer.fields, ...errors, ...envelope });
}

function localeOf(request: FastifyRequest): Locale {
  return localeFromAcceptLanguage(request.headers['accept-language']);
}

function statusCodeOf(error: unknown): number {
  return typeof error === 'object' &&
    error !== null &&
    'statusCode' in error &&
    typeof error.statusCode === 'number'
    ? error.statusCode
    : 500;
}

function reasonOf(error: unknown): string {
  if (typeof error !== 'object' || error === null) return typeof error;
  if ('code' in error && typeof error.code === 'string') return error.code;
  return error instanceof Error ? error.name : 'unknown';
}
