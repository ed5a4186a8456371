export { eContractConsentOf } from './e-contract-consent.ts';
export { signingPlugin, type SigningOptions } from './plugin.ts';
export {
  type ContractReader,
  type PayoutHooks,
  type PayoutSettlement,
  type SignableContract,
  withoutPayouts,
} from './ports.ts';
export { withdrawableUntil } from './withdrawal-window.ts';
export { signingEvidenceOf } from './evidence-reader.ts';
