import { SaxesParser, type SaxesTagNS } from 'saxes';
import { DEFAULT_XML_LIMITS, type XmlLimits } from './xml-tree.js';

export const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
export const C14N_WITH_COMMENTS = `${C14N}#WithComments`;
export const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
export const EXC_C14N_WITH_COMMENTS = `${EXC_C14N}WithComments`;

export type C14nAlgorithm =
  typeof C14N | typeof C14N_WITH_COMMENTS | typeof EXC_C14N | typeof EXC_C14N_WITH_COMMENTS;

const ALGORITHMS: readonly string[] = [C14N, C14N_WITH_COMMENTS, EXC_C14N, EXC_C14N_WITH_COMMENTS];

export function isC14nAlgorithm(uri: string): uri is C14nAlgorithm {
  return ALGORITHMS.includes(uri);
}

export interface XmlAttribute {
  /** As written, prefix included. */
  readonly name: string;
  readonly prefix: string;
  readonly local: string;
  readonly uri: string;
  readonly value: string;
}

export interface OpenEvent {
  readonly kind: 'open';
  readonly name: string;
  readonly prefix: string;
  readonly local: string;
  readonly uri: string;
  /** Namespaces declared on this element, '' for the default, values as written. */
  readonly declarations: readonly (readonly [prefix: string, uri: string])[];
  /** Every attribute but the namespace declarations. */
  readonly attributes: readonly XmlAttribute[];
  /** Index of the parent's open event, -1 for the root. */
  readonly parent: number;
  /** Index of the matching close event. */
  close: number;
  /** The attributes as C14N writes them, the same in every form, so written once. */
  canonicalAttributes?: string;
}

export type XmlEvent =
  | OpenEvent
  | { readonly kind: 'close'; readonly open: number }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'comment'; readonly text: string }
  | { readonly kind: 'pi'; readonly target: string; readonly body: string };

/** A document as the events of one parse, in order: every node C14N can output. */
export interface RecordedXml {
  readonly events: readonly XmlEvent[];
  /** Index of the root element's open event. */
  readonly root: number;
  /** Whether some namespace was declared with blanks around its name, which saxes trims. */
  readonly paddedNamespace: boolean;
}

const DOCUMENT_TYPE_OR_ENTITY = /<!(?:DOCTYPE|ENTITY)/i;

/**
 * Turns the callbacks of a saxes parse (xmlns: true) into events, so that the
 * reader's own parse can record the document for the signature check.
 */
export class XmlRecorder {
  private readonly events: XmlEvent[] = [];
  private readonly open: number[] = [];
  private root = -1;
  private paddedNamespace = false;

  openTag(tag: SaxesTagNS): void {
    const declarations: [string, string][] = [];
    const attributes: XmlAttribute[] = [];
    for (const key in tag.attributes) {
      const attribute = tag.attributes[key]!;
      if (attribute.prefix === 'xmlns' || attribute.name === 'xmlns') {
        const prefix = attribute.prefix === 'xmlns' ? attribute.local : '';
        if (attribute.value !== attribute.value.trim()) this.paddedNamespace = true;
        declarations.push([prefix, attribute.value]);
      } else {
        attributes.push({
          name: attribute.name,
          prefix: attribute.prefix,
          local: attribute.local,
          uri: attribute.uri,
          value: attribute.value,
        });
      }
    }
    const { events, open } = this;
    if (this.root < 0) this.root = events.length;
    open.push(events.length);
    events.push({
      kind: 'open',
      name: tag.name,
      prefix: tag.prefix,
      local: tag.local,
      uri: tag.uri,
      declarations,
      attributes,
      parent: open.length > 1 ? open[open.length - 2]! : -1,
      close: -1,
    });
  }

  closeTag(): void {
    const index = this.open.pop()!;
    (this.events[index] as OpenEvent).close = this.events.length;
    this.events.push({ kind: 'close', open: index });
  }

  /** Text or CDATA; outside the root saxes allows only blanks, which C14N drops. */
  text(chunk: string): void {
    if (this.open.length > 0) this.events.push({ kind: 'text', text: chunk });
  }

  comment(text: string): void {
    this.events.push({ kind: 'comment', text });
  }

  processingInstruction(target: string, body: string): void {
    this.events.push({ kind: 'pi', target, body });
  }

  recorded(): RecordedXml {
    return { events: this.events, root: this.root, paddedNamespace: this.paddedNamespace };
  }
}

/**
 * Records well-formed XML as events, under the same refusals and limits as the
 * reader: it is meant for text the reader has accepted, or another decoding of
 * the same bytes. Throws on anything not well-formed.
 */
export function recordXml(text: string, limits: XmlLimits = DEFAULT_XML_LIMITS): RecordedXml {
  if (DOCUMENT_TYPE_OR_ENTITY.test(text)) throw new Error('DOCTYPE or ENTITY declaration');
  const parser = new SaxesParser({ xmlns: true });
  const recorder = new XmlRecorder();
  let depth = 0;
  let elements = 0;
  let attributes = 0;
  // No error handler: saxes throws without one, and a seventh handler would
  // turn the parser into a slow dictionary-mode object.
  parser.on('opentag', (tag) => {
    elements += 1;
    depth += 1;
    const count = Object.keys(tag.attributes).length;
    attributes += count;
    if (
      depth > limits.maxDepth ||
      elements > limits.maxElements ||
      count > limits.maxAttributesPerElement ||
      attributes > limits.maxAttributes
    ) {
      throw new Error('document too complex');
    }
    recorder.openTag(tag);
  });
  parser.on('closetag', () => {
    depth -= 1;
    recorder.closeTag();
  });
  parser.on('text', (chunk) => recorder.text(chunk));
  parser.on('cdata', (chunk) => recorder.text(chunk));
  parser.on('comment', (comment) => recorder.comment(comment));
  parser.on('processinginstruction', ({ target, body }) =>
    recorder.processingInstruction(target, body),
  );
  parser.write(text).close();
  return recorder.recorded();
}

const TEXT_SPECIAL = /[&<>\r]/g;
const ATTRIBUTE_SPECIAL = /[&<"\t\n\r]/g;
const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#x9;',
  '\n': '&#xA;',
  '\r': '&#xD;',
};
const escape = (character: string): string => ESCAPES[character]!;

function escapeText(text: string): string {
  TEXT_SPECIAL.lastIndex = 0;
  return TEXT_SPECIAL.test(text) ? text.replace(TEXT_SPECIAL, escape) : text;
}

function escapeAttribute(value: string): string {
  ATTRIBUTE_SPECIAL.lastIndex = 0;
  return ATTRIBUTE_SPECIAL.test(value) ? value.replace(ATTRIBUTE_SPECIAL, escape) : value;
}

function byNamespaceThenName(a: XmlAttribute, b: XmlAttribute): number {
  if (a.uri !== b.uri) return a.uri < b.uri ? -1 : 1;
  return a.local < b.local ? -1 : a.local > b.local ? 1 : 0;
}

function renderAttributes(attributes: readonly XmlAttribute[]): string {
  const sorted = attributes.length > 1 ? [...attributes].sort(byNamespaceThenName) : attributes;
  let out = '';
  for (const attribute of sorted) out += ` ${attribute.name}="${escapeAttribute(attribute.value)}"`;
  return out;
}

function attributesOf(event: OpenEvent): string {
  if (event.attributes.length === 0) return '';
  event.canonicalAttributes ??= renderAttributes(event.attributes);
  return event.canonicalAttributes;
}

type Bindings = Readonly<Record<string, string>>;
const NO_BINDINGS: Bindings = Object.freeze(Object.create(null) as Record<string, string>);

function declare(scope: Bindings, declarations: OpenEvent['declarations']): Bindings {
  if (declarations.length === 0) return scope;
  const next: Record<string, string> = Object.assign(Object.create(null) as object, scope);
  for (const [prefix, uri] of declarations) next[prefix] = uri;
  return next;
}

function renderNamespaces(namespaces: [string, string][]): string {
  if (namespaces.length > 1) namespaces.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  let out = '';
  for (const [prefix, uri] of namespaces) {
    out +=
      prefix === ''
        ? ` xmlns="${escapeAttribute(uri)}"`
        : ` xmlns:${prefix}="${escapeAttribute(uri)}"`;
  }
  return out;
}

export interface C14nOptions {
  readonly algorithm: C14nAlgorithm;
  /**
   * Whether comments are output. A same-document reference drops them
   * whatever its transform says; left out, the algorithm decides.
   */
  readonly comments?: boolean;
  /** Exclusive C14N's InclusiveNamespaces PrefixList, "#default" for the default namespace. */
  readonly prefixList?: readonly string[];
  /** An element left out with all it holds, by the index of its open event (an enveloped signature). */
  readonly omit?: number;
}

/**
 * The canonical form of events `from`…`to`. `apex` is the element that heads a
 * document subset, with `inherited` the namespaces in scope from its ancestors
 * and `inheritedAttributes` their xml:* attributes; -1 for a whole document.
 */
function serialize(
  xml: RecordedXml,
  from: number,
  to: number,
  options: C14nOptions,
  apex: number,
  inherited: Bindings,
  inheritedAttributes: readonly XmlAttribute[],
): string {
  const { events } = xml;
  const exclusive = options.algorithm === EXC_C14N || options.algorithm === EXC_C14N_WITH_COMMENTS;
  const comments =
    options.comments ??
    (options.algorithm === C14N_WITH_COMMENTS || options.algorithm === EXC_C14N_WITH_COMMENTS);
  const prefixList = exclusive
    ? (options.prefixList ?? []).map((prefix) => (prefix === '#default' ? '' : prefix))
    : [];
  const scopes: Bindings[] = [inherited];
  const rendered: Bindings[] = [NO_BINDINGS];
  let sawRoot = false;
  let out = '';

  for (let index = from; index <= to; index++) {
    const event = events[index]!;
    const outside = scopes.length === 1 && apex < 0;
    switch (event.kind) {
      case 'open': {
        if (index === options.omit) {
          index = event.close;
          break;
        }
        sawRoot = true;
        const parentScope = scopes[scopes.length - 1]!;
        const scope = declare(parentScope, event.declarations);
        const namespaces: [string, string][] = [];
        let nowRendered = rendered[rendered.length - 1]!;
        if (exclusive) {
          const consider = (prefix: string, uri: string | undefined): void => {
            if (uri === undefined || namespaces.some(([seen]) => seen === prefix)) return;
            const current =
              prefix in nowRendered ? nowRendered[prefix] : prefix === '' ? '' : undefined;
            if (current === uri) return;
            namespaces.push([prefix, uri]);
            nowRendered = declare(nowRendered, [[prefix, uri]]);
          };
          consider(event.prefix, scope[event.prefix] ?? (event.prefix === '' ? '' : undefined));
          for (const attribute of event.attributes) {
            if (attribute.prefix !== '' && attribute.prefix !== 'xml') {
              consider(attribute.prefix, attribute.uri);
            }
          }
          for (const prefix of prefixList) {
            consider(prefix, scope[prefix] ?? (prefix === '' ? '' : undefined));
          }
        } else if (index === apex) {
          for (const prefix in scope) {
            const uri = scope[prefix]!;
            if (prefix !== 'xml' && !(prefix === '' && uri === '')) namespaces.push([prefix, uri]);
          }
        } else {
          for (const [prefix, uri] of event.declarations) {
            if (prefix !== 'xml' && (parentScope[prefix] ?? '') !== uri) {
              namespaces.push([prefix, uri]);
            }
          }
        }
        const attributes =
          index === apex && inheritedAttributes.length > 0
            ? renderAttributes([
                ...event.attributes,
                ...inheritedAttributes.filter(
                  (candidate) =>
                    !event.attributes.some(
                      (own) => own.uri === candidate.uri && own.local === candidate.local,
                    ),
                ),
              ])
            : attributesOf(event);
        out += `<${event.name}${renderNamespaces(namespaces)}${attributes}>`;
        scopes.push(scope);
        rendered.push(nowRendered);
        break;
      }
      case 'close':
        scopes.pop();
        rendered.pop();
        out += `</${(events[event.open] as OpenEvent).name}>`;
        break;
      case 'text':
        out += escapeText(event.text);
        break;
      case 'comment':
        if (!comments) break;
        out += outside
          ? sawRoot
            ? `\n<!--${event.text}-->`
            : `<!--${event.text}-->\n`
          : `<!--${event.text}-->`;
        break;
      case 'pi': {
        const pi = event.body === '' ? `<?${event.target}?>` : `<?${event.target} ${event.body}?>`;
        out += outside ? (sawRoot ? `\n${pi}` : `${pi}\n`) : pi;
        break;
      }
    }
  }
  return out;
}

/** Canonical XML of the whole document, without its XML declaration. */
export function canonicalizeDocument(xml: RecordedXml, options: C14nOptions): string {
  return serialize(xml, 0, xml.events.length - 1, options, -1, NO_BINDINGS, []);
}

/** The open events of an element's ancestors, outermost first. */
export function ancestorsOf(xml: RecordedXml, open: number): OpenEvent[] {
  const ancestors: OpenEvent[] = [];
  for (let index = (xml.events[open] as OpenEvent).parent; index >= 0;) {
    const ancestor = xml.events[index] as OpenEvent;
    ancestors.unshift(ancestor);
    index = ancestor.parent;
  }
  return ancestors;
}

/**
 * Canonical XML of the document subset an element heads (a SignedInfo): the
 * inclusive form carries onto it what it inherits from its ancestors, the
 * namespaces in scope and the xml:* attributes; the exclusive form only the
 * namespaces it or its content visibly use.
 */
export function canonicalizeElement(xml: RecordedXml, open: number, options: C14nOptions): string {
  const event = xml.events[open] as OpenEvent;
  let inherited = NO_BINDINGS;
  const xmlAttributes = new Map<string, XmlAttribute>();
  for (const ancestor of ancestorsOf(xml, open)) {
    inherited = declare(inherited, ancestor.declarations);
    for (const attribute of ancestor.attributes) {
      if (attribute.prefix === 'xml') xmlAttributes.set(attribute.local, attribute);
    }
  }
  const exclusive = options.algorithm === EXC_C14N || options.algorithm === EXC_C14N_WITH_COMMENTS;
  return serialize(
    xml,
    open,
    event.close,
    options,
    open,
    inherited,
    exclusive ? [] : [...xmlAttributes.values()],
  );
}
