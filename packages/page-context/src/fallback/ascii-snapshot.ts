/**
 * `asciiSnapshot`: the "text screenshot" baseline — the whole rendered page (not only the
 * viewport) as a character grid: visible text at the position the browser painted it (bounding
 * boxes from `getBoundingClientRect` and text `Range`s, wrapped as painted), SVG graphics drawn into
 * the cells they cover (bars as blocks, lines and paths sampled along their geometry, points as
 * markers: see `svg-cells.ts`), blank rows kept where the page has them. As Sentry's ASCII
 * screenshot did (getsentry/sentry#101413: ASCII graphs from its charts, the UI's wrapping kept).
 * Kept to measure what DOM-to-text screenshots cost against semantic page context. Trailing
 * spaces of each row are trimmed; HTML boxes (backgrounds, borders, CSS-drawn bars) are not drawn.
 * Without layout (jsdom, where every box is empty) the page is laid out as block flow instead:
 * one line per block, text wrapped at `columns`, table cells in fixed-width columns, no graphics.
 */
import { ariaRole } from './aria-role.js';
import { CharacterGrid, wrapText } from './character-grid.js';
import { isDrawableShape, shapeCells } from './svg-cells.js';
import {
  collapseWhitespace,
  computedStyle,
  displayedValue,
  isRendered,
  isTextVisible,
} from './visibility.js';

/** Options of {@link asciiSnapshot}. */
export interface AsciiSnapshotOptions {
  /**
   * Width of the grid in characters. Default: the page width divided by the median glyph width
   * painted (so text keeps its size); 120 for the block-flow fallback.
   */
  columns?: number;
}

/** What a form field shows on screen: its value in brackets, a check box as `[x]`/`[ ]`. */
function fieldText(element: Element): string | undefined {
  const tag = element.localName;
  if (tag === 'select') {
    const selected = (element as HTMLSelectElement).selectedOptions[0];
    return `[${collapseWhitespace(selected?.text ?? '')} ▾]`;
  }
  if (tag === 'textarea') {
    return `[${collapseWhitespace(displayedValue(element as HTMLTextAreaElement))}]`;
  }
  if (tag !== 'input') return undefined;
  const input = element as HTMLInputElement;
  if (input.type === 'checkbox' || input.type === 'radio') return input.checked ? '[x]' : '[ ]';
  if (['submit', 'reset', 'button'].includes(input.type)) return `[ ${input.value || input.type} ]`;
  return `[${displayedValue(input) || input.placeholder || ' '}]`;
}

/** A run of painted text (or a field's shown value) and its box. */
interface Fragment {
  left: number;
  top: number;
  width: number;
  height: number;
  text: string;
}

function isPainted(rect: DOMRect): boolean {
  return rect.width > 0 && rect.height > 0;
}

/** A text node wrapped over several line boxes: its words shared out by the boxes' widths. */
function splitOverLines(text: string, rects: readonly DOMRect[]): Fragment[] {
  const words = text.split(' ');
  const total = rects.reduce((sum, rect) => sum + rect.width, 0);
  const fragments: Fragment[] = [];
  let covered = 0;
  let consumed = 0;
  rects.forEach((rect, index) => {
    covered += rect.width;
    const last = index === rects.length - 1;
    const until = (covered / total) * text.length;
    const line: string[] = [];
    while (words.length > 0 && (last || consumed < until)) {
      const word = words.shift() as string;
      line.push(word);
      consumed += word.length + 1;
    }
    if (line.length > 0) fragments.push({ ...rectBox(rect), text: line.join(' ') });
  });
  return fragments;
}

function rectBox({ left, top, width, height }: DOMRect): Omit<Fragment, 'text'> {
  return { left, top, width, height };
}

const PRESERVES_NEWLINES = new Set(['pre', 'pre-wrap', 'pre-line', 'break-spaces']);

/**
 * The painted runs of one text node. Preformatted text keeps its lines and indentation (one line
 * box per source line); other text is measured without its leading and trailing white space (not
 * painted at a line's ends), collapsed, and shared out over its line boxes when it wraps.
 */
function textFragments(parent: Element, node: Text): Fragment[] {
  const raw = node.data;
  const first = raw.search(/\S/);
  if (first === -1) return [];
  const range = parent.ownerDocument.createRange();
  const whiteSpace = computedStyle(parent)?.whiteSpace ?? '';
  if (PRESERVES_NEWLINES.has(whiteSpace)) {
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter(isPainted);
    const lines = raw.split('\n').filter((line) => line.trim() !== '');
    if (rects.length === lines.length)
      return lines.map((line, i) => ({ ...rectBox(rects[i] as DOMRect), text: line.trimEnd() }));
  }
  range.setStart(node, first);
  range.setEnd(node, raw.trimEnd().length);
  const text = collapseWhitespace(raw);
  const rects = [...range.getClientRects()].filter(isPainted);
  if (rects.length === 1) return [{ ...rectBox(rects[0] as DOMRect), text }];
  return rects.length > 1 ? splitOverLines(text, rects) : [];
}

/** What is painted under `root`: text runs and SVG shapes. */
interface Painted {
  fragments: Fragment[];
  shapes: Element[];
}

function paintedContent(root: Element): Painted {
  const fragments: Fragment[] = [];
  const shapes: Element[] = [];
  const visit = (element: Element): void => {
    if (isDrawableShape(element)) shapes.push(element);
    const field = fieldText(element);
    if (field !== undefined) {
      const rect = element.getBoundingClientRect();
      if (isPainted(rect)) fragments.push({ ...rectBox(rect), text: field });
      return;
    }
    const textShown = isTextVisible(element);
    for (const child of element.childNodes) {
      if (child.nodeType === 1) {
        if (isRendered(child as Element)) visit(child as Element);
      } else if (child.nodeType === 3 && textShown) {
        fragments.push(...textFragments(element, child as Text));
      }
    }
  };
  visit(root);
  return { fragments, shapes };
}

function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function paintedGrid(root: Element, { fragments, shapes }: Painted, columns?: number): string {
  const origin = root.getBoundingClientRect();
  const width = Math.max(origin.width, root.scrollWidth);
  // One cell = the median glyph width and line height actually painted, unless columns are given.
  const cellWidth =
    columns === undefined
      ? (median(fragments.map((fragment) => fragment.width / fragment.text.length)) ?? 8)
      : width / columns;
  const cellHeight = median(fragments.map((fragment) => fragment.height)) ?? cellWidth * 2;
  const placed = fragments.map((fragment) => ({
    row: Math.max(0, Math.round((fragment.top - origin.top) / cellHeight)),
    column: Math.max(0, Math.round((fragment.left - origin.left) / cellWidth)),
    fragment,
  }));
  placed.sort((a, b) => a.row - b.row || a.fragment.left - b.fragment.left);
  const grid = new CharacterGrid(columns);
  // Right edge, in pixels, of the last run written on each row: a run painted flush against it
  // (`fn` `(` `file` `:` `line` as separate text nodes) continues it without a space.
  const rightEdge = new Map<number, number>();
  for (const { row, column, fragment } of placed) {
    const glued = fragment.left - (rightEdge.get(row) ?? Number.NEGATIVE_INFINITY) < cellWidth / 4;
    grid.write(row, column, fragment.text, glued);
    rightEdge.set(row, fragment.left + fragment.width);
  }
  const geometry = { originLeft: origin.left, originTop: origin.top, cellWidth, cellHeight };
  for (const shape of shapes)
    for (const cell of shapeCells(shape, geometry)) grid.paint(cell.row, cell.column, cell.char);
  return grid.render();
}

/** The text a block-flow cell shows: painted text and fields' shown values, hidden parts skipped. */
function flowText(element: Element): string {
  const field = fieldText(element);
  if (field !== undefined) return ` ${field} `;
  const textShown = isTextVisible(element);
  let text = '';
  for (const child of element.childNodes) {
    if (child.nodeType === 1 && isRendered(child as Element)) text += flowText(child as Element);
    else if (child.nodeType === 3 && textShown) text += child.textContent ?? '';
  }
  return text;
}

const BLOCK_BREAK =
  /^(address|article|aside|blockquote|details|dialog|dd|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|summary|table|ul|br)$/;

function flowLayout(root: Element, columns: number): string {
  const lines: string[] = [];
  let current = '';
  const flush = (): void => {
    const text = collapseWhitespace(current);
    current = '';
    if (text) lines.push(...wrapText(text, columns));
  };
  const visit = (element: Element): void => {
    const field = fieldText(element);
    if (field !== undefined) {
      current += ` ${field} `;
      return;
    }
    if (ariaRole(element) === 'row') {
      flush();
      const cells = [...element.children].filter(isRendered);
      const cellWidth = Math.max(1, Math.floor(columns / Math.max(1, cells.length)) - 1);
      lines.push(
        cells
          .map((cell) => collapseWhitespace(flowText(cell)).slice(0, cellWidth).padEnd(cellWidth))
          .join(' ')
          .trimEnd(),
      );
      return;
    }
    if (element.localName === 'pre') {
      flush();
      lines.push(...(element.textContent ?? '').split('\n').map((line) => line.trimEnd()));
      return;
    }
    const breaks = BLOCK_BREAK.test(element.localName);
    if (breaks) flush();
    const textShown = isTextVisible(element);
    for (const child of element.childNodes) {
      if (child.nodeType === 1 && isRendered(child as Element)) visit(child as Element);
      else if (child.nodeType === 3 && textShown) current += child.textContent ?? '';
    }
    if (breaks) flush();
  };
  visit(root);
  flush();
  return lines.join('\n');
}

/**
 * Renders what `root` paints (text, form fields, SVG graphics) as a character grid, positioned as
 * painted, blank rows kept.
 * @param root - element to capture (e.g. `document.body`).
 * @param options - `columns`: grid width in characters; default from the painted glyph width
 *   (block flow: 120).
 * @returns the grid as text (no token cap: it is the baseline being measured). Where the document
 *   has no layout (every box empty, as in jsdom) a block-flow rendering is returned instead.
 * @example asciiSnapshot(document.body, { columns: 160 })
 */
export function asciiSnapshot(root: Element, options: AsciiSnapshotOptions = {}): string {
  const { columns } = options;
  const painted = isPainted(root.getBoundingClientRect())
    ? paintedContent(root)
    : { fragments: [], shapes: [] };
  return painted.fragments.length > 0
    ? paintedGrid(root, painted, columns)
    : flowLayout(root, columns ?? 120);
}
