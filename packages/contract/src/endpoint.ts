import type { z } from 'zod';
import type { Access } from './access.ts';

/**
 * One endpoint of the API: its method, its path (with `:param` placeholders as Fastify
 * writes them) and the zod schemas of what goes in and what comes back. The server
 * registers its routes with these schemas; the web app types its calls with them.
 */
export interface Endpoint<
  Method extends 'GET' | 'POST' | 'PUT' = 'GET' | 'POST' | 'PUT',
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: Method;
  path: string;
  /**
   * Who may call it (see access.ts): the server's gate and the document's mark read this. Every
   * endpoint the server serves declares it (the server refuses to start otherwise); only
   * endpoints a test makes up may leave it out.
   */
  access?: Access;
  /** The `:param` placeholders of `path`. */
  params?: Params;
  body?: Body;
  query?: Query;
  response: Response;
}

/** An endpoint as defined: the schemas it was given are known to be there. */
export type DefinedEndpoint<
  Method extends 'GET' | 'POST' | 'PUT',
  Body extends z.ZodType | undefined,
  Query extends z.ZodType | undefined,
  Response extends z.ZodType,
  Params extends z.ZodType | undefined = undefined,
> = Endpoint<Method, Body, Query, Response, Params> &
  (Body extends z.ZodType ? { body: Body } : unknown) &
  (Query extends z.ZodType ? { query: Query } : unknown) &
  (Params extends z.ZodType ? { params: Params } : unknown);

export function defineEndpoint<
  const Method extends 'GET' | 'POST' | 'PUT',
  Response extends z.ZodType,
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Params extends z.ZodType | undefined = undefined,
>(
  endpoint: Endpoint<Method, Body, Query, Response, Params>,
): DefinedEndpoint<Method, Body, Query, Response, Params> {
  return endpoint as DefinedEndpoint<Method, Body, Query, Response, Params>;
}

export type ResponseOf<E extends Endpoint> = z.output<E['response']>;
/** The input of an endpoint's optional schema; `never` when the endpoint has none. */
type InputOf<Schema> = [NonNullable<Schema>] extends [never]
  ? never
  : NonNullable<Schema> extends z.ZodType
    ? z.input<NonNullable<Schema>>
    : never;

export type BodyOf<E extends Endpoint> = InputOf<E['body']>;
export type QueryOf<E extends Endpoint> = InputOf<E['query']>;
export type ParamsOf<E extends Endpoint> = InputOf<E['params']>;
