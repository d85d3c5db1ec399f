import { describe, expect, it } from 'vitest';
import { savedDownloads } from '../testing/browser-gaps';
import { saveBlob } from './save-blob';

describe('saveBlob', () => {
  it('saves the blob under the given name and leaves no link behind', () => {
    const blob = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    saveBlob(blob, '20606433094-01-F001-3.pdf');
    expect(savedDownloads).toEqual([{ filename: '20606433094-01-F001-3.pdf', blob }]);
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
