import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectDocumentFiles } from './collect-files.js';

describe('collectDocumentFiles', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sufel-collect-'));
    await mkdir(path.join(dir, 'nested'));
    for (const name of [
      '20606433094-01-F001-3.xml',
      '20606433094-01-F001-3.pdf',
      'R-20606433094-01-F001-3.zip',
      '20606433094-01-F001-4.XML',
      'R-20606433094-01-F001-4.xml',
      'notas.txt',
      'nested/20606433094-03-B001-1.xml',
      'nested/20606433094-03-B001-1.PDF',
    ]) {
      await writeFile(path.join(dir, name), '');
    }
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('pairs each XML with its PDF and CDR, in folders and sub-folders', async () => {
    const documents = await collectDocumentFiles([dir]);
    const relative = (file: string | null) => (file === null ? null : path.relative(dir, file));
    expect(documents.map((d) => [relative(d.xml), relative(d.pdf), relative(d.cdr)])).toEqual([
      ['20606433094-01-F001-3.xml', '20606433094-01-F001-3.pdf', 'R-20606433094-01-F001-3.zip'],
      ['20606433094-01-F001-4.XML', null, 'R-20606433094-01-F001-4.xml'],
      ['nested/20606433094-03-B001-1.xml', 'nested/20606433094-03-B001-1.PDF', null],
    ]);
  });

  it('takes single files too, and fails for paths that do not exist', async () => {
    const one = await collectDocumentFiles([path.join(dir, '20606433094-01-F001-3.xml')]);
    expect(one).toHaveLength(1);
    await expect(collectDocumentFiles([path.join(dir, 'no-existe')])).rejects.toThrow();
  });
});
