/** Where the signed-in user is kept in local storage, and for how long (no imports: the bench reads it too). */
export const sessionKey = 'user';
export const sessionLifetimeMs = 30 * 60 * 1000;
