import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Writable } from 'node:stream';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { LogLevel } from './config/environment.ts';

const secretKeys = [
  'password',
  'password_confirmation',
  'apiToken',
  'api_token',
  'token',
  'sso_token',
  'session_token',
];

/**
 * Secrets never reach the log, whichever object a log line carries them in. One-time codes
 * are redacted only where request data sits (`body`, `query`), since `err.code` names errors.
 */
const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...secretKeys.flatMap((key) => [key, `*.${key}`]),
  'body.code',
  'query.code',
  '*.body.code',
  '*.query.code',
];

/** The `event` of a log line (`{ event: 'registered', ... }`) and the line's fields. */
export type LogEventListener = (event: string, fields: Readonly<Record<string, unknown>>) => void;

const levelValues: Record<LogLevel, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

/**
 * pino's options; `stream` replaces standard output (tests read the lines). `onEvent` hears
 * the `event` of every line logged at info or above, even those LOG_LEVEL keeps out of the
 * log (the metrics count them): pino then runs at info at least, and this hook drops the
 * lines below LOG_LEVEL itself.
 */
export function loggerOptions(
  level: LogLevel,
  stream?: Writable,
  onEvent?: LogEventListener,
): FastifyServerOptions['logger'] {
  const written = levelValues[level];
  return {
    level: onEvent && written > levelValues.info ? 'info' : level,
    ...(stream && { stream }),
    ...(onEvent && {
      hooks: {
        logMethod(args: unknown[], write: (...args: unknown[]) => void, lineLevel: number) {
          const [fields] = args;
          if (typeof fields === 'object' && fields !== null && 'event' in fields) {
            if (typeof fields.event === 'string') onEvent(fields.event, fields);
          }
          if (lineLevel >= written) write.apply(this, args);
        },
      },
    }),
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: withoutQueryValues(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}

/**
 * Query strings can carry phones, codes and tokens (an SSO callback, a verification return
 * link), so request URLs are logged with parameter names only.
 */
export function withoutQueryValues(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const names = new URLSearchParams(url.slice(queryStart + 1)).keys();
  return `${url.slice(0, queryStart)}?${[...names].map((name) => `${name}=`).join('&')}`;
}

const wellFormedRequestId = /^[\w.:-]{1,100}$/;

/** A proxy's X-Request-Id when it looks like one, so log lines join up; a fresh UUID otherwise. */
export function requestIdOf(request: { headers: IncomingHttpHeaders }): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && wellFormedRequestId.test(incoming)
    ? incoming
    : randomUUID();
}
