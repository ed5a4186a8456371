import { fieldErrorsOf, type FieldErrors } from '@sesxi/contract';

/** The server answered with an error envelope (or a non-success status this call does not expect). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly fieldErrors: FieldErrors;
  readonly httpStatus: number;
  readonly body: Record<string, unknown>;
  /** Seconds the server asks us to wait (429 with Retry-After). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    httpStatus: number,
    body: Record<string, unknown>,
    fallbackMessage: string,
    retryAfterSeconds?: number,
  ) {
    super(typeof body.message === 'string' && body.message !== '' ? body.message : fallbackMessage);
    this.httpStatus = httpStatus;
    this.body = body;
    this.fieldErrors = fieldErrorsOf(body);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The request never got an answer: offline, DNS, a dropped connection. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}
