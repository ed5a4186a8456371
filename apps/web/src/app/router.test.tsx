import { screen, waitFor, within } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { contactFixture, customerFixture, jsonResponse, mockFetch } from '../test/api-fixtures';
import { renderRoutes } from '../test/render';
import { seededContentAnswers } from '../test/render-app';
import { setLocale } from '../shared/i18n/i18n';
import { session } from '../shared/session/session';
import { prerenderedPaths, signedInShellPaths } from '../entry-server';
import { appRoutes } from './router';

const contentAnswers = seededContentAnswers();

function renderApp(path: string) {
  mockFetch((url) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    const content = contentAnswers[`GET ${pathname}`];
    return content ? content(undefined, searchParams) : jsonResponse(contactFixture);
  });
  return renderRoutes(appRoutes(), path);
}

describe('app shell', () => {
  it('renders the home page in Georgian inside the landmarks, with a skip link', async () => {
    renderApp('/');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'სესხი ონლაინ, ფილიალში მისვლის გარეშე',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'მთავარ შინაარსზე გადასვლა' })).toHaveAttribute(
      'href',
      '#main-content',
    );
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'რეგისტრაცია' })).toHaveAttribute('href', '/register');
    expect(main.getByRole('link', { name: 'შესვლა' })).toHaveAttribute('href', '/login');
  });

  it('titles every page "Title — ProductName"', async () => {
    renderApp('/claims');
    await screen.findByRole('heading', { level: 1, name: 'მომხმარებელთა უფლებების დაცვა' });
    await waitFor(() => {
      expect(document.title).toBe('მომხმარებელთა უფლებების დაცვა — Sesxi');
    });
  });

  it('sends signed-in visitors of the home page on to /main', async () => {
    session.set(customerFixture);
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'პირად გვერდზე გადასვლა' })).toHaveAttribute(
      'href',
      '/main',
    );
  });

  it('lists the complaint channels and the National Bank’s contacts on /claims', async () => {
    renderApp('/claims');
    await screen.findByRole('heading', { level: 1 });
    const main = within(screen.getByRole('main'));
    expect(await main.findByRole('link', { name: 'info@sesxi.ge' })).toBeInTheDocument();
    expect(await main.findByRole('link', { name: 'nbg.gov.ge' })).toHaveAttribute(
      'href',
      'https://nbg.gov.ge',
    );
    expect(main.getByRole('link', { name: '032 2 406 406' })).toHaveAttribute(
      'href',
      'tel:0322406406',
    );
    expect(main.getByRole('link', { name: '(+995 32) 2406406' })).toHaveAttribute(
      'href',
      'tel:+995322406406',
    );
    expect(main.getByText('ქუთაისის ფილიალი')).toBeInTheDocument();
  });

  it('shows the contacts on /claims once: in its own section, not again in the footer', async () => {
    renderApp('/claims');
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('link', { name: 'info@sesxi.ge' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'info@sesxi.ge' })).toHaveLength(1);
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.queryByRole('heading')).not.toBeInTheDocument();
    expect(footer.getByText(/Sesxi/)).toBeInTheDocument();
  });

  it('keeps the contacts in the footer elsewhere', async () => {
    renderApp('/faq');
    const footer = within(screen.getByRole('contentinfo'));
    expect(await footer.findByRole('link', { name: 'info@sesxi.ge' })).toBeInTheDocument();
  });

  it('tells a customer back from verification that it is done and offers to sign in', async () => {
    renderApp('/credit-info/redirect');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'იდენტიფიკაცია დასრულდა' }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'შესვლა' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('shows the not-found page inside the shell for unknown paths', async () => {
    renderApp('/no-such-page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'გვერდი ვერ მოიძებნა' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('has every prerendered page in the first script, so that it hydrates at once', () => {
    for (const path of prerenderedPaths) {
      const matches = matchRoutes(appRoutes(), path) ?? [];
      expect([path, matches.at(-1)?.route.Component]).toEqual([path, expect.any(Function)]);
      expect([path, matches.filter(({ route }) => route.lazy)]).toEqual([path, []]);
    }
  });

  it('gives every customer screen with a fixed path a shell, and no public or staff page one', () => {
    const shells = signedInShellPaths();
    expect(shells).toEqual(expect.arrayContaining(['/main', '/loan', '/questionnaire']));
    for (const path of ['/', '/login', '/checking', '/applications', '/loan-edit/:id']) {
      expect(shells).not.toContain(path);
    }
  });

  it('posts every form of a prerendered page, so that one sent without the app keeps its values out of the address', async () => {
    const formMethods: Record<string, string[]> = {};
    for (const path of prerenderedPaths) {
      const { unmount } = renderApp(path);
      await screen.findByRole('heading', { level: 1 });
      formMethods[path] = [...document.querySelectorAll('form')].map((form) => form.method);
      unmount();
    }
    expect(formMethods).toMatchObject({ '/login': ['post'], '/restore-password': ['post'] });
    expect(
      Object.values(formMethods)
        .flat()
        .every((method) => method === 'post'),
    ).toBe(true);
  });

  it('matches its routes exactly', async () => {
    renderApp('/claims/extra');
    expect(await screen.findByRole('heading', { name: 'გვერდი ვერ მოიძებნა' })).toBeInTheDocument();
  });

  it('switches to English and back, remembering the choice and setting <html lang>', async () => {
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    // Its name holds what it shows (WCAG 2.5.3, label in name), then the language in full.
    await user.click(screen.getByRole('button', { name: 'ENG English' }));
    expect(
      await screen.findByRole('heading', { name: 'A loan online, without a visit to a branch' }),
    ).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('locale')).toBe('en');
    await waitFor(() => {
      expect(document.title).toBe('Home — Sesxi');
    });

    await user.click(screen.getByRole('button', { name: 'ქარ ქართული' }));
    expect(
      await screen.findByRole('heading', { name: 'სესხი ონლაინ, ფილიალში მისვლის გარეშე' }),
    ).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ka');
    await setLocale('ka');
  });
});
