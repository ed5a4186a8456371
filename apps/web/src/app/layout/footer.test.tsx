import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contactFixture, jsonResponse, mockFetch } from '../../test/api-fixtures';
import { renderRoutes } from '../../test/render';
import { Footer } from './footer';

describe('footer', () => {
  it('shows the hotline, the e-mail and the three branches from the contact call', async () => {
    const fetchMock = mockFetch(() => jsonResponse(contactFixture));
    renderRoutes([{ path: '*', Component: Footer }]);
    const footer = within(screen.getByRole('contentinfo'));
    expect(await footer.findByRole('link', { name: '032 2 00 00 00' })).toHaveAttribute(
      'href',
      'tel:0322000000',
    );
    expect(footer.getByRole('link', { name: 'info@sesxi.ge' })).toHaveAttribute(
      'href',
      'mailto:info@sesxi.ge',
    );
    const branches = within(footer.getByRole('list'));
    expect(branches.getAllByRole('listitem')).toHaveLength(3);
    for (const branch of contactFixture.branches) {
      expect(branches.getByText(branch.name)).toBeInTheDocument();
      expect(branches.getByText(branch.address)).toBeInTheDocument();
    }
    expect(fetchMock).toHaveBeenCalledWith('/api/app/contact/main', expect.anything());
  });

  it('carries the copyright with the product name', () => {
    mockFetch(() => jsonResponse(contactFixture));
    renderRoutes([{ path: '*', Component: Footer }]);
    expect(
      screen.getByText(`© ${String(new Date().getFullYear())} Sesxi. ყველა უფლება დაცულია.`),
    ).toBeInTheDocument();
  });

  it('says so when the contact details cannot be loaded', async () => {
    mockFetch(() => jsonResponse({ status: 'error', message: 'x' }, 503));
    renderRoutes([{ path: '*', Component: Footer }]);
    expect(
      await screen.findByText('საკონტაქტო ინფორმაციის ჩატვირთვა ვერ მოხერხდა.'),
    ).toBeInTheDocument();
  });
});
