import '@mantine/core/styles/Input.layer.css';
import { Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { Contract } from '@sesxi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiForm } from '../../../shared/api/api-form';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { GeorgianText } from '../../../shared/ui/georgian-text';
import { Section } from '../../../shared/ui/page-parts';
import { contractQuery } from '../api/contract-show';
import { signContract } from '../api/contract-sign';
import { sendSigningCode } from '../api/contract-code';
import { updateContract } from '../api/contract-update';
import { CodeConfirmation } from './code-confirmation';
import { ContractPdfButton } from './contract-pdf-button';
import { identityCheckRefusalOf } from './identity-check-refusal';

/** The form's values as typed: the day as the select holds it, the IBAN with any spaces. */
interface ChoicesValues {
  payment_day: string;
  iban: string;
}

function choicesOf(contract: Contract): ChoicesValues {
  return { payment_day: String(contract.payment_day), iban: contract.iban ?? '' };
}

/** Every month has them. */
const paymentDays = Array.from({ length: 28 }, (_, index) => String(index + 1));

/**
 * What comes before a signature: the payment day and the account, saved and recomputed by the
 * server (its field errors under the fields); the document to read; the agreement to contract
 * electronically, the first time; then the code that signs. After the bank refused the
 * account, the same with another account, signed anew: the code is offered once it is saved.
 */
export function SigningSteps({ loanId, contract }: { loanId: number; contract: Contract }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refused = contract.payout?.state === 'refused';
  const [saved, setSaved] = useState(false);
  const { form, submit, formError } = useApiForm<ChoicesValues>({
    defaultValues: choicesOf(contract),
    onSubmit: async (values) => {
      setSaved(false);
      const updated = await updateContract(loanId, {
        payment_day: Number(values.payment_day),
        iban: values.iban,
      });
      queryClient.setQueryData(contractQuery(loanId).queryKey, updated);
      // The server's spelling of the IBAN: capitals, no spaces.
      form.reset(choicesOf(updated));
      setSaved(true);
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  let blockedBy: string | undefined;
  if (isDirty) blockedBy = t('contract.signing.unsaved');
  else if (contract.iban === null || (refused && !saved)) {
    blockedBy = t('contract.signing.needsAccount');
  }

  return (
    <>
      <Section title={t(refused ? 'contract.choices.otherAccount' : 'contract.choices.title')}>
        <Stack component="form" gap="md" onSubmit={(event) => void submit(event)}>
          <NativeSelect
            label={t('contract.choices.paymentDay')}
            description={t('contract.choices.paymentDayDescription')}
            data={paymentDays.map((day) => ({
              value: day,
              label: t('contract.choices.day', { day }),
            }))}
            error={errors.payment_day?.message}
            {...form.register('payment_day')}
          />
          <TextInput
            label={t('contract.choices.iban')}
            description={t('contract.choices.ibanDescription')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            error={errors.iban?.message}
            {...form.register('iban', { required: t('contract.choices.ibanRequired') })}
          />
          <ErrorAlert message={formError} />
          <div>
            <Button type="submit" variant="light" loading={isSubmitting}>
              {t('contract.choices.save')}
            </Button>
          </div>
          <Text role="status" size="sm" c="teal.9">
            {saved && !isDirty ? t('contract.choices.saved') : ''}
          </Text>
        </Stack>
      </Section>
      <ContractPdfButton loanId={loanId} contract={contract} />
      {contract.e_contract_consent && (
        <Section title={t('contract.eContract.title')}>
          <GeorgianText html={contract.e_contract_consent.html} />
          <Text fw={600}>{t('contract.eContract.note')}</Text>
        </Section>
      )}
      <Section title={t('contract.signing.title')}>
        <Text>{t('contract.signing.intro')}</Text>
        {/* A code is bound to one document: a new one (another day or account) needs a new code. */}
        <CodeConfirmation
          key={contract.sha256}
          send={() => sendSigningCode(loanId)}
          confirm={async (code) => {
            queryClient.setQueryData(
              contractQuery(loanId).queryKey,
              await signContract(loanId, code),
            );
            await queryClient.invalidateQueries({ queryKey: ['loans', 'list'] });
            // The steps are done and gone: focus starts again at the page's content.
            document.getElementById('main-content')?.focus();
          }}
          confirmLabel={t('contract.signing.sign')}
          blockedBy={blockedBy}
          refusalOf={identityCheckRefusalOf}
        />
      </Section>
    </>
  );
}
