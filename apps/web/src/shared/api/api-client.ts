import type { BodyOf, Endpoint, QueryOf, ResponseOf } from '@sesxi/contract';
import { z } from 'zod';
import { currentLocale, i18next } from '../i18n/i18n';
import { session } from '../session/session';
import { ApiError, NetworkError } from './api-error';
import { takeEarlyAnswer } from './early-answers';

export interface RequestOptions<E extends Endpoint> {
  /** A JSON body, or FormData for multipart calls. */
  body?: BodyOf<E> | ([BodyOf<E>] extends [never] ? never : FormData);
  query?: QueryOf<E>;
  /** Values for the path's `:name` placeholders. */
  params?: Record<string, string | number>;
  signal?: AbortSignal;
}

let onUnauthorized = () => {
  window.location.assign('/login');
};

/** The app replaces the full-page fallback with a router navigation. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

let onPasswordChangeRequired = () => {
  window.location.assign('/change-password');
};

/**
 * Where the app goes when the server answers that the session's temporary password must be
 * changed first (403 with `password_change_required`); the app navigates with its router.
 */
export function setPasswordChangeHandler(handler: () => void): void {
  onPasswordChangeRequired = handler;
}

interface UrlParts {
  params?: Record<string, string | number>;
  query?: unknown;
}

function urlOf(endpoint: Endpoint, { params = {}, query = {} }: UrlParts): string {
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${endpoint.path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      search.set(key, String(value));
    }
  }
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}

/** The answer's JSON object; anything else (an HTML error page, nothing) reads as `{}`. */
function payloadOf(text: string): Record<string, unknown> {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function retryAfterOf(header: string | null): number | undefined {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/** The headers of every call: JSON back, the visitor's language, and the bearer when signed in. */
function requestHeaders(token: string | undefined): Headers {
  const headers = new Headers({
    Accept: 'application/json',
    'Accept-Language': currentLocale(),
    'X-Requested-With': 'XMLHttpRequest',
  });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/** What came back, whichever way it was asked for (fetch or XMLHttpRequest). */
interface RawAnswer {
  httpStatus: number;
  text: string;
  retryAfter: string | null;
}

/**
 * The one reading of an answer for both request paths: the parsed success, or an `ApiError`
 * for an error envelope (after resetting the session on 401, and after marking it and going
 * to /change-password when a temporary password must be changed first).
 */
function settle<E extends Endpoint>(
  endpoint: E,
  token: string | undefined,
  { httpStatus, text, retryAfter }: RawAnswer,
): ResponseOf<E> {
  const payload = payloadOf(text);
  if (httpStatus === 401) {
    session.reset();
    onUnauthorized();
  }
  if (httpStatus === 403 && payload.password_change_required === true) {
    session.update({ must_change_password: true });
    onPasswordChangeRequired();
  }
  if (httpStatus >= 200 && httpStatus < 300) {
    const parsed = endpoint.response.safeParse(payload);
    if (parsed.success) {
      // The server's session slides with every use; keep the local copy's expiry in step.
      if (token) session.update({});
      return parsed.data as ResponseOf<E>;
    }
    if (payload.status === 'success') {
      // The server and this build disagree about the contract: loud in development only.
      if (import.meta.env.DEV) {
        throw new Error(
          `${endpoint.method} ${endpoint.path} answered outside its contract:\n${z.prettifyError(parsed.error)}`,
        );
      }
      return payload as ResponseOf<E>;
    }
  }
  throw new ApiError(httpStatus, payload, i18next.t('errors.unexpected'), retryAfterOf(retryAfter));
}

function networkError(cause: unknown): NetworkError {
  return new NetworkError(i18next.t('errors.network'), { cause });
}

/**
 * Calls one contract endpoint with the session's bearer token and returns its parsed answer.
 * Throws `ApiError` for error envelopes (after resetting the session on 401) and `NetworkError`
 * when there is no answer at all.
 */
export async function apiRequest<E extends Endpoint>(
  endpoint: E,
  options: RequestOptions<E> = {},
): Promise<ResponseOf<E>> {
  const token = session.get()?.apiToken;
  const headers = requestHeaders(token);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  const url = urlOf(endpoint, options);
  const early =
    endpoint.method === 'GET' && body === undefined
      ? takeEarlyAnswer(url, token, currentLocale())
      : undefined;
  let response: Response;
  try {
    response = await (early ??
      fetch(url, { method: endpoint.method, headers, body, signal: options.signal }));
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw networkError(error);
  }
  return settle(endpoint, token, {
    httpStatus: response.status,
    text: await response.text().catch(() => ''),
    retryAfter: response.headers.get('Retry-After'),
  });
}

export interface UploadOptions {
  /** The multipart form; the browser writes its boundary. */
  body: FormData;
  /** Values for the path's `:name` placeholders. */
  params?: Record<string, string | number>;
  /** Called as the body goes out, with the share sent so far (0 to 1). */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

/**
 * `apiRequest` for a multipart body whose sending the screen shows: fetch cannot report upload
 * progress, XMLHttpRequest can. Same headers, same answers, same errors.
 */
export async function apiUpload<E extends Endpoint>(
  endpoint: E,
  { body, params, onProgress, signal }: UploadOptions,
): Promise<ResponseOf<E>> {
  const token = session.get()?.apiToken;
  const answer = await new Promise<RawAnswer>((resolve, reject) => {
    signal?.throwIfAborted();
    const request = new XMLHttpRequest();
    request.open(endpoint.method, urlOf(endpoint, { params }));
    requestHeaders(token).forEach((value, name) => {
      request.setRequestHeader(name, value);
    });
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      resolve({
        httpStatus: request.status,
        text: request.responseText,
        retryAfter: request.getResponseHeader('Retry-After'),
      });
    };
    request.onerror = () => {
      reject(networkError(new Error(`${endpoint.method} ${endpoint.path} got no answer`)));
    };
    request.onabort = () => {
      reject(new DOMException('The upload was aborted', 'AbortError'));
    };
    signal?.addEventListener(
      'abort',
      () => {
        request.abort();
      },
      { once: true },
    );
    request.send(body);
  });
  return settle(endpoint, token, answer);
}

/** A file the server sent, with the name its Content-Disposition gave. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** The file name of a `Content-Disposition` header: `filename*` (RFC 5987) first. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed encoding: the plain name below.
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * Downloads a file behind the session: the bearer token goes in the Authorization header, never
 * in the address. Errors as `apiRequest` throws them.
 */
export async function apiDownload(
  path: string,
  {
    params = {},
    signal,
    fallbackName = 'download',
  }: {
    params?: Record<string, string | number>;
    signal?: AbortSignal;
    fallbackName?: string;
  } = {},
): Promise<DownloadedFile> {
  const endpoint = { method: 'GET', path } as unknown as Endpoint;
  const token = session.get()?.apiToken;
  const headers = requestHeaders(token);
  headers.set('Accept', '*/*');
  let response: Response;
  try {
    response = await fetch(urlOf(endpoint, { params }), { headers, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw networkError(error);
  }
  if (!response.ok) {
    settle(endpoint, token, {
      httpStatus: response.status,
      text: await response.text().catch(() => ''),
      retryAfter: response.headers.get('Retry-After'),
    });
  }
  if (token) session.update({});
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('Content-Disposition'), fallbackName),
  };
}

/** Hands a downloaded file to the browser to save, through a short-lived object address. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => {
    URL.revokeObjectURL(href);
  }, 0);
}
