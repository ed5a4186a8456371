import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { computeOffer, representativeLoanTerms, standardLoanProduct } from '@sesxi/contract';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentBlockView } from '../../shared/content/content-html';
import { formatTimestamp } from '../../shared/format/date-time';
import { formatMoney } from '../../shared/format/money';
import { formatPercent } from '../../shared/format/percent';
import { productName } from '../../shared/page/product-name';
import { useToday } from '../../shared/page/use-today';
import { useSessionUser } from '../../shared/session/session';
import classes from './home-page.module.css';

/** Register and log in for a visitor, the personal page for a signed-in customer. */
function CallToAction() {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <Group gap="sm">
      {user ? (
        <Button component={Link} to="/main" size="md">
          {t('account.toMain')}
        </Button>
      ) : (
        <>
          <Button component={Link} to="/register" size="md">
            {t('account.register')}
          </Button>
          <Button component={Link} to="/login" variant="outline" size="md">
            {t('account.login')}
          </Button>
        </>
      )}
    </Group>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <Stack component="section" gap="sm" aria-labelledby={id} className={classes.section}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** What the standard loan offers: amounts, terms and its pricing. */
function WhatWeOffer() {
  const { t } = useTranslation();
  const product = standardLoanProduct;
  const facts = [
    [t('labels.amount'), `${formatMoney(product.min_amount)} – ${formatMoney(product.max_amount)}`],
    [t('home.term'), t('home.termRange', { min: product.min_months, max: product.max_months })],
    [t('offer.nominalRate'), formatPercent(product.nominal_rate)],
    [
      t('offer.upfrontFee'),
      t('home.feeOfAmount', { percent: formatPercent(product.origination_fee_percent) }),
    ],
  ];
  return (
    <Section title={t('home.offerHeading')}>
      <dl className={classes.facts}>
        {facts.map(([term, value]) => (
          <div key={term} className={classes.fact}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Text>{t('home.offerNote')}</Text>
    </Section>
  );
}

/**
 * The representative example with its effective rate (the law asks every offer, advertising
 * included, to state it), computed as the loan form computes it, paid out today in Tbilisi.
 */
function RepresentativeExample() {
  const { t } = useTranslation();
  // Payments do not depend on the payout day but the effective rate does: a page prerendered
  // on another day shows the rate once it runs.
  const today = useToday();
  const offer = useMemo(
    () =>
      computeOffer(
        standardLoanProduct,
        representativeLoanTerms,
        today ?? formatTimestamp().slice(0, 10),
      ),
    [today],
  );
  const { amount, months } = representativeLoanTerms;
  const figures = [
    [t('offer.monthlyPayment'), formatMoney(offer.monthly_payment)],
    [t('offer.totalRepayment'), formatMoney(offer.total_repayment)],
    [t('offer.totalCost'), formatMoney(offer.total_cost)],
    [t('offer.effectiveRate'), today === null ? '…' : formatPercent(offer.effective_rate)],
  ];
  return (
    <Section title={t('home.exampleHeading')}>
      <div className={classes.example}>
        <Text>
          {t('home.example', {
            amount: formatMoney(amount),
            months,
            nominal: formatPercent(offer.nominal_rate),
            feePercent: formatPercent(standardLoanProduct.origination_fee_percent),
            fee: formatMoney(offer.upfront_fee),
          })}
        </Text>
        <dl className={classes.facts}>
          {figures.map(([term, value]) => (
            <div key={term} className={classes.fact}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <Text size="sm">{t('home.exampleNote')}</Text>
      </div>
    </Section>
  );
}

/** `/`: what the lender offers, a representative example, the steps, and where to start. */
export function HomePage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <Stack gap="xl" maw={880}>
      <Stack gap="md">
        <Title order={1}>{t('home.heading')}</Title>
        <Text size="lg">{t('home.intro', { productName: productName() })}</Text>
        <CallToAction />
      </Stack>
      <WhatWeOffer />
      <RepresentativeExample />
      {/* The steps and whatever else the lender writes: content `home`, edited at /content. */}
      <div className={classes.section}>
        <ContentBlockView contentKey="home" />
      </div>
      {!user && (
        // After the steps, a visitor need not scroll back up to start (named apart from the
        // header's and the top's links).
        <Section title={t('home.ctaHeading')}>
          <Text>{t('home.ctaText')}</Text>
          <Group gap="sm">
            <Button component={Link} to="/register" size="md">
              {t('home.registerNow')}
            </Button>
            <Button component={Link} to="/login" variant="outline" size="md">
              {t('home.logInNow')}
            </Button>
          </Group>
        </Section>
      )}
    </Stack>
  );
}
