import { ConfigError, type Environment } from './environment.ts';

/** The lender's account customers pay into by bank transfer. */
export interface LenderAccount {
  bankName: string;
  iban: string;
}

/** The sandbox's lender account: a made-up account with a valid Georgian IBAN. */
export const sandboxLenderAccount: LenderAccount = {
  bankName: 'საქართველოს ბანკი',
  iban: 'GE59BG0000000123456789',
};

/**
 * `LENDER_BANK_NAME` and `LENDER_IBAN`, given together; the sandbox's account when neither is
 * given in the sandbox, none in production (the loan's page then leaves it to the hotline).
 */
export function lenderAccountOf(vars: Environment): LenderAccount | undefined {
  const { LENDER_BANK_NAME: bankName, LENDER_IBAN: iban } = vars;
  if (bankName !== undefined && iban !== undefined) return { bankName, iban };
  if (bankName !== undefined || iban !== undefined) {
    throw new ConfigError(['LENDER_BANK_NAME, LENDER_IBAN: must be given together']);
  }
  return vars.SERVICE_MODE === 'sandbox' ? sandboxLenderAccount : undefined;
}
