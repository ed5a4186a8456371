/**
 * The National Bank of Georgia's consumer-protection contacts, shown on /claims. The words
 * around them live in the locale files (`claims.*`).
 */
export const nationalBankContacts = {
  website: 'https://nbg.gov.ge',
  websiteLabel: 'nbg.gov.ge',
  hotline: '032 2 406 406',
  hotlineInternational: '(+995 32) 2406406',
};
