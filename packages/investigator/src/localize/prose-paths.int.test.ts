/**
 * A file name holding a backtick, in the prose of an offline diagnosis (root cause, risk, a
 * suspect's reasons): shown as a code span, so it never pairs with a backtick of the prose and
 * the rendered Markdown reads as written (fresh-user trial 44: `pa`rse|r.js` swallowed the text
 * up to the next code span).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { indexRepository } from '@sightline/codebase';
import { parseReport } from '@sightline/intake';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathInProse } from '../diagnosis/markdown-text.js';
import { renderDiagnosisMarkdown } from '../diagnosis/render-markdown.js';
import { diagnoseOffline } from './offline-diagnosis.js';

const ODD = 'src/pa`rse.js';
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sightline-prose-paths-'));
  await mkdir(path.join(root, 'src'));
  await writeFile(
    path.join(root, ODD),
    "export function parseHeader(line) {\n  const parts = line.split(':');\n  return parts[1].trim();\n}\n",
  );
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('paths in the prose of an offline diagnosis', () => {
  it('shows a path with a backtick as a code span, and one without as written', () => {
    expect(pathInProse(ODD)).toBe('`` src/pa`rse.js ``');
    expect(pathInProse('src/parse.js')).toBe('src/parse.js');
  });

  it('renders the root cause and the reasons with the file name intact', async () => {
    const index = await indexRepository(root, { cacheDir: false });
    const report = parseReport(
      [
        "TypeError: Cannot read properties of undefined (reading 'trim')",
        `    at parseHeader (/app/${ODD}:3:18)`,
      ].join('\n'),
    );
    const diagnosis = await diagnoseOffline(report, index);
    expect(diagnosis.rootCause.summary).toContain('at `` src/pa`rse.js ``:3');
    expect(diagnosis.suspects?.[0]?.evidence[0]).toContain(
      'innermost in-app frame: `` src/pa`rse.js ``:3 in parseHeader',
    );
    const html = micromark(renderDiagnosisMarkdown(diagnosis), {
      extensions: [gfm()],
      htmlExtensions: [gfmHtml()],
    });
    // Every mention of the file is one code element holding its whole name.
    const mentions = html.match(/pa`rse/g) ?? [];
    expect(mentions.length).toBeGreaterThan(3);
    expect(html.match(/<code>[^<]*pa`rse[^<]*<\/code>/g)?.length).toBe(mentions.length);
  });
});
