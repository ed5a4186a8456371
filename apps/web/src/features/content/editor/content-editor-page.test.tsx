import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  customerFixture,
  jsonResponse,
  bodiesSentTo,
  type ApiAnswer,
} from '../../../test/api-fixtures';
import { renderApp } from '../../../test/render-app';
import { session } from '../../../shared/session/session';

const editor = { ...customerFixture, roles: ['content_editor' as const] };

const published: ApiAnswer = (body) => {
  const { locale, html } = body as { locale: string; html: string };
  return jsonResponse({ status: 'success', content: { key: 'claims', locale, version: 2, html } });
};

beforeEach(() => {
  session.set(editor);
});

describe('/content', () => {
  it('is for content editors only', async () => {
    session.set(customerFixture);
    renderApp('/content');
    // A customer is sent on to their own page.
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent(
      'ტექსტების რედაქტირება',
    );
  });

  it('loads the chosen text, previews it at phone width and publishes after a confirmation', async () => {
    const { user, fetchMock } = renderApp('/content', { 'PUT /api/content/claims': published });
    expect(
      // The editor's chunk (Tiptap) loads first.
      await screen.findByRole(
        'heading',
        { level: 1, name: 'ტექსტების რედაქტირება' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('ტექსტი')).toHaveValue('claims');
    const preview = screen.getByTestId('content-preview');
    await waitFor(() => {
      expect(within(preview).getByRole('link', { name: 'nbg.gov.ge' })).toBeInTheDocument();
    });
    expect(screen.getByText('მიმდინარე ვერსია: 1')).toBeInTheDocument();
    expect(screen.getByRole('toolbar', { name: 'ფორმატირება' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /ტექსტის რედაქტორი/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'გამოქვეყნება' }));
    const dialog = await screen.findByRole('dialog', { name: 'გამოვაქვეყნოთ?' });
    expect(bodiesSentTo(fetchMock, 'PUT /api/content/claims')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'გამოქვეყნება' }));
    await waitFor(() => {
      expect(bodiesSentTo(fetchMock, 'PUT /api/content/claims')).toHaveLength(1);
    });
    const [sent] = bodiesSentTo(fetchMock, 'PUT /api/content/claims') as { html: string }[];
    expect(sent).toMatchObject({ locale: 'ka' });
    expect(sent?.html).toContain('nbg.gov.ge');
    expect(await screen.findByText('გამოქვეყნდა, ვერსია 2')).toBeInTheDocument();
  });

  it('warns that consents already given keep their wording when a consent text is published', async () => {
    const { user } = renderApp('/content', {
      'GET /api/content/privacy_policy': () =>
        jsonResponse({
          status: 'success',
          content: { key: 'privacy_policy', locale: 'ka', version: 3, html: '<p>პოლიტიკა</p>' },
        }),
    });
    await user.selectOptions(await screen.findByLabelText('ტექსტი'), 'privacy_policy');
    expect(await screen.findByText('მიმდინარე ვერსია: 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'გამოქვეყნება' }));
    expect(
      await screen.findByText(/უკვე გაცემული თანხმობები ძველ ვერსიას შეინარჩუნებენ/),
    ).toBeInTheDocument();
  });
});
