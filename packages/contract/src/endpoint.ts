import type { z } from 'zod';

/**
 * One endpoint of the API: its method, its path (with `:param` placeholders as Fastify
 * writes them) and the zod schemas of what goes in and what comes back. The server
 * registers its routes with these schemas; the web app types its calls with them.
 */
export interface Endpoint<
  Method extends 'GET' | 'POST' = 'GET' | 'POST',
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  method: Method;
  path: string;
  body?: Body;
  query?: Query;
  response: Response;
}

export function defineEndpoint<
  const Method extends 'GET' | 'POST',
  Response extends z.ZodType,
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
>(endpoint: Endpoint<Method, Body, Query, Response>): Endpoint<Method, Body, Query, Response> {
  return endpoint;
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
