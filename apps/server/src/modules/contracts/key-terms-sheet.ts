import { formatLari, toTetri } from '@sesxi/contract';
import { scheduleTable } from '#app/pdf/schedule-table.ts';
import type { Fact, PdfBlock } from '#app/pdf/write-pdf.ts';
import type { ContractFigures } from './figures.ts';
import {
  earlyRepaymentFees,
  lateCostsCapTimesPrincipal,
  latePenaltyPercentPerDay,
  refinancingFeeCapPercent,
  withdrawalDays,
  withdrawalRepaymentDays,
} from './legal-limits.ts';

/**
 * The key-terms sheet ("ხელშეკრულების მნიშვნელოვანი პირობები"), in Georgian: the contract's
 * cover sheet. Its wording is versioned by `keyTermsTemplate`, which every document records:
 * a change of wording is a new template, so a stored document always says which it holds.
 */
export const keyTermsTemplate = 1;

/** What the sheet is written from. */
export interface KeyTermsInputs {
  number: string;
  lender: string;
  contact: { hotline: string; email: string };
  amount: number;
  months: number;
  paymentDay: number;
  iban: string | null;
  validUntil: string;
  figures: ContractFigures;
}

/** A percent as Georgians write it: `24,00%`. */
export const percent = (value: number, digits = 2) => `${value.toFixed(digits).replace('.', ',')}%`;

/** A share of a percent without trailing zeros: `0,27%`, `0,5%`, `2%`. */
const shortPercent = (value: number) => `${String(value).replace('.', ',')}%`;

const feeNames = {
  upfront: 'ერთჯერადი საკომისიო (იქვითება ჩასარიცხი თანხიდან)',
  monthly: 'ყოველთვიური საკომისიო (ემატება ყოველ შენატანს)',
} as const;

function facts({
  number,
  lender,
  amount,
  months,
  paymentDay,
  iban,
  validUntil,
  figures,
}: KeyTermsInputs): Fact[] {
  const last = figures.schedule.at(-1)?.date ?? figures.first_payment_date;
  return [
    ['გამსესხებელი', lender],
    ['ხელშეკრულების ნომერი', number],
    ['შეთავაზება მოქმედებს', `${validUntil}-ის ჩათვლით`],
    ['სესხის თანხა', formatLari(amount)],
    ['ჩასარიცხი თანხა', formatLari(figures.paid_out)],
    ['ჩასარიცხი ანგარიში (IBAN)', iban ?? 'მიუთითებთ ხელმოწერამდე'],
    ['სესხის ვადა', `${months} თვე (${figures.payout_date} – ${last})`],
    ['საპროცენტო განაკვეთის სახე', 'ფიქსირებული'],
    ['წლიური ნომინალური საპროცენტო განაკვეთი', percent(figures.nominal_rate)],
    ['ეფექტური წლიური საპროცენტო განაკვეთი', percent(figures.effective_rate)],
    ['ყოველთვიური გადახდის დღე', `ყოველი თვის ${paymentDay} რიცხვი`],
    ['პირველი გადახდის თარიღი', figures.first_payment_date],
    ['ყოველთვიური შენატანი', formatLari(figures.monthly_payment)],
    ...figures.fees.map((fee): Fact => [
      feeNames[fee.kind],
      fee.kind === 'monthly'
        ? `${formatLari(fee.amount)}, სულ ${formatLari(fee.amount * months)}`
        : formatLari(fee.amount),
    ]),
    ['სესხის ღირებულება (პროცენტი და ყველა საკომისიო)', formatLari(figures.total_cost)],
    ['სულ გადასახდელი (ყველა შენატანი და საკომისიო)', formatLari(figures.total_to_repay)],
  ];
}

/** The sheet: the facts, then what the effective rate assumes, penalties, fees, rights. */
export function keyTermsBlocks(inputs: KeyTermsInputs): PdfBlock[] {
  const { figures, contact } = inputs;
  return [
    { kind: 'title', text: 'ხელშეკრულების მნიშვნელოვანი პირობები' },
    {
      kind: 'paragraph',
      text: 'ეს ფურცელი ხელშეკრულების განუყოფელი ნაწილია. გთხოვთ, ყურადღებით გაეცნოთ მას ხელმოწერამდე.',
    },
    { kind: 'facts', rows: facts(inputs) },
    { kind: 'heading', text: 'ეფექტური განაკვეთის გამოთვლის დაშვებები' },
    {
      kind: 'paragraph',
      text:
        `ეფექტური წლიური საპროცენტო განაკვეთი (${percent(figures.effective_rate)}) გამოთვლილია ყველა საკომისიოს ` +
        `გათვალისწინებით, იმ დაშვებით, რომ სესხი ჩაირიცხება ${figures.payout_date}-ს, ჩასარიცხი თანხა ` +
        `ერთჯერადი საკომისიოთი ნაკლებია სესხის თანხაზე და ყველა შენატანი სრულად და დროულად გადაიხდება ` +
        'გრაფიკით დადგენილ დღეებში. დღეები აითვლება ფაქტობრივად, წელიწადი 365 დღეა. ' +
        'კანონით დაშვებული ზღვარი 50%-ია. სხვა თარიღზე ჩარიცხვისას პირველი პერიოდის პროცენტი და ' +
        'ეფექტური განაკვეთი ოდნავ იცვლება.',
    },
    { kind: 'heading', text: 'ვადაგადაცილება' },
    {
      kind: 'paragraph',
      text:
        `შენატანის დაგვიანებისას პირგასამტეხლო შეადგენს დარჩენილი ძირი თანხის ` +
        `${shortPercent(latePenaltyPercentPerDay)}-ს ყოველ დაგვიანებულ დღეზე (კანონით დაშვებული მაქსიმუმი). ` +
        `ვადაგადაცილებასთან დაკავშირებული ყველა ხარჯი ჯამში არ აღემატება დარჩენილი ძირი თანხის ` +
        `${String(lateCostsCapTimesPrincipal).replace('.', ',')}-ჯერ ოდენობას.`,
    },
    { kind: 'heading', text: 'წინსწრებით დაფარვის საკომისიო' },
    {
      kind: 'table',
      columns: [
        { title: 'დარჩენილი ვადა', width: 0.6 },
        { title: 'საკომისიო (წინსწრებით დაფარული თანხიდან)', width: 0.4, align: 'right' },
      ],
      rows: earlyRepaymentFees.map((fee, index) => {
        const above = earlyRepaymentFees[index - 1]?.moreThanMonths;
        const term =
          above === undefined
            ? `${fee.moreThanMonths} თვეზე მეტი`
            : fee.moreThanMonths === 0
              ? `${above} თვე ან ნაკლები`
              : `${fee.moreThanMonths} თვეზე მეტი, ${above} თვემდე`;
        return [term, shortPercent(fee.percent)];
      }),
    },
    {
      kind: 'paragraph',
      text: `სხვა გამსესხებლის მიერ რეფინანსირებისას საკომისიო არ აღემატება ${shortPercent(refinancingFeeCapPercent)}-ს.`,
    },
    { kind: 'heading', text: `ხელშეკრულებაზე უარის თქმა ${withdrawalDays} დღის განმავლობაში` },
    {
      kind: 'paragraph',
      text:
        `ხელმოწერიდან ${withdrawalDays} დღის განმავლობაში შეგიძლიათ, უარი თქვათ ხელშეკრულებაზე მიზეზის ` +
        'მითითების გარეშე, SMS-ით მიღებული კოდით. თუ სესხი ჯერ არ ჩარიცხულა, ის აღარ ჩაირიცხება და ' +
        `არაფერს იხდით. თუ ჩაირიცხა, ${withdrawalRepaymentDays} დღის განმავლობაში აბრუნებთ ჩარიცხულ ` +
        `ძირ თანხას და სარგებლობის დღეების პროცენტს: ${formatLari(figures.daily_interest)} ყოველ დღეზე. ` +
        'გამსესხებლის საკომისიო არ გადაიხდება, გადახდილი კი დაგიბრუნდებათ.',
    },
    { kind: 'heading', text: 'პრეტენზიის წარდგენა' },
    {
      kind: 'paragraph',
      text:
        `პრეტენზია შეგიძლიათ წარადგინოთ ცხელ ხაზზე ${contact.hotline}, ელ. ფოსტით ${contact.email} ` +
        'ან ნებისმიერ ფილიალში. პასუხს მიიღებთ არაუგვიანეს 10 სამუშაო დღისა. თუ პასუხი არ ' +
        'დაგაკმაყოფილებთ, შეგიძლიათ, მიმართოთ საქართველოს ეროვნული ბანკის მომხმარებელთა უფლებების ' +
        'დაცვის სამსახურს (nbg.gov.ge) ან სასამართლოს.',
    },
  ];
}

/** The schedule of payments, with its columns. */
export function scheduleBlocks({ schedule }: ContractFigures): PdfBlock[] {
  return [
    { kind: 'heading', text: 'გადახდების გრაფიკი' },
    scheduleTable(
      schedule.map((row) => ({
        ...row,
        payment: toTetri(row.payment),
        principal: toTetri(row.principal),
        interest: toTetri(row.interest),
        fee: toTetri(row.fee),
        balance: toTetri(row.balance),
      })),
    ),
  ];
}
