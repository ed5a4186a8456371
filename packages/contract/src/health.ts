import { defineEndpoint } from './endpoint.ts';
import { statusOnly } from './envelope.ts';

/** `GET /healthz`: the process is up. */
export const healthz = defineEndpoint({ method: 'GET', path: '/healthz', response: statusOnly });

/** `GET /readyz`: the database answers; 503 with `{"status":"error"}` when it does not. */
export const readyz = defineEndpoint({ method: 'GET', path: '/readyz', response: statusOnly });
