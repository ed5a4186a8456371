/**
 * A request a signed-in screen's page made for its data before the app ran
 * (start-after-paint.ts), handed over on `window.earlyAnswers`: its URL, the bearer token and
 * language it was made with, and its answer on the way. The page's script imports only these
 * types, so that it shares no code with the app.
 */
export interface EarlyAnswer {
  url: string;
  token: string;
  locale: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    earlyAnswers?: EarlyAnswer[];
  }
}

/**
 * The answer the page asked for already to a GET of `url` made the same way, taken (once): the
 * app's first request for a screen's data waits for it instead of asking again.
 */
export function takeEarlyAnswer(
  url: string,
  token: string | undefined,
  locale: string,
): Promise<Response> | undefined {
  const answers = typeof window === 'undefined' ? undefined : window.earlyAnswers;
  const index =
    answers?.findIndex(
      (answer) => answer.url === url && answer.token === token && answer.locale === locale,
    ) ?? -1;
  if (index === -1) return undefined;
  return answers?.splice(index, 1)[0]?.response;
}

/**
 * Forgets the answers the app did not take once it has started: they belong to the first
 * screen's visit, and a later request must not be answered with them.
 */
export function dropEarlyAnswers(): void {
  delete window.earlyAnswers;
}
