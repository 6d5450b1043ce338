import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const actionYml = readFileSync(path.join(root, 'action.yml'), 'utf8');
const { name, version } = JSON.parse(
  readFileSync(path.join(root, 'packages/action/package.json'), 'utf8'),
) as { name: string; version: string };

describe('action.yml', () => {
  it("runs this package's version by default, installing nothing of the repository", () => {
    expect(actionYml).toContain(`default: "${name}@${version}"`);
    expect(actionYml).toMatch(
      /run: npx --yes --package="\$SIGHTLINE_PACKAGE" -- sightline-action github-action /,
    );
    expect(actionYml).not.toMatch(/npm (ci|install)\b/);
  });

  it('passes --no-history when the history input is "false", and nothing else then', () => {
    // The history warning in an issue comment tells to pass --no-history; the Action had no way to.
    const run = /^\s+run: (npx .*)$/m.exec(actionYml)?.[1] ?? '';
    const bin = mkdtempSync(path.join(os.tmpdir(), 'sightline-action-yml-'));
    try {
      // A stand-in npx that prints its arguments, one a line: nothing is downloaded.
      writeFileSync(path.join(bin, 'npx'), '#!/bin/sh\nprintf "%s\\n" "$@"\n');
      chmodSync(path.join(bin, 'npx'), 0o755);
      const args = (history: string) =>
        execFileSync('bash', ['-eo', 'pipefail', '-c', run], {
          encoding: 'utf8',
          env: {
            PATH: `${bin}:${process.env.PATH}`,
            SIGHTLINE_PACKAGE: 'pkg',
            SIGHTLINE_ACTION_REPO: '/work space',
            SIGHTLINE_ACTION_HISTORY: history,
          },
        }).split('\n');
      const base = ['--yes', '--package=pkg', '--', 'sightline-action', 'github-action'];
      expect(args('true')).toEqual([...base, '--repo', '/work space', '']);
      expect(args('false')).toEqual([...base, '--repo', '/work space', '--no-history', '']);
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  });
});
