import { COMPONENT_NAMESPACES } from './namespaces.js';
import type { XmlElement } from './xml-tree.js';

/**
 * Child paths such as "cac:Party/cac:PartyIdentification/cbc:ID". The
 * prefixes are ours (see COMPONENT_NAMESPACES), never the document's: each
 * step matches a namespace URI and a local name.
 */
export type ElementPath = string;

interface Step {
  readonly uri: string;
  readonly local: string;
}

const compiledPaths = new Map<ElementPath, readonly Step[]>();

function compile(path: ElementPath): readonly Step[] {
  const cached = compiledPaths.get(path);
  if (cached !== undefined) return cached;
  const steps = path.split('/').map((step): Step => {
    const [prefix, local] = step.split(':');
    const uri = COMPONENT_NAMESPACES[prefix as keyof typeof COMPONENT_NAMESPACES];
    if (uri === undefined || local === undefined) {
      throw new Error(`Unknown prefix or malformed step '${step}' in path '${path}'`);
    }
    return { uri, local };
  });
  compiledPaths.set(path, steps);
  return steps;
}

function matches(element: XmlElement, step: Step): boolean {
  return element.local === step.local && element.uri === step.uri;
}

function firstFrom(element: XmlElement, steps: readonly Step[], index: number): XmlElement | null {
  const step = steps[index];
  if (step === undefined) return element;
  for (const child of element.children) {
    if (!matches(child, step)) continue;
    const found = firstFrom(child, steps, index + 1);
    if (found !== null) return found;
  }
  return null;
}

/** The first element at `path` below `element`, in document order. */
export function first(element: XmlElement | null, path: ElementPath): XmlElement | null {
  return element === null ? null : firstFrom(element, compile(path), 0);
}

/** Every element at `path` below `element`, in document order. */
export function all(element: XmlElement | null, path: ElementPath): XmlElement[] {
  if (element === null) return [];
  let current = [element];
  for (const step of compile(path)) {
    const next: XmlElement[] = [];
    for (const parent of current) {
      for (const child of parent.children) if (matches(child, step)) next.push(child);
    }
    current = next;
  }
  return current;
}

/**
 * An element's text with surrounding space trimmed and inner runs of spaces,
 * tabs and line breaks made one space; null when nothing is left. Values in
 * real files come padded, indented or wrapped across lines.
 */
export function textOf(element: XmlElement | null): string | null {
  if (element === null) return null;
  const text = element.text.replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}

/**
 * The first non-empty text among the elements at `path`: files often carry an
 * empty placeholder before the element that holds the value.
 */
export function textAt(element: XmlElement | null, path: ElementPath): string | null {
  for (const found of all(element, path)) {
    const text = textOf(found);
    if (text !== null) return text;
  }
  return null;
}

/** An unqualified attribute, trimmed; null when absent or blank. */
export function attributeOf(element: XmlElement | null, name: string): string | null {
  const value = element?.attributes[name]?.trim();
  return value === undefined || value === '' ? null : value;
}

/**
 * The elements a parse should build: those on the given paths from the root,
 * and everything below their ends. Readers that need a few parts of a large
 * document skip building the rest.
 */
export interface ElementFilter {
  /** Children to build, by "uri local"; null when everything below is built. */
  readonly children: ReadonlyMap<string, ElementFilter> | null;
}

const EVERYTHING: ElementFilter = { children: null };

export function elementFilter(paths: readonly ElementPath[]): ElementFilter {
  const root = new Map<string, ElementFilter>();
  for (const path of paths) {
    const steps = compile(path);
    let level = root;
    for (const [index, step] of steps.entries()) {
      const key = `${step.uri} ${step.local}`;
      const existing = level.get(key);
      if (existing === EVERYTHING) break;
      if (index === steps.length - 1) {
        level.set(key, EVERYTHING);
        break;
      }
      const next = new Map(existing?.children ?? []);
      level.set(key, { children: next });
      level = next;
    }
  }
  return { children: root };
}
