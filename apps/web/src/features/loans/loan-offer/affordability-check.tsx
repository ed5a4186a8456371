import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AffordabilityAlternative, LoanTerms } from '@sesxi/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../shared/format/money';
import { formatPercent } from '../../../shared/format/percent';
import { loanOfferQuery } from '../api/loan-offer';
import classes from './loan-offer.module.css';

/** How long the amount and term must stay put before the server is asked. */
const affordabilityDelayMs = 400;

const sameTerms = (a: LoanTerms | null, b: LoanTerms | null) =>
  a?.amount === b?.amount && a?.months === b?.months;

interface AffordabilityCheckProps {
  /** Null while the form holds no terms within the limits. Keep the check mounted meanwhile, so that its debounce covers the first valid terms too. */
  terms: LoanTerms | null;
  purposeId: number | null;
  /** Puts an alternative's amount and term into the form. */
  onChoose: (alternative: AffordabilityAlternative) => void;
}

/**
 * Said under the PTI when the server counted the existing loans' monthly payments from the
 * total owed (the customer left the monthly figure empty): an estimate, and where to be exact.
 */
function EstimateNote() {
  const { t } = useTranslation();
  return (
    <Text size="sm">
      {t('offer.obligationsEstimated')}{' '}
      <Anchor component={Link} to="/questionnaire-edit" size="sm">
        {t('offer.addMonthlyPayments')}
      </Anchor>
    </Text>
  );
}

/**
 * The server's payment-to-income check for the terms once they settle: a calm line when they
 * fit; when not, the share of income and the limit, and each alternative as a one-click
 * switch. Quiet while it loads or fails (the numbers above stand on their own); nothing while
 * the customer is still changing the terms.
 */
export function AffordabilityCheck({ terms, purposeId, onChoose }: AffordabilityCheckProps) {
  const { t } = useTranslation();
  const [settled] = useDebouncedValue(terms, affordabilityDelayMs);
  const quote = useQuery(loanOfferQuery(settled, purposeId));
  if (!terms || !sameTerms(settled, terms)) return null;
  if (quote.isError) {
    return (
      <Text size="sm" c="dimmed">
        {t('offer.checkFailed')}
      </Text>
    );
  }
  if (quote.isPending) {
    return (
      <Text size="sm" c="dimmed">
        {t('offer.checking')}
      </Text>
    );
  }
  const { pti, limit, fits, alternatives, obligations_estimated, lender_obligations } =
    quote.data.affordability;
  const shares = { pti: formatPercent(pti ?? 0), limit: formatPercent(limit) };
  const estimate = obligations_estimated && pti !== null && <EstimateNote />;
  // The loans the lender approved count too, though the customer may not think of them as debts yet.
  const lenderLoans = lender_obligations > 0 && pti !== null && (
    <Text size="sm">
      {t('offer.lenderLoansCounted', { payment: formatMoney(lender_obligations) })}
    </Text>
  );
  if (fits) {
    return (
      <Stack gap="xs" className={`${classes.result} ${classes.fits}`}>
        <Text>{t('offer.fits', shares)}</Text>
        {lenderLoans}
        {estimate}
      </Stack>
    );
  }
  return (
    <Stack gap="xs" className={`${classes.result} ${classes.tooHigh}`}>
      <Text>{pti === null ? t('offer.noIncome') : t('offer.tooHigh', shares)}</Text>
      {lenderLoans}
      {estimate}
      {alternatives.length > 0 ? (
        <>
          <Text>{t('offer.alternatives')}</Text>
          <Stack component="ul" gap="xs" className={classes.alternatives}>
            {alternatives.map((alternative) => (
              <li key={alternative.kind}>
                <Button
                  variant="outline"
                  classNames={{ root: classes.alternative, label: classes.alternativeLabel }}
                  onClick={() => {
                    onChoose(alternative);
                  }}
                >
                  {alternative.kind === 'longer_term'
                    ? t('offer.longerTerm', {
                        months: alternative.months,
                        payment: formatMoney(alternative.monthly_payment),
                      })
                    : t('offer.smallerAmount', {
                        amount: formatMoney(alternative.amount),
                        payment: formatMoney(alternative.monthly_payment),
                      })}
                </Button>
              </li>
            ))}
          </Stack>
        </>
      ) : (
        pti !== null && <Text>{t('offer.noAlternatives')}</Text>
      )}
    </Stack>
  );
}
