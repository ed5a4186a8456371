import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
}

/** How the fake answers the next requests: as S3 does, with a server error, or not at all. */
export type FakeS3Mode = 'normal' | 'failing' | 'silent';

/**
 * A small stand-in for an S3-compatible service on a loopback port: path-style PUT, GET and
 * DELETE of objects in one bucket, S3's XML errors, and a check that each request is signed
 * (AWS Signature V4) with the expected access key. Enough for the storage adapter's contract
 * test; the signature itself is the SDK's business.
 */
export async function startFakeS3({
  bucket,
  accessKeyId,
}: {
  bucket: string;
  accessKeyId: string;
}) {
  const objects = new Map<string, StoredObject>();
  let mode: FakeS3Mode = 'normal';

  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      if (mode === 'silent') return;
      if (mode === 'failing') {
        sendError(response, 500, 'InternalError');
        return;
      }
      answer(request, body, response);
    });
  });

  function answer(request: IncomingMessage, body: Buffer, response: ServerResponse) {
    const credential = `AWS4-HMAC-SHA256 Credential=${accessKeyId}/`;
    if (!request.headers.authorization?.startsWith(credential)) {
      sendError(response, 403, 'InvalidAccessKeyId');
      return;
    }
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://s3').pathname);
    const prefix = `/${bucket}/`;
    if (!path.startsWith(prefix)) {
      sendError(response, 404, 'NoSuchBucket');
      return;
    }
    const key = path.slice(prefix.length);
    const stored = objects.get(key);
    switch (request.method) {
      case 'PUT':
        objects.set(key, { body, contentType: request.headers['content-type'] });
        response.setHeader('etag', '"fake"');
        return response.end();
      case 'GET':
        if (!stored) {
          sendError(response, 404, 'NoSuchKey');
          return;
        }
        response.setHeader('content-type', stored.contentType ?? 'application/octet-stream');
        response.setHeader('content-length', stored.body.length);
        return response.end(stored.body);
      case 'DELETE':
        objects.delete(key);
        response.statusCode = 204;
        return response.end();
      default: {
        sendError(response, 405, 'MethodNotAllowed');
        return;
      }
    }
  }

  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    setMode(next: FakeS3Mode) {
      mode = next;
    },
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

export type FakeS3 = Awaited<ReturnType<typeof startFakeS3>>;

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sendError(response: ServerResponse, statusCode: number, code: string) {
  response.statusCode = statusCode;
  response.setHeader('content-type', 'application/xml');
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
  );
}
