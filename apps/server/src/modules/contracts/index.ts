export type { ContractDocumentDetails } from './contract-documents.ts';
export { currentContractDocument, type CurrentContractDocument } from './current-document.ts';
export type { ContractFigures } from './figures.ts';
export { issueOffer, type FinalApproval, type OfferSettings } from './offer.ts';
export { contractRoutes } from './routes.ts';
