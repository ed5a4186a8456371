import type { Endpoint } from '@sesxi/contract';

type Present<T> = Exclude<T, undefined>;

/** Only the parts an endpoint has: fastify-type-provider-zod types an absent part as unknown. */
type SchemaOf<E extends Endpoint> = { response: { 200: E['response'] } } & ([
  Present<E['body']>,
] extends [never]
  ? unknown
  : { body: Present<E['body']> }) &
  ([Present<E['query']>] extends [never] ? unknown : { querystring: Present<E['query']> }) &
  ([Present<E['params']>] extends [never] ? unknown : { params: Present<E['params']> });

/** A contract endpoint as a Fastify route schema, so the handler is typed by the contract. */
export function schemaOf<E extends Endpoint>(endpoint: E): SchemaOf<E> {
  return {
    response: { 200: endpoint.response },
    ...(endpoint.body && { body: endpoint.body }),
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(endpoint.params && { params: endpoint.params }),
  } as SchemaOf<E>;
}
