import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  expiresAt: number;
}

/**
 * The sandbox provider's storage: a map in this process (its sign-ins last minutes and the
 * sandbox runs as one instance). Ours rather than the library's, which warns at every start
 * that it is not fit for production; neither is this, and nothing in production uses it.
 */
export function memoryStore(): AdapterFactory {
  const entries = new Map<string, Entry>();

  function live(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  function sweep(now: number) {
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
  }

  return (model: string): Adapter => {
    const keyOf = (id: string) => `${model}:${id}`;
    const find = (id: string) => Promise.resolve(live(keyOf(id))?.payload);
    return {
      upsert(id, payload, expiresIn = 3600) {
        const now = Date.now();
        sweep(now);
        entries.set(keyOf(id), { payload, expiresAt: now + expiresIn * 1000 });
        return Promise.resolve();
      },
      find,
      findByUid(uid) {
        const entry = [...entries.entries()].find(
          ([key, { payload }]) => key.startsWith(`${model}:`) && payload.uid === uid,
        );
        return entry ? find(entry[0].slice(model.length + 1)) : Promise.resolve(undefined);
      },
      findByUserCode() {
        return Promise.resolve(undefined);
      },
      consume(id) {
        const entry = live(keyOf(id));
        if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
        return Promise.resolve();
      },
      destroy(id) {
        entries.delete(keyOf(id));
        return Promise.resolve();
      },
      revokeByGrantId(grantId) {
        for (const [key, { payload }] of entries) {
          if (payload.grantId === grantId) entries.delete(key);
        }
        return Promise.resolve();
      },
    };
  };
}
