/** A4 portrait in points, and where content may go. */
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;

const MARGIN = 36;

export const CONTENT_LEFT = MARGIN;
export const CONTENT_RIGHT = PAGE_WIDTH - MARGIN;
export const CONTENT_WIDTH = CONTENT_RIGHT - CONTENT_LEFT;
export const CONTENT_TOP = MARGIN;
/** Content stops here; below sits the footer with the page number. */
export const CONTENT_BOTTOM = PAGE_HEIGHT - 52;
/** The footer's text line. */
export const FOOTER_TOP = PAGE_HEIGHT - 38;

/** Height of the one-line header that repeats on continuation pages, rule included. */
export const CONTINUATION_HEADER_HEIGHT = 25;

/** Vertical space between blocks. */
export const BLOCK_GAP = 10;

export const COLORS = {
  text: '#1a1a1a',
  muted: '#555555',
  rule: '#b0b0b0',
  border: '#4a4a4a',
  band: '#ececec',
  voided: '#c62828',
} as const;

/** Where content starts on a continuation page. */
export const CONTINUATION_CONTENT_TOP = CONTENT_TOP + CONTINUATION_HEADER_HEIGHT + BLOCK_GAP;
