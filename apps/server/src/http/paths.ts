/** The path of a request URL, without its query string. */
export function pathOf(url: string): string {
  const queryStart = url.indexOf('?');
  return queryStart === -1 ? url : url.slice(0, queryStart);
}

/**
 * The path as the router reads it: percent-encodings decoded (`/%61pi/…` is `/api/…`), the
 * query left off. Where a request goes is told from this, never from the raw URL, so that no
 * spelling of a path escapes a limit, a header or a gate its plain spelling gets.
 */
export function routedPathOf(url: string): string {
  const path = pathOf(url);
  try {
    return decodeURI(path);
  } catch {
    // Malformed: the router refuses it with 400 before any route runs.
    return path;
  }
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The API: JSON answers, no caching, rate-limited. */
export function isApiPath(url: string): boolean {
  return isUnder(routedPathOf(url), '/api');
}

/** Paths the server answers itself, which the web app's history fallback must never take. */
export function isServerPath(url: string): boolean {
  const path = routedPathOf(url);
  return (
    isUnder(path, '/api') ||
    isUnder(path, '/healthz') ||
    isUnder(path, '/readyz') ||
    path.startsWith('/dev-')
  );
}
