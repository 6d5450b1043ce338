/**
 * `npm run demo`: the main job on real input, with no API key and no ../shared.
 *
 * Runs `sightline investigate` on the two main kinds of input, each a real bug in a real published
 * package: a crash log with a stack trace (acorn 8.14.1) and a plain issue without one (json5
 * 2.2.1). Each package is downloaded with `npm pack` (cached in bench/.cache/). For each case the
 * demo prints the gold location (what the upstream fix changed) first, then the diagnosis, then
 * whether the diagnosis puts the gold file first; it exits 1 when one does not. With
 * SIGHTLINE_MODEL set (and its API key), the agent investigates instead of the offline localizer.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { npmPack } from '../bench/lib/npm-pack.js';

interface DemoCase {
  package: string;
  version: string;
  report: string;
  report_kind: string;
  fix: string;
  gold: { file: string; lines: [number, number]; symbol?: string }[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.join(here, '..', 'packages', 'cli', 'bin', 'sightline.js');
const CASES = ['acorn-8.14.1-bigint-crash', 'json5-2.2.1-proto-pollution'];
const offline = !process.env.SIGHTLINE_MODEL;
const KINDS: Record<string, string> = {
  crash: 'a crash log with a stack trace',
  issue: 'a plain issue, no stack trace',
};

/** Runs the CLI; resolves with stdout (exit 4, an unverified diagnosis, still has one). */
function investigate(repo: string, report: string): Promise<{ stdout: string; code: number }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [cli, 'investigate', '--repo', repo, '--report', report],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, stdout) => {
        const code = typeof error?.code === 'number' ? error.code : 0;
        if (error && code !== 4) reject(error);
        else resolve({ stdout, code });
      },
    );
    child.stderr?.pipe(process.stderr);
  });
}

const say = (text: string) => process.stderr.write(`${text}\n`);
let failed = 0;
for (const name of CASES) {
  const caseDir = path.join(here, name);
  const demo = JSON.parse(await readFile(path.join(caseDir, 'case.json'), 'utf8')) as DemoCase;
  say(`\n=== ${demo.package}@${demo.version}: ${KINDS[demo.report_kind] ?? demo.report_kind} ===`);
  say(
    `Gold (what the upstream fix changed): ${demo.gold.map((gold) => `${gold.file}:${gold.lines[0]}-${gold.lines[1]}${gold.symbol ? ` ${gold.symbol}` : ''}`).join(', ')}`,
  );
  say(`Fix: ${demo.fix}`);
  const { dir } = await npmPack(`${demo.package}@${demo.version}`);
  const reportPath = path.join(caseDir, demo.report);
  say(
    `$ sightline investigate --repo ${path.relative(process.cwd(), dir)} --report ${path.relative(process.cwd(), reportPath)}\n`,
  );
  const { stdout } = await investigate(dir, reportPath);
  process.stdout.write(stdout);
  // The first affected file, from the Markdown's "## Affected files" then "### `path:lines`".
  const first = /^## Affected files\s+### `([^`]+?):\d/m.exec(stdout)?.[1];
  const goldFiles = demo.gold.map((gold) => gold.file);
  if (first && goldFiles.includes(first)) {
    say(`\n✔ The diagnosis puts ${first}, the file the upstream fix changed, first.`);
  } else {
    say(`\n✘ The diagnosis puts ${first ?? 'no file'} first, not ${goldFiles.join(' or ')}.`);
    failed += 1;
  }
}

say(
  offline
    ? `
What offline mode (no --model) can and cannot do:
  can:    rank the files and lines most likely involved, from stack frames (the crash), names and
          words of the report and the repository graph (the issue), and quote them, verified
          against the code; no API key, no network, a few seconds.
  cannot: read the code and reason about it: it does not say why the code is wrong, proposes no
          change, and its confidence is a ranking score, not a judgement. A crash trace points
          where the error surfaced, which is not always where the fix goes.
Set SIGHTLINE_MODEL (e.g. anthropic:claude-sonnet-4-5 with ANTHROPIC_API_KEY) for the agent.`
    : '\nThe agent investigated with $SIGHTLINE_MODEL.',
);
process.exitCode = failed > 0 ? 1 : 0;
