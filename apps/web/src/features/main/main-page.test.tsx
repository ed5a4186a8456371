import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { customerFixture, jsonResponse, type ApiAnswer } from '../../test/api-fixtures';
import { renderApp } from '../../test/render-app';
import { session } from '../../shared/session/session';

const gateAnswers: Record<string, ApiAnswer> = {
  'GET /api/sda-checking': () => jsonResponse({ status: 'success', sda_info_text: 'ტექსტი' }),
  'GET /api/questionnaires/create': () =>
    jsonResponse({ status: 'success', cities: [], activitySpheres: [] }),
  'GET /api/questionnaires': () =>
    jsonResponse({ status: 'success', questionnaire: null, privacy_policy_agreement_text: '' }),
};

describe('/main', () => {
  it('greets the customer on the personal page', async () => {
    session.set(customerFixture);
    renderApp('/main');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'პირადი გვერდი' }),
    ).toBeInTheDocument();
    expect(screen.getByText('გამარჯობა, ნინო!')).toBeInTheDocument();
  });

  it.each([
    [
      'the personal-data check',
      { is_sda_verified: false, has_questionnaire: false },
      '/sda-checking',
    ],
    ['the questionnaire', { has_questionnaire: false }, '/questionnaire'],
  ])('sends a customer who has not passed %s there first', async (_, profile, gate) => {
    session.set({ ...customerFixture, ...profile });
    const { router } = renderApp('/main', gateAnswers);
    await vi.waitFor(() => {
      expect(router.state.location.pathname).toBe(gate);
    });
  });

  it('leads to the questionnaire through the header’s edit-data link', async () => {
    session.set(customerFixture);
    const { user, router } = renderApp('/main', gateAnswers);
    await screen.findByRole('heading', { level: 1, name: 'პირადი გვერდი' });
    await user.click(
      within(screen.getByRole('banner')).getByRole('button', { name: 'ნინო კაპანაძე' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'მონაცემების რედაქტირება' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'პირადი მონაცემების რედაქტირება' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/questionnaire-edit');
  });
});
