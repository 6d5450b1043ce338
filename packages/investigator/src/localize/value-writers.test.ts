import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseReport } from '@sightline/intake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHandBuiltRepository,
  type HandBuiltRepository,
} from './__fixtures__/hand-built-index.js';
import { localize } from './localize.js';
import {
  assignmentSites,
  dereferencedNames,
  isNullDereference,
  valueWriters,
} from './value-writers.js';

describe('isNullDereference', () => {
  it('tells a missing value dereferenced from other errors, across languages', () => {
    for (const [type, message] of [
      ['TypeError', "Cannot read properties of undefined (reading 'total')"],
      [
        'java.lang.NullPointerException',
        "Attempt to invoke virtual method 'int Foo.size()' on a null object reference",
      ],
      ['AttributeError', "'NoneType' object has no attribute 'total'"],
      ['panic', 'runtime error: invalid memory address or nil pointer dereference'],
    ])
      expect(isNullDereference({ type: type ?? '', message: message ?? '' })).toBe(true);
    expect(isNullDereference({ type: 'RangeError', message: 'Invalid array length' })).toBe(false);
  });
});

describe('dereferencedNames', () => {
  it('gives the receivers of member accesses, not this, self or types', () => {
    expect(
      dereferencedNames('    return this.summary.total.toFixed(Math.max(digits, 2));'),
    ).toEqual(['summary', 'total']);
    expect(dereferencedNames('val n = adapter!!.itemCount + self.x')).toEqual(['adapter']);
  });
});

// Failure class 1 of issue #33: the base class dereferences a value a subclass's lifecycle method
// should have set; the throw site is where it surfaced, the subclass is where the fix goes.
const CRASH = `Checkout page crashes with an empty cart

\`\`\`
TypeError: Cannot read properties of undefined (reading 'total')
    at CheckoutView.render (/app/src/views/base-view.js:4:25)
    at mountView (/app/src/app.js:3:15)
\`\`\`
`;

describe('writers of a missing value (failure class 1)', () => {
  let repository: HandBuiltRepository;
  beforeAll(async () => {
    repository = await createHandBuiltRepository({
      'src/views/base-view.js': {
        content: [
          'export class BaseView {',
          '  render() {',
          '    // Every view shows the summary it was given.',
          '    return this.summary.total.toFixed(2);',
          '  }',
          '}',
          '',
        ].join('\n'),
        definitions: [
          { name: 'BaseView', kind: 'class', lines: [1, 6] },
          { name: 'render', kind: 'method', lines: [2, 5], scope: ['BaseView'] },
        ],
      },
      'src/views/checkout-view.js': {
        content: [
          "import { BaseView } from './base-view.js';",
          'export class CheckoutView extends BaseView {',
          '  onMount(cart) {',
          '    if (cart.items.length > 0) this.summary = summarize(cart);',
          '  }',
          '}',
          '',
        ].join('\n'),
        definitions: [
          { name: 'CheckoutView', kind: 'class', lines: [2, 6] },
          { name: 'onMount', kind: 'method', lines: [3, 5], scope: ['CheckoutView'] },
        ],
      },
      'src/views/receipt.js': {
        content:
          "export function receipt(view) {\n  return 'Total page: ' + view.summary.total;\n}\n",
        definitions: [{ name: 'receipt', kind: 'function', lines: [1, 3] }],
      },
      'src/app.js': {
        content:
          'export function mountView(view, cart) {\n  view.onMount(cart);\n  return view.render();\n}\n',
        definitions: [{ name: 'mountView', kind: 'function', lines: [1, 4] }],
      },
      'test/views.test.js': { content: 'view.summary = { total: 1 };\n' },
    });
  });
  afterAll(() => repository.cleanup());

  it('finds the source files assigning a name the throw site dereferences, not those reading it', () => {
    const writers = valueWriters(repository.index, { path: 'src/views/base-view.js', line: 4 });
    expect([...writers.entries()]).toEqual([
      ['src/views/checkout-view.js', { name: 'summary', line: 4, share: 1 }],
    ]);
  });

  // The shipped weights know this credit only as an error-message mention (`message`): the writer
  // comes third, after the throw site and its caller; how much it should weigh is for a retrain.
  it('puts the subclass that should have set the value among the first suspects, at its assignment', () => {
    const suspects = localize(parseReport(CRASH), repository.index, { limit: 5 });
    const paths = suspects.map((suspect) => suspect.path);
    expect(paths.indexOf('src/views/checkout-view.js')).toBeGreaterThanOrEqual(0);
    expect(paths.indexOf('src/views/checkout-view.js')).toBeLessThan(3);
    const writer = suspects.find((suspect) => suspect.path === 'src/views/checkout-view.js');
    expect(writer?.lines[0]).toBeLessThanOrEqual(4);
    expect(writer?.lines[1]).toBeGreaterThanOrEqual(4);
    expect(writer?.evidence).toContain(
      'assigns `summary` at line 4, which the throw site dereferences while it is missing',
    );
    // A file that only reads the value is no writer.
    const reader = suspects.find((suspect) => suspect.path === 'src/views/receipt.js');
    expect(reader?.evidence.join('\n') ?? '').not.toContain('assigns');
  });
});

describe('assignment sites, read once per repository revision', () => {
  let repository: HandBuiltRepository;
  beforeAll(async () => {
    repository = await createHandBuiltRepository({
      'src/base.js': { content: 'export function total(view) {\n  return summary.total;\n}\n' },
      'src/view.js': { content: 'export function mount(cart) {\n  summary = cart.summary;\n}\n' },
      'src/other.py': { content: 'summary = None\n', language: 'python' },
    });
  });
  afterAll(() => repository.cleanup());

  it('reads the files of a language family once per index, whatever the number of reports', async () => {
    const throwSite = { path: 'src/base.js', line: 2 };
    const writer = ['src/view.js', { name: 'summary', line: 2, share: 1 }];
    expect([...valueWriters(repository.index, throwSite)]).toEqual([writer]);
    const sites = assignmentSites(repository.index, 'js');
    // The writer no longer assigns the name on disk; the same index (the same revision) is not
    // read again, so a second report still sees the sites built for the first.
    await writeFile(path.join(repository.root, 'src/view.js'), 'export const mount = 1;\n');
    expect([...valueWriters(repository.index, throwSite)]).toEqual([writer]);
    expect(assignmentSites(repository.index, 'js')).toBe(sites);
    // Another language family is built on its own, once; the throw site's family never holds it.
    const python = assignmentSites(repository.index, 'python');
    expect([...(python.get('summary') ?? [])]).toEqual([['src/other.py', 1]]);
    expect(assignmentSites(repository.index, 'python')).toBe(python);
    expect(sites.get('summary')?.has('src/other.py')).toBe(false);
  });
});

describe('dereferencedNames on a long line', () => {
  it('reads a line of a million identifier characters and keeps names after digits', () => {
    expect(dereferencedNames('$0'.repeat(500_000))).toEqual([]);
    expect(dereferencedNames(`${'$0'.repeat(500_000)}.value + 12summary?.total`)).toEqual([
      `${'$0'.repeat(500_000)}`,
      'summary',
    ]);
  });
});
