/**
 * Just enough of a browser to sign in at the sandbox identity provider with plain HTTP: it
 * keeps cookies and follows redirects by hand, stopping at the app's /sso/callback.
 */
export function sandboxBrowser(initialCookies: ReadonlyMap<string, string> = new Map()) {
  const cookies = new Map<string, string>(initialCookies);

  function keepCookies(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const separator = pair.indexOf('=');
      const [name, value] = [pair.slice(0, separator), pair.slice(separator + 1)];
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(header)) cookies.delete(name);
      else cookies.set(name, value);
    }
  }

  async function request(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string> | undefined),
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
    });
    keepCookies(response);
    return response;
  }

  /** Follows redirects from `response` until a page answers or the app's callback is reached. */
  async function follow(response: Response, from: string): Promise<Response | URL> {
    let current = response;
    let base = from;
    for (let hop = 0; hop < 10 && current.status >= 300 && current.status < 400; hop++) {
      const location = new URL(current.headers.get('location') ?? '', base);
      if (location.pathname === '/sso/callback') return location;
      base = location.href;
      current = await request(base);
    }
    return current;
  }

  return {
    /** A second browser with this one's cookies as they are now: a second tab, a double tap. */
    fork: () => sandboxBrowser(cookies),

    /** Opens `url` and follows redirects: the sign-in page, or the callback URL. */
    async open(url: string): Promise<Response | URL> {
      return follow(await request(url), url);
    },

    /** Posts a form to `url` (as the sign-in page's buttons do) and follows the redirects. */
    async submit(url: string, fields: Record<string, string>): Promise<Response | URL> {
      const response = await request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
      return follow(response, url);
    },
  };
}

export type SandboxBrowser = ReturnType<typeof sandboxBrowser>;

/** Where the sign-in page's main form posts. */
export function formActionOf(html: string, baseUrl: string): string {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (action === undefined) throw new Error('the page has no sign-in form');
  return new URL(action.replaceAll('&amp;', '&'), baseUrl).href;
}

/**
 * Signs in at the sandbox provider from an app's `auth_url` and answers the app's callback URL
 * (with `code`, or `error` when denied).
 */
export async function signInAtSandbox(
  authUrl: string,
  baseUrl: string,
  fields: Record<string, string>,
): Promise<URL> {
  const browser = sandboxBrowser();
  const page = await browser.open(authUrl);
  if (page instanceof URL) return page;
  const done = await browser.submit(formActionOf(await page.text(), baseUrl), fields);
  if (!(done instanceof URL)) throw new Error(`signing in stopped at HTTP ${done.status}`);
  return done;
}
