import { defineEndpoint } from './endpoint.ts';
import { statusOnly } from './envelope.ts';
import { access } from './access.ts';

/** `GET /healthz`: the process is up. */
export const healthz = defineEndpoint({
  method: 'GET',
  path: '/healthz',
  access: access.public,
  response: statusOnly,
});

/** `GET /readyz`: the database answers; 503 with `{"status":"error"}` when it does not. */
export const readyz = defineEndpoint({
  method: 'GET',
  path: '/readyz',
  access: access.public,
  response: statusOnly,
});
