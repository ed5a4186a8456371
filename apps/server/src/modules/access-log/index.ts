export { type Access, type AccessAction, createAccessLogRepository } from './repository.ts';
