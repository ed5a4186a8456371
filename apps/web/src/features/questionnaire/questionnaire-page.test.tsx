import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  bodiesSentTo,
  customerFixture,
  fieldErrors,
  requestsTo,
  type ApiAnswer,
} from '../../test/api-fixtures';
import { renderApp } from '../../test/render-app';
import { session } from '../../shared/session/session';
import { questionnaireAnswers, questionnaireFixture } from './questionnaire-fixtures';

const agreedCustomer = { ...customerFixture, has_questionnaire: false };

function renderQuestionnaire(answers: Record<string, ApiAnswer> = {}) {
  session.set(agreedCustomer);
  return renderApp('/questionnaire', { ...questionnaireAnswers, ...answers });
}

type User = ReturnType<typeof renderApp>['user'];

const field = (label: string) => screen.getByLabelText(label);
const radioGroup = (label: string) => within(screen.getByRole('radiogroup', { name: label }));
const submit = (user: User) => user.click(screen.getByRole('button', { name: 'გაგრძელება' }));

const { city_id, address, organisation_name, position, monthly_expenses } = questionnaireFixture;
const filledIn = {
  city_id,
  address,
  organisation_name,
  position,
  salary: 1234.5,
  monthly_expenses,
  total_financial_liability: 0,
  monthly_loan_payments: null,
};

async function fillInRequired(user: User) {
  await user.selectOptions(await screen.findByLabelText('ქალაქი'), 'გორი');
  await user.type(field('მისამართი'), address);
  await user.type(field('ორგანიზაცია'), organisation_name);
  await user.type(field('თანამდებობა'), position);
  await user.type(field('ხელფასი'), '1 234,50');
  await user.type(field('ყოველთვიური ხარჯები'), String(monthly_expenses));
  await user.type(field('ჯამური ფინანსური ვალდებულებები'), '0');
}

describe('/questionnaire', () => {
  it('takes Georgian amounts, sends the unset conditional fields as null, then /main', async () => {
    const { user, fetchMock, router } = renderQuestionnaire();
    expect(await screen.findByRole('heading', { level: 1, name: 'კითხვარი' })).toBeInTheDocument();
    await fillInRequired(user);
    expect(field('ხელფასი')).toHaveValue('1 234,50');
    expect(
      radioGroup('პოლიტიკურად აქტიური პირი').getByRole('radio', { name: 'არა' }),
    ).toBeChecked();
    expect(radioGroup('ინდივიდუალური მეწარმე').getByRole('radio', { name: 'არა' })).toBeChecked();
    await submit(user);

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/main');
    });
    expect(bodiesSentTo(fetchMock, 'POST /api/questionnaires')).toEqual([
      {
        ...filledIn,
        has_transfer: false,
        transfer: null,
        is_political_active: 0,
        is_individual_entrepreneur: 0,
        is_entrepreneur: false,
        entrepreneur_income: null,
        activity_sphere_id: null,
        has_pension: false,
        pension: null,
      },
    ]);
    expect(session.get()).toMatchObject({ has_questionnaire: true });
    // The first questionnaire has nothing stored to prefill.
    expect(requestsTo(fetchMock, 'GET /api/questionnaires')).toEqual([]);
  });

  it('asks for the monthly payments on existing loans apart from the total owed, optionally', async () => {
    const { user, fetchMock } = renderQuestionnaire();
    await fillInRequired(user);
    expect(field('ჯამური ფინანსური ვალდებულებები')).toHaveAccessibleDescription(
      'ყველა არსებული სესხისა და განვადების დარჩენილი ჯამური თანხა და არა ყოველთვიური გადასახადი.',
    );
    const monthly = field('არსებული სესხების ყოველთვიური გადასახადი (არასავალდებულო)');
    expect(monthly).toHaveAccessibleDescription(/ჯამური ვალდებულებების მიხედვით/);
    await user.type(monthly, 'ორასი');
    await submit(user);
    expect(await screen.findByText('შეიყვანეთ თანხა ციფრებით, მაგალითად: 1250,50')).toBeVisible();
    expect(requestsTo(fetchMock, 'POST /api/questionnaires')).toEqual([]);

    await user.clear(monthly);
    await user.type(monthly, '400,50');
    await submit(user);
    await waitFor(() => {
      expect(bodiesSentTo(fetchMock, 'POST /api/questionnaires')).toMatchObject([
        { total_financial_liability: 0, monthly_loan_payments: 400.5 },
      ]);
    });
  });

  it('shows the transfer, entrepreneur and pension fields with their box or radio', async () => {
    const { user, fetchMock } = renderQuestionnaire();
    await fillInRequired(user);
    for (const label of ['საშუალო თვიური გზავნილი', 'სამეწარმეო შემოსავალი', 'პენსია']) {
      expect(screen.queryByLabelText(label)).not.toBeInTheDocument();
    }
    expect(screen.queryByLabelText('საქმიანობის სფერო')).not.toBeInTheDocument();

    await user.click(field('ვიღებ ფულად გზავნილებს'));
    await user.type(field('საშუალო თვიური გზავნილი'), '150,5');
    await user.click(radioGroup('პოლიტიკურად აქტიური პირი').getByRole('radio', { name: 'დიახ' }));
    await user.click(radioGroup('ინდივიდუალური მეწარმე').getByRole('radio', { name: 'დიახ' }));
    await user.type(field('სამეწარმეო შემოსავალი'), '800');
    await user.selectOptions(field('საქმიანობის სფერო'), 'მშენებლობა');
    await user.click(field('ვიღებ პენსიას'));
    await user.type(field('პენსია'), '320,25');
    await submit(user);

    await waitFor(() => {
      expect(bodiesSentTo(fetchMock, 'POST /api/questionnaires')).toEqual([
        {
          ...filledIn,
          has_transfer: true,
          transfer: 150.5,
          is_political_active: 1,
          is_individual_entrepreneur: 1,
          is_entrepreneur: true,
          entrepreneur_income: 800,
          activity_sphere_id: 2,
          has_pension: true,
          pension: 320.25,
        },
      ]);
    });
  });

  it('sends an amount typed and then hidden again as null', async () => {
    const { user, fetchMock } = renderQuestionnaire();
    await fillInRequired(user);
    await user.click(field('ვიღებ ფულად გზავნილებს'));
    await user.type(field('საშუალო თვიური გზავნილი'), '300');
    await user.click(field('ვიღებ ფულად გზავნილებს'));
    expect(screen.queryByLabelText('საშუალო თვიური გზავნილი')).not.toBeInTheDocument();
    await submit(user);
    await waitFor(() => {
      expect(bodiesSentTo(fetchMock, 'POST /api/questionnaires')).toMatchObject([
        { has_transfer: false, transfer: null },
      ]);
    });
  });

  it('asks for every required field and a readable amount before sending', async () => {
    const { user, fetchMock } = renderQuestionnaire();
    await screen.findByLabelText('ქალაქი');
    await user.click(radioGroup('ინდივიდუალური მეწარმე').getByRole('radio', { name: 'დიახ' }));
    await submit(user);
    // City, address, organisation, position, salary, expenses, liabilities, income, activity.
    expect(await screen.findAllByText('ველის შევსება სავალდებულოა')).toHaveLength(9);
    expect(field('ქალაქი')).toHaveFocus();

    await user.type(field('ხელფასი'), 'ათასი');
    await submit(user);
    expect(field('ხელფასი')).toHaveAccessibleDescription(
      'შეიყვანეთ თანხა ციფრებით, მაგალითად: 1250,50',
    );
    expect(bodiesSentTo(fetchMock, 'POST /api/questionnaires')).toEqual([]);
  });

  it('shows the server’s errors under the matching fields', async () => {
    const { user, router } = renderQuestionnaire({
      'POST /api/questionnaires': () =>
        fieldErrors({
          salary: ['თანხა შეიძლება შეიცავდეს მაქსიმუმ 2 ათწილად ნიშანს'],
          transfer: ['თანხა უნდა იყოს მაქსიმუმ 10\u00a0000\u00a0000,00\u00a0₾'],
        }),
    });
    await fillInRequired(user);
    await user.click(field('ვიღებ ფულად გზავნილებს'));
    await user.type(field('საშუალო თვიური გზავნილი'), '99999999');
    await submit(user);

    await waitFor(() => {
      expect(field('ხელფასი')).toHaveAccessibleDescription(
        'თანხა შეიძლება შეიცავდეს მაქსიმუმ 2 ათწილად ნიშანს',
      );
    });
    expect(field('ხელფასი')).toHaveAttribute('aria-invalid', 'true');
    expect(field('ხელფასი')).toHaveFocus();
    expect(field('საშუალო თვიური გზავნილი')).toHaveAccessibleDescription(
      'თანხა უნდა იყოს მაქსიმუმ 10\u00a0000\u00a0000,00\u00a0₾',
    );
    expect(router.state.location.pathname).toBe('/questionnaire');
    expect(session.get()).toMatchObject({ has_questionnaire: false });
  });

  it('sends a customer who has one already to /main', async () => {
    session.set(customerFixture);
    const { router } = renderApp('/questionnaire', questionnaireAnswers);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/main');
    });
  });

  it('comes after the personal-data check', async () => {
    session.set({ ...agreedCustomer, is_sda_verified: false });
    const { router } = renderApp('/questionnaire', questionnaireAnswers);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/sda-checking');
    });
  });
});
