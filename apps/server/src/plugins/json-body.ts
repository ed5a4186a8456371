import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { httpError } from '#app/errors.ts';

/** The spec's payloads are at most two levels deep; anything far deeper is an attack. */
export const maxJsonDepth = 32;

/**
 * JSON is the only body type besides the multipart forms later modules add: no text/plain,
 * prototype poisoning refused (Fastify's parser), and nesting deeper than `maxJsonDepth`
 * refused before parsing.
 */
const jsonBody: FastifyPluginCallback = (app, _options, done) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, parsed) => {
    const text = String(body);
    if (exceedsDepth(text, maxJsonDepth)) {
      parsed(httpError(400, 'errors.malformedBody'), undefined);
      return;
    }
    void parseJson(request, text, parsed);
  });
  done();
};

export default fp(jsonBody, { name: 'json-body' });

/** Counts bracket nesting outside string literals, in one pass over the text. */
export function exceedsDepth(json: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < json.length; index++) {
    const char = json.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) index++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      if (++depth > maxDepth) return true;
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}
