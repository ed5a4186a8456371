import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received, its body as text. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type FakeAnswer = (request: RecordedRequest, response: ServerResponse) => void;

/** Answers `value` as JSON with `status`. */
export function answerJson(response: ServerResponse, status: number, value: unknown) {
  response.statusCode = status;
  response.setHeader('content-type', 'application/json');
  return response.end(JSON.stringify(value));
}

/**
 * A stand-in for an outside HTTP API on a loopback port, for the contract tests of production
 * adapters: it records every request and answers it with `answer`, which a test may swap
 * (`answerWith`) to play failures; `reset` restores it and forgets the requests.
 */
export async function startFakeHttpService(path: string, answer: FakeAnswer) {
  const requests: RecordedRequest[] = [];
  let current = answer;
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const recorded = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body,
      };
      requests.push(recorded);
      current(recorded, response);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    requests,
    answerWith(next: FakeAnswer) {
      current = next;
    },
    reset() {
      requests.length = 0;
      current = answer;
    },
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

export type FakeHttpService = Awaited<ReturnType<typeof startFakeHttpService>>;
