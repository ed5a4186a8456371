import type { MessageKey } from '@sesxi/contract';
import type { z } from 'zod';

/** A message key with the values its wording needs (e.g. `{minimum}`). */
export interface Message {
  key: MessageKey;
  params?: Record<string, unknown>;
}

export interface HttpErrorOptions {
  /** Messages under the fields they concern. */
  fields?: Record<string, Message[]>;
  /** Values for the placeholders of the top-level message (e.g. `{id}`). */
  params?: Record<string, unknown>;
  /** More top-level fields of the body, such as `loan_id`; `status` and `message` stay ours. */
  extra?: Record<string, unknown>;
  cause?: unknown;
}

/**
 * An error a handler throws to answer with a given HTTP status. The envelope plugin, the only
 * writer of error bodies, turns it into `{"status":"error","message":…, <field>: [messages]}`
 * in the request's language, so the error carries message keys, never wording.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly messageKey: MessageKey;
  readonly params: Record<string, unknown>;
  readonly fields: Record<string, Message[]>;
  readonly extra: Record<string, unknown>;

  constructor(statusCode: number, messageKey: MessageKey, options: HttpErrorOptions = {}) {
    super(messageKey, { cause: options.cause });
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.messageKey = messageKey;
    this.params = options.params ?? {};
    this.fields = options.fields ?? {};
    this.extra = options.extra ?? {};
  }
}

export function httpError(statusCode: number, messageKey: MessageKey): HttpError {
  return new HttpError(statusCode, messageKey);
}

/** A 422 with one message under one field, for rules a schema cannot check (e.g. "phone taken"). */
export function fieldError(
  field: string,
  key: MessageKey,
  params?: Record<string, unknown>,
): HttpError {
  return new HttpError(422, 'errors.validation', { fields: { [field]: [{ key, params }] } });
}

/** An outside service (SMS gateway, registry, …) failed or timed out: 503. */
export class ServiceUnavailableError extends HttpError {
  readonly service: string;

  constructor(service: string, options: { cause?: unknown } = {}) {
    super(503, 'errors.serviceUnavailable', options);
    this.name = 'ServiceUnavailableError';
    this.service = service;
  }
}

/** 429 with the seconds to wait, which the envelope sends as `Retry-After`. */
export class TooManyRequestsError extends HttpError {
  readonly retryAfterSeconds: number;

  constructor(
    retryAfterSeconds: number,
    options: { fields?: Record<string, Message[]>; messageKey?: MessageKey } = {},
  ) {
    super(429, options.messageKey ?? 'errors.tooManyRequests', { fields: options.fields });
    this.name = 'TooManyRequestsError';
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

/**
 * A body that failed a schema the route could only build per request (e.g. the loan form
 * against the product's limits, read from the database): answered exactly like a failure of
 * the route's own schema, 422 with the issues under their fields.
 */
export class InvalidFieldsError extends Error {
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(issues: readonly z.core.$ZodIssue[]) {
    super('the body failed validation');
    this.name = 'InvalidFieldsError';
    this.issues = issues;
  }
}
