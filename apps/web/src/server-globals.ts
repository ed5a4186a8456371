/**
 * Where pages render outside a browser (entry-server.tsx, in the build and in the server), the
 * local storage of a first visit: empty, and keeping nothing. Modules that read it as they load
 * and pages that read it as they render find nothing, and no render sees another's writes.
 */
const emptyStorage: Storage = {
  length: 0,
  clear: () => undefined,
  getItem: () => null,
  key: () => null,
  removeItem: () => undefined,
  setItem: () => undefined,
};

if (typeof localStorage === 'undefined') {
  Object.defineProperty(globalThis, 'localStorage', { value: emptyStorage });
}
