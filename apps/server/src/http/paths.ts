/** The path of a request URL, without its query string. */
export function pathOf(url: string): string {
  const queryStart = url.indexOf('?');
  return queryStart === -1 ? url : url.slice(0, queryStart);
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The API: JSON answers, no caching, rate-limited. */
export function isApiPath(url: string): boolean {
  return isUnder(pathOf(url), '/api');
}

/** Paths the server answers itself, which the web app's history fallback must never take. */
export function isServerPath(url: string): boolean {
  const path = pathOf(url);
  return (
    isUnder(path, '/api') ||
    isUnder(path, '/healthz') ||
    isUnder(path, '/readyz') ||
    path.startsWith('/dev-')
  );
}
