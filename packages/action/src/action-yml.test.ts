import { readFileSync } from 'node:fs';
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
});
