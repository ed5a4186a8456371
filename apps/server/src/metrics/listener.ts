import { once } from 'node:events';
import { createServer } from 'node:http';
import { pathOf } from '#app/http/paths.ts';

export interface MetricsListener {
  /** The port it listens on (the one asked for). */
  port: number;
  close(): Promise<void>;
}

/**
 * A plain HTTP server of its own for Prometheus, apart from the public listener: it answers
 * `GET /metrics` with what `scrape` writes and 404 to anything else. Resolves once it
 * listens; rejects when it cannot (the port is taken: EADDRINUSE).
 */
export async function listenForScrapes({
  host,
  port,
  contentType,
  scrape,
}: {
  host: string;
  port: number;
  contentType: string;
  scrape: () => Promise<string>;
}): Promise<MetricsListener> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || pathOf(request.url ?? '') !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    scrape().then(
      (text) => response.writeHead(200, { 'content-type': contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(),
    );
  });
  server.listen({ host, port });
  // Rejects with the server's error when it emits one first (EADDRINUSE, EACCES).
  await once(server, 'listening');
  return {
    port,
    close: async () => {
      const closed = once(server, 'close');
      server.close();
      server.closeAllConnections();
      await closed;
    },
  };
}
