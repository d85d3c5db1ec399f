import { describe, expect, it } from 'vitest';
import { browserReducer, pageQuery, type BrowserState } from './use-documents-browser';

const initial: BrowserState = {
  filter: { start: '2024-11-01', end: '2024-11-26' },
  sort: { field: 'fecha', dir: 'desc' },
  pageSize: 25,
  pageIndex: 0,
  cursors: [undefined],
};

describe('documents browser', () => {
  it('asks the server for the first page, newest first', () => {
    expect(pageQuery(initial)).toEqual({
      start: '2024-11-01',
      end: '2024-11-26',
      limit: 25,
      cursor: undefined,
      sort: 'fecha',
      dir: 'desc',
    });
  });

  it('moves forwards with the cursor the server gave, and keeps it for later', () => {
    const second = browserReducer(initial, { type: 'page', pageIndex: 1, nextCursor: 'c1' });
    const third = browserReducer(second, { type: 'page', pageIndex: 2, nextCursor: 'c2' });
    expect(pageQuery(third).cursor).toBe('c2');
    const back = browserReducer(third, { type: 'page', pageIndex: 1, nextCursor: 'ignored' });
    expect(pageQuery(back).cursor).toBe('c1');
    const forwardAgain = browserReducer(back, { type: 'page', pageIndex: 2, nextCursor: 'c2' });
    expect(forwardAgain.cursors).toEqual([undefined, 'c1', 'c2']);
  });

  it('does not move past the last page nor skip pages', () => {
    expect(browserReducer(initial, { type: 'page', pageIndex: 1, nextCursor: null })).toBe(initial);
    expect(browserReducer(initial, { type: 'page', pageIndex: 2, nextCursor: 'c1' })).toBe(initial);
  });

  it('starts over on a new filter, sort or page size', () => {
    const later = browserReducer(initial, { type: 'page', pageIndex: 1, nextCursor: 'c1' });
    for (const next of [
      browserReducer(later, { type: 'filter', filter: { start: '2024-01-01', end: '2024-01-31' } }),
      browserReducer(later, { type: 'sort', sort: { field: 'total', dir: 'asc' } }),
      browserReducer(later, { type: 'pageSize', pageSize: 100 }),
    ]) {
      expect(next.pageIndex).toBe(0);
      expect(next.cursors).toEqual([undefined]);
    }
  });
});
