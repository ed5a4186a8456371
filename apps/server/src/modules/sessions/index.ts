export {
  createSessionRepository,
  sessionRead,
  type SessionRead,
  signedIn,
  signedInHasRole,
  signedInUserId,
} from './repository.ts';
export {
  absoluteMinutes,
  type ActiveSession,
  createSessionService,
  idleMinutes,
  type SessionService,
} from './service.ts';
