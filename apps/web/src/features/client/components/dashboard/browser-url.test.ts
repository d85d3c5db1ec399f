import { describe, expect, it } from 'vitest';
import {
  listKey,
  pageQuery,
  readBrowserState,
  writeBrowserState,
  type BrowserState,
} from './browser-url';

const read = (search: string) => readBrowserState(new URLSearchParams(search));

describe('dashboard address', () => {
  it('holds the whole list: filter, order, page size and page', () => {
    const state: BrowserState = {
      filter: {
        start: '2024-11-01',
        end: '2024-11-30',
        emisor: '20606433094',
        tipoDoc: '01',
        serie: 'F001',
        correlativo: '1000',
        origen: 'carga',
      },
      sort: { field: 'numero', dir: 'asc' },
      pageSize: 50,
      pageIndex: 2,
      cursor: 'abc',
    };
    const search = writeBrowserState(state).toString();
    expect(search).toBe(
      'desde=2024-11-01&hasta=2024-11-30&emisor=20606433094&tipo=01&serie=F001&numero=1000' +
        '&origen=carga&orden=numero&dir=asc&filas=50&pagina=3&cursor=abc',
    );
    expect(read(search)).toEqual(state);
  });

  it('leaves defaults out and reads them back', () => {
    const state = read('desde=2024-11-01&hasta=2024-11-30');
    expect(state).toEqual({
      filter: { start: '2024-11-01', end: '2024-11-30' },
      sort: { field: 'fecha', dir: 'desc' },
      pageSize: 25,
      pageIndex: 0,
      cursor: undefined,
    });
    expect(writeBrowserState(state!).toString()).toBe('desde=2024-11-01&hasta=2024-11-30');
  });

  it('keeps an origin it knows, and names no list with another', () => {
    expect(read('desde=2024-11-01&hasta=2024-11-30&origen=correo')?.filter.origen).toBe('correo');
    expect(read('desde=2024-11-01&hasta=2024-11-30&origen=fax')).toBeNull();
  });

  it('names no list without a valid range, so the default applies', () => {
    expect(read('')).toBeNull();
    expect(read('desde=2024-11-01')).toBeNull();
    expect(read('desde=2024-11-31&hasta=2024-12-01')).toBeNull();
    expect(read('desde=2024-12-01&hasta=2024-11-01')).toBeNull();
  });

  it('ignores what it does not know instead of failing', () => {
    expect(read('desde=2024-11-01&hasta=2024-11-30&orden=precio&filas=7&pagina=x')).toMatchObject({
      sort: { field: 'fecha', dir: 'desc' },
      pageSize: 25,
      pageIndex: 0,
    });
    // A later page without its cursor cannot be reached: the first one shows.
    expect(read('desde=2024-11-01&hasta=2024-11-30&pagina=4')).toMatchObject({
      pageIndex: 0,
      cursor: undefined,
    });
  });

  it('asks the server for the page it points at', () => {
    const state = read('desde=2024-11-01&hasta=2024-11-30&orden=total&dir=asc&pagina=2&cursor=c1');
    expect(pageQuery(state!)).toEqual({
      start: '2024-11-01',
      end: '2024-11-30',
      limit: 25,
      cursor: 'c1',
      sort: 'total',
      dir: 'asc',
    });
  });

  it('gives every page of one list the same key, and another list another', () => {
    const page1 = read('desde=2024-11-01&hasta=2024-11-30')!;
    const page2 = read('desde=2024-11-01&hasta=2024-11-30&pagina=2&cursor=c1')!;
    expect(listKey(page2)).toBe(listKey(page1));
    expect(listKey({ ...page1, pageSize: 50 })).not.toBe(listKey(page1));
    expect(listKey({ ...page1, sort: { field: 'total', dir: 'desc' } })).not.toBe(listKey(page1));
  });
});
