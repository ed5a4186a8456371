import { within } from '@testing-library/react';

/** A table's header texts, in order. */
export function columnHeadersOf(table: HTMLElement): (string | null)[] {
  return within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
}

/** The texts of a table's body rows (the header row left out), cell by cell. */
export function bodyRowsOf(table: HTMLElement): (string | null)[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}
