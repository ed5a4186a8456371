import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyPluginCallback } from 'fastify';
import { escapeHtml } from '#app/http/html.ts';

/** Where the documentation page lives; the OpenAPI plugin leaves these paths out of the document. */
export const apiDocsPath = '/api/docs';

const swaggerUiDir = dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
);

/** The only files the page loads, all from this origin: Swagger UI's and our start-up script. */
const files: Record<string, { path: string; type: string }> = {
  'swagger-ui.css': { path: join(swaggerUiDir, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': {
    path: join(swaggerUiDir, 'swagger-ui-bundle.js'),
    type: 'text/javascript; charset=utf-8',
  },
  'favicon-32x32.png': { path: join(swaggerUiDir, 'favicon-32x32.png'), type: 'image/png' },
  'start.js': {
    path: join(import.meta.dirname, 'start.js'),
    type: 'text/javascript; charset=utf-8',
  },
};

function page(productName: string): string {
  const title = `${escapeHtml(productName)} API`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <link rel="stylesheet" href="${apiDocsPath}/swagger-ui.css" />
    <link rel="icon" type="image/png" href="${apiDocsPath}/favicon-32x32.png" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${apiDocsPath}/swagger-ui-bundle.js"></script>
    <script src="${apiDocsPath}/start.js"></script>
  </body>
</html>
`;
}

/**
 * The API documentation page at /api/docs: Swagger UI from the `swagger-ui-dist` package,
 * served from this origin, on /api/openapi.json. No inline script and no other origin, so the
 * product's strict Content-Security-Policy holds here unchanged.
 */
export const apiDocs: FastifyPluginCallback<{ productName: string }> = (
  app,
  { productName },
  done,
) => {
  const html = page(productName);

  app.get(apiDocsPath, (_request, reply) => reply.type('text/html; charset=utf-8').send(html));

  app.get(`${apiDocsPath}/:file`, (request, reply) => {
    const { file } = request.params as { file: string };
    const served = Object.hasOwn(files, file) ? files[file] : undefined;
    if (!served) {
      reply.callNotFound();
      return reply;
    }
    return reply.type(served.type).send(createReadStream(served.path));
  });
  done();
};
