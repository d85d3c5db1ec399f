import { SaxesParser, type SaxesTagNS } from 'saxes';
import { UblError } from './errors.js';
import type { XmlRecorder } from './xml-c14n.js';
import type { ElementFilter } from './xml-query.js';

/** One element: namespace URI, local name, unqualified attributes, children and its own text. */
export interface XmlElement {
  readonly uri: string;
  readonly local: string;
  /** Attributes without a namespace, by local name ("schemeID", "currencyID"…). */
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
  /** Text and CDATA directly inside this element, concatenated, untrimmed. */
  text: string;
}

/** Bounds that keep a hostile document from exhausting memory or the stack. */
export interface XmlLimits {
  maxDepth: number;
  maxElements: number;
  maxAttributesPerElement: number;
  maxAttributes: number;
}

/**
 * Generous for real invoices (thousands of lines stay far below them), small
 * enough that the tree of the largest accepted file fits comfortably in memory.
 */
export const DEFAULT_XML_LIMITS: XmlLimits = {
  maxDepth: 256,
  maxElements: 300_000,
  maxAttributesPerElement: 256,
  maxAttributes: 1_000_000,
};

const NO_ATTRIBUTES: Readonly<Record<string, string>> = Object.freeze({});

// Any DOCTYPE is refused before parsing: the parser then never sees a DTD, so
// no entity can be declared, expanded or fetched. The only references left are
// the five predefined entities and numeric character references.
const DOCUMENT_TYPE_OR_ENTITY = /<!(?:DOCTYPE|ENTITY)/i;

function unqualifiedAttributes(tag: SaxesTagNS): Readonly<Record<string, string>> {
  let attributes: Record<string, string> | null = null;
  for (const name in tag.attributes) {
    const attribute = tag.attributes[name];
    if (attribute === undefined || attribute.prefix !== '') continue;
    attributes ??= {};
    attributes[attribute.local] = attribute.value;
  }
  return attributes ?? NO_ATTRIBUTES;
}

/**
 * Text that does not even start like XML (a PDF, JSON, base64 sent twice) is
 * named for what it is rather than reported at some later character.
 */
function assertStartsLikeXml(text: string): void {
  const start = text.search(/\S/);
  if (text[start] === '<') return;
  const before = text.slice(0, start);
  const line = before.split('\n').length;
  const column = start - (before.lastIndexOf('\n') + 1);
  throw new UblError(
    'malformed',
    `El archivo no es un XML: debe empezar con '<' (línea ${line}, columna ${column}).`,
  );
}

function tooComplex(what: string): UblError {
  return new UblError('too_large', `El XML es demasiado complejo: ${what}.`);
}

/**
 * Parses well-formed XML into a tree, resolving every element to its namespace
 * URI. Not well-formed input fails with its line and column: the column is the
 * zero-based position of the offending character, as expat and most XML
 * validators report it. A `recorder` gets every node of the same parse, for
 * the signature check. With `only`, elements off its paths are checked
 * against the limits but not built.
 */
export function parseXmlTree(
  text: string,
  limits: XmlLimits = DEFAULT_XML_LIMITS,
  recorder?: XmlRecorder,
  only?: ElementFilter,
): XmlElement {
  if (DOCUMENT_TYPE_OR_ENTITY.test(text)) {
    throw new UblError(
      'dtd_forbidden',
      'El XML no debe contener declaraciones DOCTYPE ni entidades.',
    );
  }
  assertStartsLikeXml(text);
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlElement[] = [];
  /** The filter of each element on the stack; null below a path's end. */
  const filters: (ElementFilter | null)[] = [];
  /** Open elements inside one that is not built. */
  let skipped = 0;
  // Assigned by the first open tag; a document without a root fails to parse.
  let root!: XmlElement;
  let elements = 0;
  let attributes = 0;

  // No error handler: saxes throws without one, and with a recorder's two more
  // a seventh handler would turn the parser into a slow dictionary-mode object.
  parser.on('opentag', (tag) => {
    elements += 1;
    const count = Object.keys(tag.attributes).length;
    attributes += count;
    if (stack.length + skipped >= limits.maxDepth) {
      throw tooComplex(`supera ${limits.maxDepth} niveles de anidamiento`);
    }
    if (elements > limits.maxElements) {
      throw tooComplex(`supera ${limits.maxElements} elementos`);
    }
    if (count > limits.maxAttributesPerElement || attributes > limits.maxAttributes) {
      throw tooComplex('tiene demasiados atributos');
    }
    recorder?.openTag(tag);
    if (skipped > 0) {
      skipped += 1;
      return;
    }
    let filter: ElementFilter | null = null;
    if (only !== undefined && stack.length === 0) filter = only;
    else if (only !== undefined) {
      const children = filters[filters.length - 1]?.children ?? null;
      if (children !== null) {
        const child = children.get(`${tag.uri} ${tag.local}`);
        if (child === undefined) {
          skipped = 1;
          return;
        }
        filter = child;
      }
    }
    const element: XmlElement = {
      uri: tag.uri,
      local: tag.local,
      attributes: count === 0 ? NO_ATTRIBUTES : unqualifiedAttributes(tag),
      children: [],
      text: '',
    };
    const parent = stack[stack.length - 1];
    if (parent === undefined) root = element;
    else parent.children.push(element);
    stack.push(element);
    filters.push(filter);
  });
  parser.on('closetag', () => {
    recorder?.closeTag();
    if (skipped > 0) {
      skipped -= 1;
      return;
    }
    stack.pop();
    filters.pop();
  });
  const appendText = (chunk: string): void => {
    recorder?.text(chunk);
    if (skipped > 0) return;
    const current = stack[stack.length - 1];
    if (current !== undefined) current.text += chunk;
  };
  parser.on('text', appendText);
  parser.on('cdata', appendText);
  if (recorder !== undefined) {
    parser.on('comment', (comment) => recorder.comment(comment));
    parser.on('processinginstruction', ({ target, body }) =>
      recorder.processingInstruction(target, body),
    );
  }

  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof UblError) throw error;
    const column = Math.max(0, parser.column - 1);
    throw new UblError(
      'malformed',
      `El XML no está bien formado (línea ${parser.line}, columna ${column}).`,
      { cause: error },
    );
  }
  return root;
}
