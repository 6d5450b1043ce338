/**
 * `SECRET_RULES_VERSION` is stored with every scan's result (the index cache, the service's
 * stored reports) so that a change of the rules is never answered from an older scan; it is
 * bumped by hand, and a stop once changed the rules without it. This test keeps the version tied
 * to the rules' source: the hash of secrets.ts and every module it imports (type imports too) is
 * recorded with the version in __fixtures__/secret-rules-version.json.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SECRET_RULES_VERSION } from './secrets.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RECORD = path.join(HERE, '__fixtures__', 'secret-rules-version.json');

/** secrets.ts and the modules of this package it imports, transitively, relative to src/. */
function rulesSource(): Map<string, string> {
  const files = new Map<string, string>();
  const pending = [path.join(HERE, 'secrets.ts')];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (files.has(file)) continue;
    const text = readFileSync(file, 'utf8');
    files.set(file, text);
    for (const { fileName } of ts.preProcessFile(text).importedFiles) {
      if (fileName.startsWith('.')) {
        pending.push(path.resolve(path.dirname(file), fileName.replace(/\.js$/, '.ts')));
      }
    }
  }
  return files;
}

describe('SECRET_RULES_VERSION', () => {
  it('is bumped whenever the source of the secret rules changes', () => {
    const source = rulesSource();
    const hash = createHash('sha256');
    for (const file of [...source.keys()].sort()) {
      hash
        .update(path.relative(HERE, file))
        .update('\0')
        .update(source.get(file) ?? '');
    }
    const sha256 = hash.digest('hex');
    const recorded = JSON.parse(readFileSync(RECORD, 'utf8')) as {
      version: number;
      sha256: string;
    };
    const record = `record ${JSON.stringify({ version: SECRET_RULES_VERSION, sha256 })} in ${path.relative(process.cwd(), RECORD)}`;
    if (recorded.version === SECRET_RULES_VERSION && recorded.sha256 !== sha256) {
      expect.fail(
        `The secret rules' source changed but SECRET_RULES_VERSION is still ${SECRET_RULES_VERSION}: bump it if what the rules find changed (so no cached scan answers for them), then ${record}.`,
      );
    }
    expect(recorded, `SECRET_RULES_VERSION changed: ${record}`).toEqual({
      version: SECRET_RULES_VERSION,
      sha256,
    });
  });
});
