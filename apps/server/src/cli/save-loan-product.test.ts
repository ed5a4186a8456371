import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '#app/db/pglite.ts';
import { runScript } from '#app/test/command-line.ts';
import { loanProducts } from '#app/db/schema.ts';

const script = resolve(import.meta.dirname, 'save-loan-product.ts');
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sesxi-cli-'));
});

afterAll(() => rm(dataDir, { recursive: true, force: true }));

const run = (...args: string[]) => runScript(script, dataDir, ...args);

describe('npm run product:save', () => {
  it('saves a new version with what is given and keeps the rest; refuses above 50%', async () => {
    // The first run finds an empty database: the command seeds nothing, so `standard` is new.
    const created = await run(
      ...['--code', 'standard', '--name', 'სამომხმარებლო სესხი', '--name-en', 'Consumer loan'],
      ...['--nominal-rate', '24', '--fee-percent', '2', '--min-amount', '100'],
      ...['--max-amount', '50000', '--min-months', '3', '--max-months', '48', '--default', 'yes'],
    );
    expect(created.stderr).toBe('');
    expect(created.stdout).toMatch(/^Loan product standard version 1 saved: 24% a year/);

    const repriced = await run('--code', 'standard', '--nominal-rate', '22,5');
    expect(repriced.code).toBe(0);
    expect(repriced.stdout).toContain('version 2 saved: 22.5% a year');
    expect(repriced.stdout).toMatch(
      /Highest effective rate inside its limits: 43\.17% \(112\.29 GEL over 3 months, paid out on 2025-01-31 or any date with the same day counts\)/,
    );

    const tooDear = await run('--code', 'standard', '--fee-fixed', '15');
    expect(tooDear.code).toBe(1);
    expect(tooDear.stderr).toMatch(
      /not saved:\n {2}- the effective annual rate could reach .*above the legal 50%/,
    );

    const database = await openPglite({ dataDir: join(dataDir, 'pglite') });
    try {
      const rows = await database.db.select().from(loanProducts).orderBy(asc(loanProducts.id));
      expect(rows).toEqual([
        expect.objectContaining({
          version: 1,
          nominalRate: 24,
          originationFeePercent: 2,
          isDefault: true,
        }),
        expect.objectContaining({
          version: 2,
          nominalRate: 22.5,
          originationFeePercent: 2,
          originationFeeFixed: 0,
          minAmount: 100,
          maxMonths: 48,
          name: 'სამომხმარებლო სესხი',
          isDefault: true,
        }),
      ]);
    } finally {
      await database.close();
    }
    // Each run starts an embedded database: slow on a busy machine.
  }, 240_000);

  it('explains its usage when the code is missing or a value is not a number', async () => {
    const noCode = await run('--nominal-rate', '20');
    expect(noCode.code).toBe(1);
    expect(noCode.stderr).toContain('Usage: npm run product:save');
    const notNumber = await run('--code', 'standard', '--nominal-rate', 'twenty');
    expect(notNumber.code).toBe(1);
    expect(notNumber.stderr).toContain('--nominal-rate: not a number: twenty');
  });

  it('names what a new product lacks', async () => {
    const result = await run('--code', 'auto', '--nominal-rate', '18');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('name: This field is required');
    expect(result.stderr).toContain('min_amount: This field is required');
  }, 180_000);
});
