/**
 * No secret leaves through a diagnosis: neither a verification message (which echoes the real
 * line on a quote mismatch) nor the offline diagnosis's quoted evidence.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { indexRepository } from '@sightline/codebase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validDiagnosis } from '../diagnosis/__fixtures__/diagnosis.js';
import { verifyDiagnosis } from '../diagnosis/verify-diagnosis.js';
import { issueReport } from '../localize/__fixtures__/tiny-query.js';
import { diagnoseOffline } from '../localize/offline-diagnosis.js';

const TOKEN = `ghp_${'FAKE'.repeat(8)}0000`;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sightline-secret-lines-'));
  await mkdir(path.join(root, 'src'));
  await writeFile(
    path.join(root, 'src/config.js'),
    `const apiToken = '${TOKEN}';\nfunction loadConfig() {\n  return apiToken.trim();\n}\n`,
  );
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('secret lines in a diagnosis', () => {
  it('a quote mismatch on a secret line names it withheld, never its text', async () => {
    const diagnosis = validDiagnosis();
    diagnosis.affectedFiles = [
      {
        path: 'src/config.js',
        lines: [1, 3],
        role: 'cause',
        evidence: [{ path: 'src/config.js', line: 1, quote: 'const other = 1;' }],
      },
    ];
    diagnosis.proposedChange = null;
    const result = await verifyDiagnosis(diagnosis, root);
    const messages = result.errors.map((error) => error.message).join('\n');
    expect(messages).toContain(
      'line 1 is: `[withheld: looks like a secret (secretlint rule github)]`',
    );
    expect(messages).not.toContain(TOKEN);
  });

  it('the offline diagnosis quotes a line that is not secret', async () => {
    const index = await indexRepository(root, { cacheDir: false });
    const diagnosis = await diagnoseOffline(
      issueReport('loadConfig fails', 'apiToken is empty'),
      index,
      {
        suspects: [{ path: 'src/config.js', lines: [1, 4], score: 1, evidence: ['named'] }],
      },
    );
    expect(JSON.stringify(diagnosis)).not.toContain(TOKEN);
    expect(diagnosis.affectedFiles[0]?.evidence[0]).toEqual({
      path: 'src/config.js',
      line: 2,
      quote: 'function loadConfig() {',
    });
  });
});
