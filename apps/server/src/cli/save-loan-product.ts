import { parseArgs } from 'node:util';
import { maxEffectiveRate, roundPercent } from '@sesxi/contract';
import {
  createLoanProductRepository,
  LoanProductRefusedError,
  saveLoanProduct,
  type LoanProductSettings,
} from '#app/modules/loan-products/index.ts';
import { fail, openConfiguredDatabase } from './command-line.ts';

const usage = `Usage: npm run product:save -w @sesxi/server -- --code CODE [options]
  --name NAME, --name-en NAME        the product's name in Georgian and in English
  --nominal-rate PERCENT             annual nominal interest
  --fee-percent PERCENT              one-off origination fee, percent of the amount
  --fee-fixed GEL                    one-off origination fee, fixed
  --monthly-fee GEL                  added to every monthly payment
  --min-amount GEL, --max-amount GEL
  --min-months N, --max-months N
  --default yes|no                   whether the loan form offers this product
Saves a new version of the product CODE; what is not given is kept from its current version
(a new code needs names, rate and limits; fees default to 0).`;

/** Each option and the product field it sets; numbers accept a decimal comma. */
const numberOptions = {
  'nominal-rate': 'nominal_rate',
  'fee-percent': 'origination_fee_percent',
  'fee-fixed': 'origination_fee_fixed',
  'monthly-fee': 'monthly_fee',
  'min-amount': 'min_amount',
  'max-amount': 'max_amount',
  'min-months': 'min_months',
  'max-months': 'max_months',
} as const;

function numberFrom(option: string, text: string): number {
  const value = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(value)) fail(`--${option}: not a number: ${text}\n\n${usage}`);
  return Number(value);
}

/** The options as product fields: only those given. */
function changesFrom(argv: string[]): { code: string; changes: Partial<LoanProductSettings> } {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        code: { type: 'string' },
        name: { type: 'string' },
        'name-en': { type: 'string' },
        default: { type: 'string' },
        ...Object.fromEntries(
          Object.keys(numberOptions).map((option) => [option, { type: 'string' as const }]),
        ),
      },
    });
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
  }
  const values: Record<string, string | boolean | undefined> = parsed.values;
  if (typeof values.code !== 'string' || values.code.trim() === '') fail(usage);
  const changes: Partial<LoanProductSettings> = {};
  if (typeof values.name === 'string') changes.name = values.name;
  if (typeof values['name-en'] === 'string') changes.name_en = values['name-en'];
  if (values.default !== undefined) {
    if (values.default !== 'yes' && values.default !== 'no')
      fail(`--default: yes or no\n\n${usage}`);
    changes.is_default = values.default === 'yes';
  }
  for (const [option, field] of Object.entries(numberOptions)) {
    const text = values[option];
    if (typeof text === 'string') changes[field] = numberFrom(option, text);
  }
  return { code: values.code.trim(), changes };
}

/**
 * Saves a new version of a loan product on the configured database, through the same check
 * as the seed: a product whose effective rate could exceed 50% is refused. Applications keep
 * the version they were made with.
 */
async function main() {
  const { code, changes } = changesFrom(process.argv.slice(2));
  const connection = await openConfiguredDatabase();
  try {
    const current = (await createLoanProductRepository(connection.db).current()).find(
      (product) => product.code === code,
    );
    const { id: _id, version: _version, ...kept } = current ?? {};
    const saved = await saveLoanProduct(connection.db, {
      ...kept,
      ...changes,
      code,
    } as LoanProductSettings);
    const worst = maxEffectiveRate(saved);
    process.stdout.write(
      `Loan product ${saved.code} version ${saved.version} saved: ${saved.nominal_rate}% a year, ` +
        `one-off fee ${saved.origination_fee_percent}% + ${saved.origination_fee_fixed} GEL, ` +
        `monthly fee ${saved.monthly_fee} GEL, ${saved.min_amount}–${saved.max_amount} GEL over ` +
        `${saved.min_months}–${saved.max_months} months${saved.is_default ? ', the default' : ''}.\n` +
        `Highest effective rate inside its limits: ${roundPercent(worst.effective_rate)}% ` +
        `(${worst.amount} GEL over ${worst.months} months, paid out on ${worst.payout_date} or ` +
        `any date with the same day counts).\n`,
    );
  } catch (error) {
    if (!(error instanceof LoanProductRefusedError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  } finally {
    await connection.close();
  }
}

await main();
