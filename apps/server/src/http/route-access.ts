import * as contract from '@sesxi/contract';
import { isContractRoute, type Access, type ContractRoute } from '@sesxi/contract';

/** Every route of the contract (endpoints and file routes), by `METHOD path`. */
const contractRoutes = new Map<string, ContractRoute>(
  [...Object.values(contract as Record<string, unknown>), ...Object.values(contract.fileRoutes)]
    .filter(isContractRoute)
    .map((route) => [`${route.method} ${route.path}`, route]),
);

/**
 * The access the contract declares for a route, undefined for a route it does not know (the
 * documentation's, the sandbox's pages). A contract route that declares none is a mistake the
 * server refuses to start with, rather than serve it ungated.
 */
export function declaredAccess(method: string, url: string): Access | undefined {
  const route = contractRoutes.get(`${method} ${url}`);
  if (!route) return undefined;
  if (!route.access) throw new Error(`${method} ${url}: the contract declares no access for it`);
  return route.access;
}
