import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { indexRepository, type RepositoryIndex } from '@sightline/codebase';
import { parseReport } from '@sightline/intake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploymentRoots, underDeploymentRoot } from './deployment-roots.js';
import { collectReportSignals } from './report-signals.js';

let root: string;
let index: RepositoryIndex;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sightline-deploy-'));
  await mkdir(path.join(root, 'lib'));
  await writeFile(path.join(root, 'billing.py'), 'def compute_total(items):\n    return 1\n');
  await writeFile(
    path.join(root, 'main.py'),
    'from billing import compute_total\n\n\ndef handle(request):\n    return compute_total(request)\n',
  );
  await writeFile(path.join(root, 'server.js'), "const app = require('express')();\n");
  await writeFile(path.join(root, 'lib', 'users.js'), 'function runUser() {}\n');
  index = await indexRepository(root, { cacheDir: false });
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('frames under the deployment folder their siblings show', () => {
  it('maps a root-file frame whose function the file lacks, as its sibling under /srv/shop maps', () => {
    // Fresh-user trial 42: the stale billing.py frame was dropped while main.py's mapped.
    const report = parseReport(
      'Traceback (most recent call last):\n  File "/srv/shop/main.py", line 5, in handle\n    return compute_total(request)\n  File "/srv/shop/billing.py", line 2, in compute_discount\n    return total / count\nZeroDivisionError: division by zero\n',
    );
    const { frames } = collectReportSignals(report, index);
    expect(frames.map((frame) => [frame.path, frame.line, frame.function])).toEqual([
      ['billing.py', 2, 'compute_discount'],
      ['main.py', 5, 'handle'],
    ]);
  });

  it('maps an anonymous frame into a root file when a deeper sibling shows the folder', () => {
    const report = parseReport(
      'TypeError: x is null\n    at /app/server.js:10:33\n    at runUser (/app/lib/users.js:1:1)\n',
    );
    const { frames } = collectReportSignals(report, index);
    expect(frames.map((frame) => frame.path)).toEqual(['server.js', 'lib/users.js']);
  });

  it('reads folders only from frames resolved by path, and keeps other folders out', () => {
    const roots = deploymentRoots([
      { file: '/srv/shop/lib/users.js', mapped: { path: 'lib/users.js', via: 'path' } },
      { file: '/opt/x/users.js', mapped: { path: 'lib/users.js', via: 'symbol' } },
      { file: 'main.py', mapped: { path: 'main.py', via: 'path' } },
      { file: '/usr/lib/python3/json.py', mapped: null },
    ]);
    expect(roots).toEqual([['srv', 'shop']]);
    expect(underDeploymentRoot(index, '/srv/shop/server.js', roots)).toBe('server.js');
    expect(underDeploymentRoot(index, '/usr/lib/node/server.js', roots)).toBeUndefined();
    expect(underDeploymentRoot(index, '/srv/shop/missing.js', roots)).toBeUndefined();
  });
});
