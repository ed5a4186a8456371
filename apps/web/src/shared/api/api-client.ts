import type { BodyOf, Endpoint, QueryOf, ResponseOf } from '@sesxi/contract';
import { z } from 'zod';
import { currentLocale, i18next } from '../i18n/i18n';
import { session } from '../session/session';
import { ApiError, NetworkError } from './api-error';

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

async function bodyOf(response: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function retryAfterOf(response: Response): number | undefined {
  const seconds = Number(response.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
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
  const headers = new Headers({
    Accept: 'application/json',
    'Accept-Language': currentLocale(),
    'X-Requested-With': 'XMLHttpRequest',
  });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(urlOf(endpoint, options), {
      method: endpoint.method,
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new NetworkError(i18next.t('errors.network'), { cause: error });
  }

  const payload = await bodyOf(response);
  if (response.status === 401) {
    session.reset();
    onUnauthorized();
  }
  if (response.ok) {
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
  throw new ApiError(
    response.status,
    payload,
    i18next.t('errors.unexpected'),
    retryAfterOf(response),
  );
}
