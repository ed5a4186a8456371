import { ConfigError, type Environment } from './environment.ts';

/** Fastify's trustProxy: all, none, the addresses/CIDRs of the proxies, or how many hops to trust. */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

const sandboxOnNetworkProblem =
  'HOST: the sandbox (SERVICE_MODE=sandbox, the default) listens only on a loopback address: ' +
  'its SMS outbox shows every one-time code and its staff passwords are published. ' +
  'Set SERVICE_MODE=production with the real providers, or SANDBOX_ON_NETWORK=true to put a ' +
  'demo on the network on purpose';

/**
 * Where the server may listen: the sandbox only on a loopback address unless put on the
 * network on purpose, and the metrics never on the public port.
 */
export function checkListening(vars: Environment): void {
  if (vars.SERVICE_MODE === 'sandbox' && !isLoopback(vars.HOST) && !vars.SANDBOX_ON_NETWORK) {
    throw new ConfigError([sandboxOnNetworkProblem]);
  }
  if (vars.METRICS_PORT === vars.PORT) {
    throw new ConfigError([
      'METRICS_PORT: must differ from PORT: the metrics are never served on the public port',
    ]);
  }
}

/** `localhost`, 127.0.0.0/8 or ::1 (also written as an IPv4-mapped address). */
function isLoopback(host: string): boolean {
  const address = host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/^::ffff:/, '');
  return address === 'localhost' || address === '::1' || /^127(\.\d{1,3}){3}$/.test(address);
}

export function trustProxyFrom(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((address) => address.trim());
}
