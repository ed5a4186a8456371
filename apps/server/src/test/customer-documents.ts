import type { CustomerDocument } from '@sesxi/contract';
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect } from 'vitest';
import { bearer } from './accounts.ts';
import { sha256Of } from './contracts.ts';

/** The signed-in customer's documents as `GET /api/documents` lists them in `locale`. */
export async function documentsOf(
  app: FastifyInstance,
  token: string,
  locale = 'ka',
): Promise<CustomerDocument[]> {
  const answer = await app.inject({
    url: '/api/documents',
    headers: { ...bearer(token), 'accept-language': locale },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ documents: CustomerDocument[] }>().documents;
}

/** The text of every page of a PDF, its whitespace made single spaces. */
export async function textOf(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)));
  return text.join(' ').replace(/\s+/g, ' ');
}

/**
 * A listed document's file, downloaded with `token`: a PDF whose SHA-256 is the one listed.
 * Answers its text.
 */
export async function downloadedText(
  app: FastifyInstance,
  token: string,
  document: CustomerDocument | undefined,
) {
  const file = await app.inject({ url: document?.url ?? '', headers: bearer(token) });
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toBe('application/pdf');
  expect(sha256Of(file.rawPayload)).toBe(document?.sha256);
  return textOf(file.rawPayload);
}
