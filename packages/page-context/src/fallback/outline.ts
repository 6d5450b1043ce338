/**
 * Walks the visible DOM into outline items: one line per heading, control, landmark, list item,
 * table row or run of text, with a depth for indentation. Generic containers (`div`, `span`) are
 * transparent: they add no line and no depth. With `nodeOf`, an opted-in element becomes a
 * placeholder item (its subtree is described by its page-context node instead); an opted-in
 * container (it holds other opted-in elements) is a placeholder followed by what is inside it, so
 * controls and sections no node describes stay in the outline.
 */

import { cutLine } from '@sightline/core';
import { factLine } from '../render/format-data.js';
import { accessibleName, MAX_NAME_LENGTH, visibleText } from './accessible-name.js';
import { ariaRole, CONTROL_ROLES, headingLevel, LANDMARK_ROLES } from './aria-role.js';
import { describeControl } from './describe-control.js';
import { PAGE_CONTEXT_NODE_ATTRIBUTE } from './node-attribute.js';
import {
  collapseWhitespace,
  computedStyle,
  isRendered,
  isRenderedWithin,
  isTextVisible,
} from './visibility.js';

/** One item of an outline. */
export type OutlineItem =
  | { kind: 'line'; depth: number; text: string }
  | { kind: 'node'; depth: number; id: string };

/** Options of {@link outlineItems}. */
export interface OutlineOptions {
  /**
   * Tells whether an element is the root of an opted-in subtree, by returning its node id; such
   * elements become `node` items, walked further only when they contain other opted-in elements.
   * Absent: every element is walked.
   */
  nodeOf?: (element: Element) => string | undefined;
  /** Rows shown per table before `… N more rows`. Default 50. */
  maxTableRows?: number;
  /**
   * Reduce chrome an agent cannot use: buttons are left out (it cannot press them; what it may do
   * comes as tools), and navigation — `navigation` and `menubar` landmarks, and a `complementary`
   * one made of links (a sidebar) — becomes one line saying how many links it has and which is
   * current (the agent does not follow links, but where the user is matters). Default false: the
   * text snapshot baseline describes the page as a screen reader would.
   */
  skipChrome?: boolean;
}

/** Roles {@link OutlineOptions.skipChrome} leaves out, with their whole subtree. */
const CHROME_ROLES = new Set(['button']);

/** Roles {@link OutlineOptions.skipChrome} summarizes in one line. */
const NAVIGATION_ROLES = new Set(['navigation', 'menubar']);

/** A `complementary` region is navigation when links carry at least this share of its text. */
const LINK_TEXT_SHARE = 0.6;

/**
 * One line for a navigation region: `navigation Main: 6 links (current: Issues)`.
 * @returns the line, or `undefined` when the region is not navigation (a `complementary` region
 *   that is mostly not links: an aside with content).
 */
function navigationLine(element: Element, role: string): string | undefined {
  const links = [...element.querySelectorAll('a[href], [role="link"], [role="menuitem"]')].filter(
    (link) => isRenderedWithin(link, element),
  );
  if (!NAVIGATION_ROLES.has(role)) {
    const all = visibleText(element).length;
    const linked = links.reduce((sum, link) => sum + visibleText(link).length, 0);
    if (links.length === 0 || linked < LINK_TEXT_SHARE * all) return undefined;
  }
  const name = accessibleName(element, role);
  const current = links.find((link) => {
    const value = link.getAttribute('aria-current');
    return value !== null && value !== 'false';
  });
  const currentText = current ? `; current: ${visibleText(current)}` : '';
  const count = `${links.length} link${links.length === 1 ? '' : 's'}`;
  return `${role}${name ? ` ${name}` : ''}: ${count}${currentText}`;
}

/** Elements laid out inline by default: their text joins the surrounding line. */
const INLINE_TAGS = new Set(
  'a abbr b bdi bdo cite code data dfn em i kbd label mark q s samp small span strong sub sup time u var img'.split(
    ' ',
  ),
);

/**
 * True when an inline-tag element sits on its text's line: laid out inline, or an item of a
 * row flex container (flex items are "blockified", but `<span>412</span><span>ms</span>` in a
 * row still reads as one line).
 */
function isInline(element: Element): boolean {
  if (!INLINE_TAGS.has(element.localName)) return false;
  const style = computedStyle(element);
  if (!style) return true;
  const display = style.display;
  if (display === '' || display.startsWith('inline')) return true;
  const parent = element.parentElement && computedStyle(element.parentElement);
  return parent?.display.endsWith('flex') === true && parent.flexDirection.startsWith('row');
}

class OutlineWriter {
  readonly items: OutlineItem[] = [];
  private text: string[] = [];
  private textDepth = 0;
  /** The pending text ends with a control: a second control starts a new line (menus, toolbars). */
  private endsWithControl = false;

  constructor(private readonly options: OutlineOptions) {}

  line(depth: number, text: string): void {
    this.flush();
    if (text) this.items.push({ kind: 'line', depth, text });
  }

  inline(depth: number, text: string): void {
    if (this.text.length === 0) this.textDepth = depth;
    this.text.push(text);
    if (text.trim()) this.endsWithControl = false;
  }

  /** A control inside running text (a link in a sentence) stays on the text's line. */
  inlineControl(depth: number, text: string): void {
    if (this.endsWithControl) this.flush();
    this.inline(depth, ` ${text} `);
    this.endsWithControl = true;
  }

  flush(): void {
    const text = collapseWhitespace(this.text.join(''));
    this.text = [];
    this.endsWithControl = false;
    if (text) this.items.push({ kind: 'line', depth: this.textDepth, text });
  }

  children(parent: Element, depth: number): void {
    const textShown = isTextVisible(parent);
    let previous: ChildNode | undefined;
    for (const child of parent.childNodes) {
      if (child.nodeType === 3 && textShown) this.inline(depth, child.textContent ?? '');
      else if (child.nodeType === 1) {
        // Sibling elements with no text between them (`<span>2.1%</span><span>of requests</span>`)
        // are separate words on screen almost always (flex, grid, badges): keep them apart.
        if (previous?.nodeType === 1) this.inline(depth, ' ');
        this.element(child as Element, depth);
      }
      previous = child;
    }
  }

  private containsNode(element: Element): boolean {
    const nodeOf = this.options.nodeOf;
    if (!nodeOf) return false;
    for (const inner of element.querySelectorAll(`[${PAGE_CONTEXT_NODE_ATTRIBUTE}]`)) {
      if (nodeOf(inner) !== undefined) return true;
    }
    return false;
  }

  element(element: Element, depth: number): void {
    if (!isRendered(element)) return;
    const nodeId = this.options.nodeOf?.(element);
    if (nodeId !== undefined) {
      this.flush();
      this.items.push({ kind: 'node', depth, id: nodeId });
      // A container (an opted-in element holding other opted-in ones) describes itself, not every
      // control and section inside: walk it too, its nested nodes becoming pointers in turn.
      if (this.containsNode(element)) this.children(element, depth + 1);
      return;
    }
    const tag = element.localName;
    const role = ariaRole(element);
    if (this.options.skipChrome && role && CHROME_ROLES.has(role)) return;
    if (
      this.options.skipChrome &&
      role &&
      (NAVIGATION_ROLES.has(role) || role === 'complementary')
    ) {
      const line = navigationLine(element, role);
      if (line !== undefined) {
        this.line(depth, line);
        return;
      }
    }
    if (role && CONTROL_ROLES.has(role)) {
      // `visibility: hidden` keeps the box but paints nothing: the control is not on screen.
      if (!isTextVisible(element)) return;
      const line = describeControl(element, role);
      if (role === 'link' && isInline(element)) this.inlineControl(depth, line);
      else this.line(depth, line);
    } else if (role === 'heading') {
      this.line(depth, `h${headingLevel(element)} ${accessibleName(element, role)}`);
    } else if (role === 'img') {
      const name = accessibleName(element, role);
      if (name) this.inline(depth, ` [img] ${name} `);
    } else if (role === 'table' || role === 'grid' || role === 'treegrid') {
      this.table(element, depth);
    } else if (tag === 'svg') {
      this.graphic(element, depth);
    } else if (tag === 'pre') {
      this.flush();
      for (const text of (element.textContent ?? '').split('\n')) this.line(depth, text.trimEnd());
    } else if (tag === 'br') {
      this.flush();
    } else if (tag === 'dl') {
      this.definitions(element, depth);
    } else if (tag === 'label' && (element as HTMLLabelElement).control) {
      // Its text names the control: walk only the fields inside, their lines carry the name.
      this.flush();
      for (const field of element.querySelectorAll('input, select, textarea, button')) {
        if (isRenderedWithin(field.parentElement ?? element, element)) this.element(field, depth);
      }
    } else if (
      (tag === 'legend' || tag === 'caption' || tag === 'figcaption') &&
      element.parentElement
    ) {
      // Already the name of the parent's line.
    } else if (role === 'listitem') {
      this.flush();
      const start = this.items.length;
      this.children(element, depth + 1);
      this.flush();
      const first = this.items[start];
      if (first?.kind === 'line') this.items[start] = { ...first, depth, text: `- ${first.text}` };
    } else if (role && LANDMARK_ROLES.has(role)) {
      const name = accessibleName(element, role);
      this.line(depth, `${role}${name ? ` ${name}` : ''}`);
      this.children(element, depth + 1);
      this.flush();
    } else if (isInline(element)) {
      this.children(element, depth);
    } else {
      this.flush();
      this.children(element, depth);
      this.flush();
    }
  }

  private table(table: Element, depth: number): void {
    const name = accessibleName(table, 'table');
    this.line(depth, `table${name ? ` ${name}` : ''}`);
    const rows = [...table.querySelectorAll('tr, [role="row"]')].filter(
      (row) =>
        row.parentElement?.closest('table, [role="table"], [role="grid"], [role="treegrid"]') ===
          table && isRenderedWithin(row, table),
    );
    const maxRows = this.options.maxTableRows ?? 50;
    for (const row of rows.slice(0, maxRows)) {
      const cells = [...row.children].filter(
        (cell) =>
          isRendered(cell) && /^(cell|gridcell|columnheader|rowheader)$/.test(ariaRole(cell) ?? ''),
      );
      if (cells.length === 0) continue;
      const texts = cells.map((cell) => visibleText(cell).replaceAll('|', '\\|'));
      this.line(depth + 1, `| ${texts.join(' | ')} |`);
    }
    if (rows.length > maxRows) this.line(depth + 1, `… ${rows.length - maxRows} more rows`);
  }

  /** A chart or icon: its name when it has one, else its text (tick labels …) on one line. */
  private graphic(svg: Element, depth: number): void {
    const title = svg.querySelector(':scope > title');
    const name = accessibleName(svg, 'img') || (title ? visibleText(title) : '');
    if (name) {
      this.inline(depth, ` [img] ${name} `);
      return;
    }
    const text = visibleText(svg);
    if (text) this.line(depth, `[graphic] ${cutLine(text, MAX_NAME_LENGTH).text}`);
  }

  private definitions(list: Element, depth: number): void {
    this.flush();
    let term = '';
    for (const child of list.querySelectorAll('dt, dd')) {
      if (child.closest('dl') !== list || !isRenderedWithin(child, list)) continue;
      if (child.localName === 'dt') term = visibleText(child);
      else this.line(depth, term ? factLine(term, visibleText(child)) : visibleText(child));
    }
  }
}

/**
 * Outlines the visible content of `root` (the root itself included).
 * @param root - element to outline.
 * @param options - `nodeOf` (opted-in placeholders), `maxTableRows` (default 50).
 * @returns items in document order; empty for an empty or hidden root.
 */
export function outlineItems(root: Element, options: OutlineOptions = {}): OutlineItem[] {
  const writer = new OutlineWriter(options);
  writer.element(root, 0);
  writer.flush();
  return writer.items;
}
