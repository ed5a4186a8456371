export type { ContractDocumentDetails } from './contract-documents.ts';
export type { ContractFigures } from './figures.ts';
export { issueOffer, type FinalApproval, type OfferSettings } from './offer.ts';
export { contractRoutes, type ContractRoutesOptions } from './routes.ts';
export { createContractReader } from './contract-reader.ts';
export type { ContractStanding, StandingOf } from './contract-view.ts';
export { createDocumentService } from './documents.ts';
export { recordDecisionLetter, type DecisionOutcome } from './decision-letter.ts';
export {
  earlyRepaymentFees,
  lateCostsCapTimesPrincipal,
  latePenaltyPercentPerDay,
} from './legal-limits.ts';
