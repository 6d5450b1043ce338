/**
 * SVG graphics rasterized to character cells, for the "text screenshot" baseline: filled shapes
 * (bars, areas, dots) become block characters where the browser would fill them, strokes (lines,
 * polylines, paths, outlines) are sampled along their geometry and drawn with line pieces chosen by
 * the local direction, and shapes smaller than a cell become one marker. Geometry comes from the
 * browser (`getScreenCTM`, `getBoundingClientRect`, `isPointInFill`, `getTotalLength`,
 * `getPointAtLength`), so whatever a chart library drew is drawn. Idea from Sentry's ASCII
 * screenshot (getsentry/sentry#101413), which rendered its e-charts graphs into the text.
 */
import { computedStyle } from './visibility.js';

/** The 2×3 + translation matrix of `getScreenCTM()` (user units → viewport pixels). */
interface Matrix {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

/** The geometry API of an `SVGGeometryElement`, as far as this module uses it. */
interface ShapeApi {
  getScreenCTM(): Matrix | null;
  getTotalLength(): number;
  getPointAtLength(distance: number): { x: number; y: number };
  isPointInFill(point: { x: number; y: number }): boolean;
}

/** Where the grid lies on the page and how big a cell is, in viewport pixels. */
export interface CellGeometry {
  originLeft: number;
  originTop: number;
  cellWidth: number;
  cellHeight: number;
}

/** One painted cell. */
export interface PaintedCell {
  row: number;
  column: number;
  char: string;
}

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/**
 * True when `element` is an SVG shape whose geometry the browser exposes (rect, circle, ellipse,
 * line, polyline, polygon, path in Chromium and Firefox; none in jsdom).
 * @param element - any element.
 * @returns whether {@link shapeCells} can draw it.
 */
export function isDrawableShape(element: Element): boolean {
  const api = element as Partial<ShapeApi> & Element;
  return (
    element.namespaceURI === SVG_NAMESPACE &&
    typeof api.getScreenCTM === 'function' &&
    typeof api.getTotalLength === 'function' &&
    typeof api.getPointAtLength === 'function'
  );
}

function apply(m: Matrix, x: number, y: number): { x: number; y: number } {
  return { x: m.a * x + m.c * y + m.e, y: m.b * x + m.d * y + m.f };
}

function invert(m: Matrix): Matrix | undefined {
  const det = m.a * m.d - m.b * m.c;
  if (det === 0) return undefined;
  return {
    a: m.d / det,
    b: -m.b / det,
    c: -m.c / det,
    d: m.a / det,
    e: (m.c * m.f - m.d * m.e) / det,
    f: (m.b * m.e - m.a * m.f) / det,
  };
}

/** Whether a paint (`fill` or `stroke`) shows; `fallback` is the SVG initial value. */
function paints(element: Element, property: 'fill' | 'stroke', fallback: string): boolean {
  const style = computedStyle(element);
  const value = (
    style?.getPropertyValue(property) ||
    element.getAttribute(property) ||
    fallback
  ).trim();
  if (value === 'none' || value === 'transparent' || /^rgba\(.*,\s*0\)$/.test(value)) return false;
  const opacity =
    style?.getPropertyValue(`${property}-opacity`) || element.getAttribute(`${property}-opacity`);
  if (opacity !== null && opacity !== '' && Number(opacity) === 0) return false;
  if (property === 'stroke') {
    const width = style?.getPropertyValue('stroke-width') || element.getAttribute('stroke-width');
    if (width !== null && width !== '' && Number.parseFloat(width) === 0) return false;
  }
  return true;
}

/** The line piece for a stroke heading (dx, dy) on screen (y grows downwards). */
function strokeChar(dx: number, dy: number): string {
  const [ax, ay] = [Math.abs(dx), Math.abs(dy)];
  if (ay <= ax * 0.5) return '─';
  if (ax <= ay * 0.5) return '│';
  return dx * dy < 0 ? '╱' : '╲';
}

/** Cells whose centre lies in [from, to); the cell holding the middle when none does. */
function cellSpan(from: number, to: number, origin: number, size: number): number[] {
  const first = Math.ceil((from - origin) / size - 0.5);
  const last = Math.ceil((to - origin) / size - 0.5) - 1;
  if (last < first) return [Math.floor(((from + to) / 2 - origin) / size)];
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

function fillCells(shape: Element & ShapeApi, screen: Matrix, grid: CellGeometry): PaintedCell[] {
  const box = shape.getBoundingClientRect();
  const toUser = invert(screen);
  if (!toUser) return [];
  const char =
    shape.localName === 'rect'
      ? '█'
      : shape.localName === 'path' || shape.localName === 'polygon'
        ? '░'
        : '●';
  const cells: PaintedCell[] = [];
  for (const row of cellSpan(box.top, box.bottom, grid.originTop, grid.cellHeight)) {
    const y = Math.min(
      box.bottom,
      Math.max(box.top, grid.originTop + (row + 0.5) * grid.cellHeight),
    );
    for (const column of cellSpan(box.left, box.right, grid.originLeft, grid.cellWidth)) {
      const x = Math.min(
        box.right,
        Math.max(box.left, grid.originLeft + (column + 0.5) * grid.cellWidth),
      );
      if (shape.isPointInFill(apply(toUser, x, y))) cells.push({ row, column, char });
    }
  }
  return cells;
}

function strokeCells(shape: ShapeApi, screen: Matrix, grid: CellGeometry): PaintedCell[] {
  const total = shape.getTotalLength();
  if (!(total > 0)) return [];
  // Sample every half cell along the stroke, measured on screen.
  const scale = Math.hypot(screen.a, screen.b) || 1;
  const steps = Math.max(
    1,
    Math.ceil((total * scale) / (Math.min(grid.cellWidth, grid.cellHeight) / 2)),
  );
  const points = Array.from({ length: steps + 1 }, (_, i) => {
    const p = shape.getPointAtLength((total * i) / steps);
    return apply(screen, p.x, p.y);
  });
  return points.map((point, i) => {
    const before = points[Math.max(0, i - 1)] ?? point;
    const after = points[Math.min(points.length - 1, i + 1)] ?? point;
    return {
      row: Math.floor((point.y - grid.originTop) / grid.cellHeight),
      column: Math.floor((point.x - grid.originLeft) / grid.cellWidth),
      // Direction in cells, so a slope reads as it looks on the grid.
      char: strokeChar(
        (after.x - before.x) / grid.cellWidth,
        (after.y - before.y) / grid.cellHeight,
      ),
    };
  });
}

/**
 * The cells an SVG shape covers on the grid: its fill, then its stroke; one `●` for a shape
 * smaller than a cell (a data point, a legend dot).
 * @param shape - an element for which {@link isDrawableShape} is true.
 * @param grid - where the grid lies and its cell size, viewport pixels.
 * @returns the painted cells (possibly outside the grid: the caller clips), fill before stroke.
 */
export function shapeCells(shape: Element, grid: CellGeometry): PaintedCell[] {
  const api = shape as Element & ShapeApi;
  const screen = api.getScreenCTM();
  if (!screen) return [];
  const filled = paints(shape, 'fill', 'black') && typeof api.isPointInFill === 'function';
  const stroked = paints(shape, 'stroke', 'none');
  if (!filled && !stroked) return [];
  const box = shape.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return [];
  if (box.width < grid.cellWidth && box.height < grid.cellHeight) {
    return [
      {
        row: Math.floor((box.top + box.height / 2 - grid.originTop) / grid.cellHeight),
        column: Math.floor((box.left + box.width / 2 - grid.originLeft) / grid.cellWidth),
        char: '●',
      },
    ];
  }
  return [
    ...(filled ? fillCells(api, screen, grid) : []),
    ...(stroked ? strokeCells(api, screen, grid) : []),
  ];
}
