import { describe, expect, it } from 'vitest';
import { canShowPdfInFrame } from './pdf-first-page';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('canShowPdfInFrame', () => {
  it('is false on Android, whose browsers leave a PDF frame blank', () => {
    expect(canShowPdfInFrame(ANDROID_CHROME)).toBe(false);
  });

  it('is true where the browser draws PDFs itself', () => {
    expect(canShowPdfInFrame(DESKTOP_CHROME)).toBe(true);
    expect(canShowPdfInFrame(IPHONE_SAFARI)).toBe(true);
  });
});
