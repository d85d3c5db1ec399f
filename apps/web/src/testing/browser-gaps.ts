import { vi } from 'vitest';

/**
 * jsdom leaves out a few browser APIs MUI and the downloads need. These fill
 * them with the smallest honest behaviour; downloads are recorded so tests can
 * check what was saved.
 */
export interface SavedDownload {
  filename: string;
  blob: Blob;
}

export const savedDownloads: SavedDownload[] = [];
const blobsByUrl = new Map<string, Blob>();
let urlCounter = 0;

/** The page width media queries see; tests of phone layouts set it to 390. */
export const DESKTOP_WIDTH = 1024;

function matchesCondition(condition: string): boolean {
  const width = /\(\s*(min|max)-width\s*:\s*([\d.]+)px\s*\)/.exec(condition);
  if (width) {
    return width[1] === 'min' ? innerWidth >= Number(width[2]) : innerWidth <= Number(width[2]);
  }
  // A desktop with a mouse: MUI's pickers choose their desktop variant from this.
  if (/pointer\s*:\s*fine/.test(condition) || /hover\s*:\s*hover/.test(condition)) return true;
  return /^\s*(screen|all)?\s*$/.test(condition);
}

function matchMedia(query: string): MediaQueryList {
  const text = query.replace(/^\s*@media\s*/, '');
  return {
    matches: text.split(',').some((part) => part.split(/\band\b/).every(matchesCondition)),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  };
}

export function setViewportWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

export function installBrowserGaps(): void {
  vi.stubGlobal('matchMedia', matchMedia);
  // jsdom draws nothing; axe-core asks for a 2D context and copes without one.
  HTMLCanvasElement.prototype.getContext = () => null;
  setViewportWidth(DESKTOP_WIDTH);

  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  vi.stubGlobal('ResizeObserver', ResizeObserverStub);

  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => {
      const url = `blob:http://localhost/${++urlCounter}`;
      blobsByUrl.set(url, blob);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', {
    configurable: true,
    value: (url: string) => blobsByUrl.delete(url),
  });

  // jsdom does not download; a click on a download link is what saving a file looks like.
  HTMLAnchorElement.prototype.click = function recordDownload(this: HTMLAnchorElement) {
    const blob = blobsByUrl.get(this.href);
    if (this.download && blob) savedDownloads.push({ filename: this.download, blob });
    else HTMLElement.prototype.click.call(this);
  };
}
