import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoSeriousViolations } from '../../../../testing/axe';
import { renderWithProviders } from '../../../../testing/render';
import { DEFAULT_SORT, type BrowserState } from './browser-url';
import { DocumentsCards } from './documents-cards';
import { useSelection } from './use-selection';

function Loading() {
  const selection = useSelection('november');
  return (
    <DocumentsCards
      page={undefined}
      loading
      state={NOVEMBER}
      onPage={vi.fn()}
      onPageSize={vi.fn()}
      onSort={vi.fn()}
      onOpen={vi.fn()}
      onDownload={vi.fn()}
      downloading={null}
      selection={selection}
    />
  );
}

const NOVEMBER: BrowserState = {
  filter: { start: '2024-11-01', end: '2024-11-30' },
  sort: DEFAULT_SORT,
  pageSize: 25,
  pageIndex: 0,
};

describe('DocumentsCards', () => {
  it('names the bar it shows while a page loads', async () => {
    const { container } = renderWithProviders(<Loading />);
    expect(screen.getByRole('progressbar', { name: 'Cargando…' })).toBeVisible();
    await expectNoSeriousViolations(container);
  });
});
