export { evidenceOf } from './evidence.ts';
export {
  type ConsentEvidence,
  createConsentLedger,
  creditConsentValidMs,
  type ShownWording,
} from './ledger.ts';
export { type LatestWordingJson, latestWordingSql } from './repository.ts';
