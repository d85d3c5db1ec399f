import { describe, expect, it } from 'vitest';
import type { BrowserState } from './browser-url';
import { movePage } from './use-documents-browser';

const first: BrowserState = {
  filter: { start: '2024-11-01', end: '2024-11-26' },
  sort: { field: 'fecha', dir: 'desc' },
  pageSize: 25,
  pageIndex: 0,
};
const known = (cursors: Record<number, string>) => (pageIndex: number) =>
  cursors[pageIndex] ?? null;

describe('moving between pages', () => {
  it('moves forwards one page at a time with the cursor the server gave', () => {
    const second = movePage(first, 1, 'c1', known({}));
    expect(second).toMatchObject({ pageIndex: 1, cursor: 'c1' });
    expect(movePage(second, 3, 'c2', known({}))).toBe(second);
    expect(movePage(second, 2, null, known({}))).toBe(second);
  });

  it('goes back to a page whose cursor it kept, or to the first when it knows none', () => {
    const third: BrowserState = { ...first, pageIndex: 2, cursor: 'c2' };
    expect(movePage(third, 1, 'ignored', known({ 1: 'c1' }))).toMatchObject({
      pageIndex: 1,
      cursor: 'c1',
    });
    expect(movePage(third, 1, 'ignored', known({}))).toMatchObject({
      pageIndex: 0,
      cursor: undefined,
    });
    expect(movePage(third, 0, null, known({ 1: 'c1' }))).toMatchObject({
      pageIndex: 0,
      cursor: undefined,
    });
    expect(movePage(first, -1, null, known({}))).toBe(first);
  });
});
