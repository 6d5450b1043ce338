import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { indexRepository, type RepositoryIndex } from '@sightline/codebase';
import { parseReport } from '@sightline/intake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyDiagnosis } from '../diagnosis/verify-diagnosis.js';
import { diagnoseOffline } from './offline-diagnosis.js';
import { staleFrameNote } from './stale-frame.js';

const ORDERS = `"""Order helpers."""
import json

# Totals are computed in cents.


def total(items):
    return sum(item["price"] for item in items)


def load(path):
    with open(path) as handle:
        return json.load(handle)
`;

const SCRIPT = `"""Run the nightly job."""
import json

from app.orders import total

config = json.load(open("config.json"))
print(total(config["items"]))
`;

const STORE = `export class Store {
  constructor(root) {
    this.root = root;
    this.cache = new Map(root.entries);
  }

  size() {
    return this.cache.size;
  }
}
`;

const trace = (file: string, line: number, name: string, error: string) =>
  `Checkout fails\n\nTraceback (most recent call last):\n  File "/srv/shop/${file}", line ${line}, in ${name}\n    x = y\n${error}\n`;

let root: string;
let index: RepositoryIndex;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sightline-stale-'));
  await mkdir(path.join(root, 'app'));
  await writeFile(path.join(root, 'app', 'orders.py'), ORDERS);
  await writeFile(path.join(root, 'app', 'script.py'), SCRIPT);
  await writeFile(path.join(root, 'app', 'store.js'), STORE);
  index = await indexRepository(root, { cacheDir: false });
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('offline diagnosis of frames into top-level code', () => {
  it("verifies a crash in a script's top-level statements (a Python <module> frame)", async () => {
    // Found by a fresh-user trial: the cause's range named no symbol in a file with
    // definitions, so the offline diagnosis failed its own verification (exit 4).
    const report = parseReport(trace('app/script.py', 7, '<module>', "KeyError: 'items'"));
    const diagnosis = await diagnoseOffline(report, index);
    expect(diagnosis.affectedFiles[0]).toMatchObject({ path: 'app/script.py', role: 'cause' });
    expect(diagnosis.rootCause.explanation).not.toMatch(/do not match this checkout/);
    expect(diagnosis.rootCause.confidence).toBe(0.4);
    const result = await verifyDiagnosis(diagnosis, root, { index });
    expect(result).toMatchObject({ ok: true, verified: true, reasons: [] });
  });

  it("says a frame naming a function its file lacks, at a comment line, is another version's", async () => {
    // Found by a fresh-user trial: a stale trace's line fell on a comment, and the diagnosis
    // failed its own verification instead of saying the trace does not match the code.
    const report = parseReport(trace('app/orders.py', 4, 'apply_discount', "KeyError: 'discount'"));
    const diagnosis = await diagnoseOffline(report, index);
    expect(diagnosis.rootCause.summary).toMatch(/by a trace that does not match this checkout\.$/);
    expect(diagnosis.rootCause.explanation).toContain(
      'Its lines do not match this checkout: app/orders.py defines no `apply_discount`, and its line 4 is top-level code: the trace is probably from another version of the file.',
    );
    expect(diagnosis.rootCause.confidence).toBeLessThan(0.4);
    const result = await verifyDiagnosis(diagnosis, root, { index });
    expect(result).toMatchObject({ ok: true, verified: true, reasons: [] });
  });
});

describe('a frame in a constructor', () => {
  it("is this checkout's: the file defines the class the frame names (trial 48)", async () => {
    // Constructors are not indexed as definitions, so `new Store` at line 4 read as a function
    // the file lacks, at top-level code: "probably from another version of the file".
    const report = parseReport(
      "TypeError: Cannot read properties of undefined (reading 'entries')\n    at new Store (/srv/app/app/store.js:4:38)\n    at main (/srv/app/main.js:3:1)\n",
    );
    const diagnosis = await diagnoseOffline(report, index);
    expect(diagnosis.affectedFiles[0]).toMatchObject({ path: 'app/store.js', role: 'cause' });
    expect(diagnosis.rootCause.summary).not.toMatch(/does not match this checkout/);
    expect(diagnosis.rootCause.explanation).not.toMatch(/another version of the file/);
    const file = index.files.get('app/store.js');
    if (!file) throw new Error('app/store.js not indexed');
    expect(
      staleFrameNote(file, STORE.split('\n'), { line: 4, function: 'new Store' }, 'app/store.js'),
    ).toBeUndefined();
  });
});

describe('staleFrameNote', () => {
  const file = () => {
    const found = index.files.get('app/orders.py');
    if (!found) throw new Error('app/orders.py not indexed');
    return found;
  };
  const lines = ORDERS.split('\n');

  it('names a comment line inside another function (trial 43)', () => {
    const withComment = [...lines];
    withComment[7] = '    # apply used to live here';
    expect(
      staleFrameNote(file(), withComment, { line: 8, function: 'apply' }, 'app/orders.py'),
    ).toBe(
      'app/orders.py defines no `apply`, and its line 8 is a comment: the trace is probably from another version of the file',
    );
  });

  it('names blank lines and lines past the end', () => {
    expect(staleFrameNote(file(), lines, { line: 5, function: 'apply' }, 'app/orders.py')).toMatch(
      /line 5 is blank/,
    );
    expect(staleFrameNote(file(), lines, { line: 90, function: 'apply' }, 'app/orders.py')).toMatch(
      /line 90 is past the end of the file \(13 lines\)/,
    );
  });

  it('leaves frames that may be this checkout’s alone', () => {
    const note = (line: number, name?: string) =>
      staleFrameNote(file(), lines, { line, function: name }, 'app/orders.py');
    expect(note(8, 'apply')).toBeUndefined(); // a statement inside `total`: it may be this code
    expect(note(8, 'total')).toBeUndefined();
    expect(note(4, 'total')).toBeUndefined(); // the file defines it
    expect(note(4, '<module>')).toBeUndefined();
    expect(note(4)).toBeUndefined();
  });
});
