import { EffectiveRateCapError, type Contract, type Locale } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { fieldError, httpError } from '#app/errors.ts';
import type { FileStorage } from '#app/integrations/storage/file-storage.ts';
import type { ServiceContext } from '#app/service-context.ts';
import {
  basisOf,
  recordContractDocuments,
  storeContractFiles,
  writeContractDocuments,
  type ContractChoices,
} from './contract-documents.ts';
import {
  contractView,
  servedDocument,
  type ContractStanding,
  type OwnedContract,
  type StandingOf,
} from './contract-view.ts';
import { createContractRepository, type ContractRow } from './repository.ts';

export interface ContractDependencies extends ServiceContext {
  storage: FileStorage;
  /** The lender's name on the documents. */
  productName: string;
  /** The business date (modules/business-date). */
  businessDate: (db: Database) => Promise<string>;
  standingOf: StandingOf;
}

/**
 * Whether the customer may still choose the payment day and the account: while the offer
 * stands, and on a signed contract whose payout the bank refused (decision 022), whose new
 * document then needs a new signature.
 */
function choicesOpen(contract: ContractRow, standing: ContractStanding): boolean {
  return (
    contract.status === 'offered' ||
    (contract.status === 'signed' && standing.payout?.state === 'refused')
  );
}

/** The customer's contract: read it, choose its payment day and account, download it. */
export function createContractService({
  db,
  clock,
  log,
  storage,
  productName,
  businessDate,
  standingOf,
}: ContractDependencies) {
  const viewOf = async (owned: OwnedContract, userId: number, locale: Locale) =>
    contractView(owned, locale, await standingOf(db, { loanId: owned.contract.loanId, userId }));

  async function ownedOr404(loanId: number, userId: number): Promise<OwnedContract> {
    const owned = await createContractRepository(db).owned(loanId, userId);
    if (!owned) throw httpError(404, 'errors.notFound');
    return owned;
  }

  /** Removes files no row points at; a failure is logged, never answered. */
  async function discard(keys: string[]) {
    for (const key of keys) {
      try {
        await storage.delete(key);
      } catch (error) {
        log.warn({ err: error, key }, 'a contract file no document uses could not be removed');
      }
    }
  }

  return {
    async show(userId: number, loanId: number, locale: Locale): Promise<Contract> {
      return viewOf(await ownedOr404(loanId, userId), userId, locale);
    },

    /**
     * The contract on a new payment day and account, computed for a payout on today's business
     * date. Documents that would come out different are made anew and the earlier ones
     * superseded; a payment day that would pass 50% is refused under `payment_day`. Two changes
     * at once: the one that finds the documents it read still current wins, the other gets 409.
     */
    async choose(
      userId: number,
      loanId: number,
      { payment_day: paymentDay, iban }: { payment_day: number; iban: string },
      locale: Locale,
    ): Promise<Contract> {
      const owned = await ownedOr404(loanId, userId);
      const { contract, current } = owned;
      const standing = await standingOf(db, { loanId, userId });
      if (!choicesOpen(contract, standing)) throw httpError(409, 'contract.notChangeable');
      const today = await businessDate(db);
      if (contract.status === 'offered' && today > contract.validUntil)
        throw httpError(409, 'contract.offerExpired');
      const choices: ContractChoices = { paymentDay, iban };
      const basis = basisOf({ loanId, userId }, current.details, productName);
      const documents = await writeContractDocuments(db, basis, choices, today).catch(
        (error: unknown) => {
          if (error instanceof EffectiveRateCapError)
            throw fieldError('payment_day', 'contract.rateOverCap');
          throw error;
        },
      );
      if (documents.contract.sha256 === current.sha256) return viewOf(owned, userId, locale);

      const now = clock.now();
      const files = await storeContractFiles(storage, documents);
      try {
        await db.transaction(async (tx) => {
          const contracts = createContractRepository(tx);
          const locked = await contracts.lock(loanId);
          if (
            locked?.currentDocumentId !== contract.currentDocumentId ||
            !choicesOpen(locked, standing)
          )
            throw httpError(409, 'errors.conflict');
          const made = await recordContractDocuments(tx, documents, files, now);
          await contracts.replaceDocuments(loanId, { ...made, ...choices }, now);
        });
      } catch (error) {
        await discard(files.map(({ file }) => file.storageKey));
        throw error;
      }
      log.info({ event: 'contract_changed', loanId }, 'the contract was made on new choices');
      return viewOf(await ownedOr404(loanId, userId), userId, locale);
    },

    /** The file `contract.pdf` serves: the signed contract once signed, else the current one. */
    async pdf(userId: number, loanId: number) {
      const owned = await ownedOr404(loanId, userId);
      return {
        bytes: await storage.read(servedDocument(owned).storageKey),
        name: `${owned.contract.number}.pdf`,
      };
    },
  };
}
