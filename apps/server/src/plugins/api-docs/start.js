/*
 * The start-up of the API documentation page (/api/docs): Swagger UI on this server's own
 * OpenAPI document. A file, not an inline script, so that the page keeps the product's
 * Content-Security-Policy (script-src 'self'); no validator badge, which would call a
 * third-party origin.
 */
/* global window, SwaggerUIBundle */
window.addEventListener('load', () => {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
