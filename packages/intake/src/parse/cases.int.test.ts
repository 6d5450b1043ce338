/**
 * The bug-localization cases of shared/data/cases: Markdown issue text with V8 traces in fenced
 * blocks. Frames under `node_modules/<pkg>/` are library frames for intake alone (against the
 * package's own repository, `markInAppFrames` in @sightline/investigator makes them in-app).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sharedDataTitle } from '@sightline/core/testing';
import { describe, expect, it } from 'vitest';
import { allFrames, parseReport } from './parse-report.js';

const CASES = path.resolve(process.cwd(), '../shared/data/cases');

interface Case {
  id: string;
  package: string;
  report: { title: string; body: string };
  has_stack_trace: boolean;
  gold: { file: string }[];
}

const cases: Case[] = existsSync(CASES)
  ? readdirSync(CASES)
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(readFileSync(path.join(CASES, name), 'utf8')) as Case)
  : [];

const ownPrefix = (item: Case) => `node_modules/${item.package}/`;

const shared = sharedDataTitle('bug-localization cases (shared/data/cases)', CASES);
describe.skipIf(cases.length === 0)(shared.title, () => {
  it.each(cases.map((item) => [item.id, item] as const))('%s parses as an issue', (_, item) => {
    const fromObject = parseReport(item.report);
    const fromText = parseReport(`# ${item.report.title}\n\n${item.report.body}`);
    for (const report of [fromObject, fromText]) {
      expect(report.kind).toBe('issue');
      expect(report.source.format).toBe('markdown-issue');
      expect(report.title).toBe(item.report.title);
    }
    expect(fromText.exceptions).toEqual(fromObject.exceptions);
    const report = fromObject;
    if (!item.has_stack_trace) {
      expect(report.exceptions).toEqual([]);
      return;
    }
    const [exception] = report.exceptions;
    expect(exception?.type).toMatch(/Error$/);
    expect(item.report.body).toContain(`${exception?.type}: ${exception?.message}`);
    const frames = allFrames(report.exceptions);
    expect(frames.length).toBeGreaterThan(1);
    for (const frame of frames) {
      if (frame.file?.startsWith('node:')) continue;
      expect(frame.file).toMatch(/^\/home\/user\/project\//);
      expect(frame.line).toBeGreaterThan(0);
      // Intake alone: the reported package is a dependency, the user's own files are in-app.
      expect(frame.inApp).toBe(!frame.file?.includes('node_modules/'));
    }
    expect(report.paths.some((found) => found.includes(ownPrefix(item)))).toBe(true);
  });
});
