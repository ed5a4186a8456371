export { createUserRepository, profileColumns, type User, type UserProfile } from './repository.ts';
export { sessionUserOf } from './session-user.ts';
