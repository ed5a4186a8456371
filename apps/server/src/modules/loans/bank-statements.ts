import { bankStatementMaxBytes, bankStatementTypes, type BankStatementType } from '@sesxi/contract';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { HttpError, httpError } from '#app/errors.ts';

/**
 * The form's parts are few and small; the statement is at most 10 MB, counted while it
 * streams in, and one file only.
 */
const multipartLimits = {
  fieldNameSize: 100,
  fieldSize: 1024,
  fields: 10,
  files: 1,
  fileSize: bankStatementMaxBytes,
  parts: 11,
  headerPairs: 100,
};

/**
 * A preValidation hook for the loan form: reads the multipart body into `request.body` as
 * `{<field>: <the field's text>, file: BankStatementUpload}` for the route's schema to check.
 * Nothing is stored here, so a refused form leaves nothing behind.
 */
export async function readLoanForm(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) throw httpError(415, 'errors.unsupportedMediaType');
  const body: Record<string, unknown> = {};
  try {
    for await (const part of request.parts({ limits: multipartLimits })) {
      if (part.type === 'field') {
        // A part sent as application/json arrives parsed; the form's fields are JSON text.
        body[part.fieldname] =
          typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
      } else if (part.fieldname === 'file') {
        const bytes = await part.toBuffer();
        body.file = {
          fileName: part.filename,
          bytes,
          detectedType: (await fileTypeFromBuffer(bytes))?.mime,
        } satisfies z.input<typeof bankStatementFile>;
      } else {
        await part.toBuffer();
      }
    }
  } catch (error) {
    throw multipartError(error);
  }
  request.body = body;
}

function multipartError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new HttpError(413, 'errors.bodyTooLarge', {
      fields: { file: [{ key: 'loan.fileTooLarge' }] },
    });
  }
  // The plugin's own errors carry a 4xx; the parser's (a broken body) do not.
  const statusCode =
    typeof error === 'object' && error !== null && 'statusCode' in error ? error.statusCode : 0;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return error;
  return httpError(400, 'errors.malformedBody');
}

const allowedTypes: readonly string[] = bankStatementTypes;

/**
 * The `file` field: present, not empty, and a PDF, JPEG or PNG by its content (`detectedType`
 * is what `file-type` reads from the first bytes, whatever the name or the declared type say).
 */
export const bankStatementFile = z
  .object(
    {
      fileName: z.string(),
      bytes: z.instanceof(Buffer),
      detectedType: z.string().optional(),
    },
    { error: 'loan.fileRequired' },
  )
  .superRefine((file, context) => {
    if (file.bytes.length === 0) {
      context.addIssue({ code: 'custom', message: 'loan.fileEmpty', input: file.fileName });
    } else if (!allowedTypes.includes(file.detectedType ?? '')) {
      context.addIssue({ code: 'custom', message: 'loan.fileType', input: file.fileName });
    }
  })
  // The refinement let only the allowed types through.
  .transform(({ detectedType, ...file }) => ({ ...file, type: detectedType as BankStatementType }));

/** A bank statement as it arrived: its bytes, what they are by content, and the name sent. */
export type BankStatementUpload = z.output<typeof bankStatementFile>;
