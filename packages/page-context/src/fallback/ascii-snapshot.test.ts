// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asciiSnapshot } from './ascii-snapshot.js';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

function box(left: number, top: number, width: number, height: number): DOMRect {
  return {
    left,
    top,
    width,
    height,
    right: left + width,
    bottom: top + height,
    x: left,
    y: top,
    toJSON: () => ({}),
  };
}

/**
 * Gives elements with `data-box="left top width height"` that bounding box, and their text those
 * line boxes (several separated by `;`: text wrapped over lines).
 */
function stubLayout(): void {
  const boxesOf = (element: Element | null): DOMRect[] => {
    const spec = element?.closest('[data-box]')?.getAttribute('data-box') ?? '0 0 0 0';
    return spec.split(';').map((line) => {
      const [left = 0, top = 0, width = 0, height = 0] = line.trim().split(' ').map(Number);
      return box(left, top, width, height);
    });
  };
  const boxOf = (element: Element | null): DOMRect => boxesOf(element)[0] as DOMRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    return boxOf(this);
  });
  document.createRange = () => {
    let contents: Node | undefined;
    const range = {
      selectNodeContents: (node: Node) => {
        contents = node;
      },
      setStart: (node: Node) => {
        contents = node;
      },
      setEnd: () => undefined,
      getClientRects: () => boxesOf(contents?.parentElement ?? null),
    };
    return range as unknown as Range;
  };
}

describe('asciiSnapshot', () => {
  it('places painted text on a character grid by its bounding boxes', () => {
    stubLayout();
    document.body.setAttribute('data-box', '0 0 400 300');
    document.body.innerHTML = `
      <h1 data-box="0 0 200 20">Issues</h1>
      <span data-box="300 0 100 20">Sign out</span>
      <p data-box="0 40 90 80">A long sentence that wraps</p>
      <input data-box="200 40 100 20" value="prod">
      <input type="password" data-box="200 60 100 20" value="hunter2">
      <input type="checkbox" checked data-box="200 100 20 20">
      <p data-box="0 200 100 20; 0 220 50 20">one two three four five six</p>
      <p data-box="0 280 100 20">Footer</p>`;
    // 40 columns of 10 px; rows of 20 px (the median line box).
    expect(asciiSnapshot(document.body, { columns: 40 }).split('\n')).toEqual([
      'Issues                        Sign out',
      '',
      // The sentence paints past the field's box: the field moves right instead of overwriting.
      'A long sentence that wraps [prod]',
      '                    [••••]',
      '',
      '                    [x]',
      // Blank rows are kept where the page has them (rows 6–9 and 12–13 paint nothing).
      '',
      '',
      '',
      '',
      'one two three four',
      'five six',
      '',
      '',
      'Footer',
    ]);
  });

  it('sizes cells by the painted glyphs when no width is given', () => {
    stubLayout();
    document.body.setAttribute('data-box', '0 0 400 100');
    document.body.innerHTML = `
      <span data-box="0 0 60 20">Errors</span><span data-box="80 0 40 20">1204</span>
      <span data-box="0 40 70 20">Latency</span><span data-box="80 40 60 20">412 ms</span>`;
    // Median glyph width 10 px: text keeps its painted size and position.
    expect(asciiSnapshot(document.body).split('\n')).toEqual([
      'Errors  1204',
      '',
      'Latency 412 ms',
    ]);
  });

  it('keeps preformatted lines and joins runs painted flush against each other', () => {
    stubLayout();
    document.body.setAttribute('data-box', '0 0 400 100');
    document.body.innerHTML = `
      <pre style="white-space: pre" data-box="0 0 120 20; 0 20 120 20">  12 |   a()\n> 13 | b()\n</pre>
      <span data-box="0 60 50 20">at fn</span><span data-box="50 60 10 20"> (</span><span data-box="65 60 40 20">a.ts </span>`;
    // "(" starts where "at fn" ends: glued; "a.ts" leaves a visible gap: one space.
    expect(asciiSnapshot(document.body, { columns: 40 }).split('\n')).toEqual([
      '  12 |   a()',
      '> 13 | b()',
      '',
      'at fn( a.ts',
    ]);
  });

  it('draws SVG shapes under the text: fills as blocks, strokes sampled, small shapes as markers', () => {
    stubLayout();
    document.body.setAttribute('data-box', '0 0 400 100');
    document.body.innerHTML = `
      <span data-box="0 0 60 20">Errors</span>
      <svg data-box="0 40 400 60">
        <rect data-box="0 40 50 20"></rect>
        <circle data-box="200 45 4 4"></circle>
        <line data-box="0 90 100 0" style="stroke: black"></line>
        <rect data-box="0 40 20 20" style="fill: none"></rect>
        <rect data-box="300 80 0 0"></rect>
      </svg>
      <span data-box="300 40 30 20">p95</span>
      <span data-box="20 80 20 20">ms</span>`;
    const identity = { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 };
    const [bar, dot, line, unpainted, empty] = [...document.querySelectorAll('svg > *')];
    const shape = (isPointInFill: boolean, length: number, at: (d: number) => object) => ({
      getScreenCTM: () => identity,
      isPointInFill: () => isPointInFill,
      getTotalLength: () => length,
      getPointAtLength: at,
    });
    Object.assign(
      bar as Element,
      shape(true, 0, () => ({ x: 0, y: 0 })),
    );
    Object.assign(
      dot as Element,
      shape(true, 0, () => ({ x: 0, y: 0 })),
    );
    // A horizontal stroke at y = 90 px from x = 0 to 100 px (row 4, columns 0–10).
    Object.assign(
      line as Element,
      shape(false, 100, (d: number) => ({ x: d, y: 90 })),
    );
    // Not filled and not stroked; and one of no size: neither paints anything.
    Object.assign(
      unpainted as Element,
      shape(true, 0, () => ({ x: 0, y: 0 })),
    );
    Object.assign(
      empty as Element,
      shape(true, 0, () => ({ x: 0, y: 0 })),
    );
    expect(asciiSnapshot(document.body, { columns: 40 }).split('\n')).toEqual([
      'Errors',
      '',
      '█████               ●         p95',
      '',
      '──ms───────',
    ]);
  });

  it('falls back to block flow where nothing is laid out (jsdom)', () => {
    document.body.innerHTML = readFileSync(
      join(import.meta.dirname, '__fixtures__', 'issues-page.html'),
      'utf8',
    );
    expect(asciiSnapshot(document.body, { columns: 60 }).split('\n')).toEqual([
      'Dashboard',
      'Issues',
      'Settings',
      'JD',
      'Issues',
      'Errors grouped by fingerprint, last 24 hours.',
      'Environment [staging ▾] [x] Only unresolved [checkout] Apply',
      'Top issues',
      'Title               Events              Users',
      'TypeError: Cannot r 1,204               311',
      'ChunkLoadError: Loa 88                  40',
      'but this shows',
      'Advanced',
      'Tags',
      'browser',
      'Chrome 131',
      'release',
      '4.2.0',
      'TypeError: Cannot read properties of undefined',
      '    at renderRow (src/table.tsx:42:7)',
      '    at map (native)',
      '© 2026 Sightline · Status',
    ]);
  });

  it('block flow shows table cells as painted: hidden text skipped, passwords masked', () => {
    document.body.innerHTML = `<table><tr><td>Key <span hidden>secret</span></td>
      <td><input type="password" value="hunter2"></td><td><input type="checkbox" checked></td></tr></table>`;
    expect(asciiSnapshot(document.body, { columns: 60 })).toBe(
      'Key                 [••••]              [x]',
    );
  });
});
