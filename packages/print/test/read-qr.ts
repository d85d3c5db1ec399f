/**
 * Finds the QR code drawn on a PDF page as vector squares, rebuilds its module
 * matrix from the squares' positions and reads it back: the content with
 * jsQR, the error correction level from the format information.
 */
import jsQR from 'jsqr';
import { OPS, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdf.js path drawing codes inside a constructPath operation. */
const MOVE_TO = 0;
const LINE_TO = 1;
const CLOSE_PATH = 4;
const RECTANGLE_LENGTH = 13;

interface Square {
  x: number;
  y: number;
  size: number;
}

export type ModuleMatrix = boolean[][];

/** The path's subpaths as squares, or null when any subpath is something else. */
function squaresOf(path: ArrayLike<number>): Square[] | null {
  if (path.length === 0 || path.length % RECTANGLE_LENGTH !== 0) return null;
  const squares: Square[] = [];
  for (let at = 0; at < path.length; at += RECTANGLE_LENGTH) {
    const ops = [0, 3, 6, 9, 12].map((offset) => path[at + offset]);
    if (ops.join() !== [MOVE_TO, LINE_TO, LINE_TO, LINE_TO, CLOSE_PATH].join()) return null;
    const xs = [1, 4, 7, 10].map((offset) => path[at + offset]!);
    const ys = [2, 5, 8, 11].map((offset) => path[at + offset]!);
    const width = Math.max(...xs) - Math.min(...xs);
    const height = Math.max(...ys) - Math.min(...ys);
    if (Math.abs(width - height) > 0.01) return null;
    squares.push({ x: Math.min(...xs), y: Math.min(...ys), size: width });
  }
  return squares;
}

/** The module matrix of the QR code filled on page `pageNumber`; throws when there is none. */
export async function qrMatrixOnPage(
  pdf: PDFDocumentProxy,
  pageNumber: number,
): Promise<ModuleMatrix> {
  const page = await pdf.getPage(pageNumber);
  const operators = await page.getOperatorList();
  let best: Square[] = [];
  operators.fnArray.forEach((fn, index) => {
    if (fn !== OPS.constructPath) return;
    const [paint, [path]] = operators.argsArray[index] as [number, [ArrayLike<number>]];
    if (paint !== OPS.fill) return;
    const squares = squaresOf(path);
    const size = squares?.[0]?.size ?? 0;
    if (squares && squares.every((square) => Math.abs(square.size - size) < 0.01)) {
      if (squares.length > best.length) best = squares;
    }
  });
  if (best.length < 50) throw new Error(`No QR code drawn on page ${pageNumber}`);

  const moduleSize = best[0]!.size;
  const left = Math.min(...best.map((square) => square.x));
  const top = Math.min(...best.map((square) => square.y));
  const cells = best.map((square) => ({
    column: Math.round((square.x - left) / moduleSize),
    row: Math.round((square.y - top) / moduleSize),
  }));
  const dimension = Math.max(...cells.map((cell) => Math.max(cell.row, cell.column))) + 1;
  const matrix = Array.from({ length: dimension }, () => Array<boolean>(dimension).fill(false));
  for (const { row, column } of cells) matrix[row]![column] = true;
  return matrix;
}

/** Decodes the matrix as an image: each module 4 × 4 pixels inside a 4-module quiet zone. */
export function decodeQr(matrix: ModuleMatrix): string | null {
  const scale = 4;
  const quiet = 4;
  const side = (matrix.length + 2 * quiet) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  matrix.forEach((cells, row) =>
    cells.forEach((dark, column) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy += 1) {
        for (let dx = 0; dx < scale; dx += 1) {
          const x = (column + quiet) * scale + dx;
          const y = (row + quiet) * scale + dy;
          pixels.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
        }
      }
    }),
  );
  // jsqr is CommonJS typed as an ES module: its function is reachable as `.default` both ways.
  return jsQR.default(pixels, side, side)?.data ?? null;
}

/** BCH(15,5) format codeword of 5 data bits, masked as ISO/IEC 18004 prescribes. */
function formatCodeword(data: number): number {
  let remainder = data << 10;
  for (let bit = 14; bit >= 10; bit -= 1) {
    if ((remainder >> bit) & 1) remainder ^= 0x537 << (bit - 10);
  }
  return ((data << 10) | remainder) ^ 0x5412;
}

function bitCount(value: number): number {
  let count = 0;
  for (let rest = value; rest !== 0; rest >>= 1) count += rest & 1;
  return count;
}

/**
 * The error correction level stated by the format information beside the
 * top-left finder: bits 0–5 down column 8, bits 6–7 skipping the timing row,
 * bit 8 at column 7 of row 8, bits 9–14 leftwards along row 8.
 */
export function errorCorrectionLevel(matrix: ModuleMatrix): 'L' | 'M' | 'Q' | 'H' {
  const at = (row: number, column: number): number => (matrix[row]![column] ? 1 : 0);
  let read = 0;
  for (let bit = 0; bit < 15; bit += 1) {
    let value: number;
    if (bit < 6) value = at(bit, 8);
    else if (bit < 8) value = at(bit + 1, 8);
    else if (bit === 8) value = at(8, 7);
    else value = at(8, 14 - bit);
    read |= value << bit;
  }
  let bestData = 0;
  for (let data = 1; data < 32; data += 1) {
    if (bitCount(formatCodeword(data) ^ read) < bitCount(formatCodeword(bestData) ^ read)) {
      bestData = data;
    }
  }
  if (bitCount(formatCodeword(bestData) ^ read) > 3) {
    throw new Error('The format information of the QR code is unreadable');
  }
  const levels = { 0: 'M', 1: 'L', 2: 'H', 3: 'Q' } as const;
  return levels[(bestData >> 3) as 0 | 1 | 2 | 3];
}
