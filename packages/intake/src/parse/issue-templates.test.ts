import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  boilerplateOf,
  DEFAULT_BOILERPLATE,
  normalizeLine,
  readBoilerplate,
  reportWithoutTemplate,
  withoutTemplateLines,
} from './issue-templates.js';
import { parseReport } from './parse-report.js';

describe('boilerplateOf', () => {
  it('reads YAML form values and table rows, long lines of blanks in one pass', () => {
    const template = [
      '  - label: Steps to reproduce',
      'description:\t',
      '| Version | OS |',
      `name:${'\t'.repeat(150_000)}x\r`,
      `|${' '.repeat(150_000)}x${' '.repeat(150_000)}`,
    ].join('\n');
    const { lines, labels } = boilerplateOf([template]);
    expect(labels).toContain('steps to reproduce');
    expect(lines).toContain('version os');
    expect([...lines].some((line) => line.endsWith('x'))).toBe(true);
  });
});

describe('withoutTemplateLines', () => {
  const template = boilerplateOf([
    [
      '### Version',
      'Which screen were you on (checkout summary, cart total, euro format)?',
      '- [ ] I searched the existing issues',
      'Sent from the Acme Shop feedback form',
    ].join('\n'),
  ]);

  it("drops a template's prompts, checkboxes and comments, keeps headings, values and fences", () => {
    const report = [
      '### Version',
      '',
      '2.4.0',
      'Which screen were you on (checkout summary, cart total, euro format)?',
      'The dark mode toggle does nothing.',
      '- [ ] I searched the existing issues',
      '<!-- Please fill in every section. -->',
      '```',
      'Sent from the Acme Shop feedback form',
      '```',
      'Sent from the Acme Shop feedback form',
    ].join('\n');
    expect(withoutTemplateLines(report, template)).toBe(
      [
        '### Version',
        '',
        '2.4.0',
        'The dark mode toggle does nothing.',
        '',
        '```',
        'Sent from the Acme Shop feedback form',
        '```',
      ].join('\n'),
    );
  });

  it('keeps a text without template lines as it is, and an unclosed fence whole', () => {
    const text =
      'Crash on start\n```\nWhich screen were you on (checkout summary, cart total, euro format)?';
    expect(withoutTemplateLines(text, template)).toBe(text);
  });
});

describe('readBoilerplate', () => {
  it("joins a repository's Markdown and YAML templates to GitHub's defaults, without front matter", async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'sightline-templates-'));
    try {
      expect(readBoilerplate(root)).toBe(DEFAULT_BOILERPLATE);
      const folder = path.join(root, '.github', 'ISSUE_TEMPLATE');
      await mkdir(folder, { recursive: true });
      await writeFile(
        path.join(folder, 'bug.md'),
        '---\nname: Bug report\nabout: Tell us\n---\nWhich plugin were you using?\n',
      );
      await writeFile(
        path.join(folder, 'crash.yml'),
        'body:\n  - type: input\n    label: App build\n',
      );
      await writeFile(
        path.join(folder, 'config.yml'),
        'contact_links:\n  - name: Discord server\n',
      );
      await mkdir(path.join(folder, 'unreadable.md'));
      const { lines, labels } = readBoilerplate(root);
      expect(lines).toContain(normalizeLine('Which plugin were you using?'));
      expect(lines).toContain(normalizeLine('Describe the bug'));
      expect(labels).toContain('app build');
      expect(lines).not.toContain(normalizeLine('name: Bug report'));
      expect(lines).not.toContain(normalizeLine('Discord server'));
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('reportWithoutTemplate', () => {
  const template = boilerplateOf(['Which screen were you on (checkout summary, cart total)?']);

  it('drops the template lines of a text body and keeps the rest of the report', () => {
    const report = parseReport(
      'Cart total wrong\n\nWhich screen were you on (checkout summary, cart total)?\nThe total skips the first item.',
    );
    const read = reportWithoutTemplate(report, template);
    expect(read.body).not.toContain('Which screen');
    expect(read.body).toContain('The total skips the first item.');
    expect({ ...read, body: report.body }).toEqual(report);
  });

  it('keeps a JSON body (an event) whole and returns a report without template lines as it is', () => {
    const plain = parseReport('The total skips the first item.');
    const event = {
      ...plain,
      body: '[\n"Which screen were you on (checkout summary, cart total)?"\n]',
    };
    expect(reportWithoutTemplate(event, template)).toBe(event);
    expect(reportWithoutTemplate(plain, template)).toBe(plain);
  });
});
