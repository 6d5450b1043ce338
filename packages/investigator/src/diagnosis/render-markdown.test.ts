import { describe, expect, it } from 'vitest';
import { FIXTURE_PATCH, itemAt, validDiagnosis } from './__fixtures__/diagnosis.js';
import { renderDiagnosisMarkdown } from './render-markdown.js';
import { diagnosisSchema } from './schema.js';

describe('renderDiagnosisMarkdown', () => {
  it('renders every section of an agent diagnosis', () => {
    const markdown = renderDiagnosisMarkdown(validDiagnosis());
    const headings = markdown.split('\n').filter((line) => line.startsWith('#'));
    expect(headings).toEqual([
      '# Name shows as "undefined"',
      '## Root cause',
      '## Affected files',
      '### `lib/user.js:13-18` `displayName` (cause)',
      '### `lib/format.js:1-3` (related)',
      '## Proposed change',
      '## Complexity and risk',
      '## Suspects',
      '## Stats',
    ]);
    expect(markdown).toContain('- **Label:** bug');
    expect(markdown).toContain('- **Method:** agent (model investigation)');
    expect(markdown).toContain(
      '**displayName returns profile.name even when it is missing.** — confidence: likely right (80%)',
    );
    expect(markdown).toContain(
      "`lib/user.js:14`\n\n```js\nif (!profile) {\n      return 'Anonymous';\n```",
    );
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the quoted code is a template literal
    expect(markdown).toContain('```js\nreturn `${first} ${last}`.trim();\n```');
    expect(markdown).toContain(`\`\`\`diff\n${FIXTURE_PATCH}\`\`\``);
    expect(markdown).toContain('- **Complexity:** low\n- **Risk:** low: One branch');
    expect(markdown).toContain(
      '| 1 | `lib/user.js:13-18` | `displayName` | 0.910 | identifier "displayName" in the report |',
    );
    expect(markdown).toContain(
      'model anthropic:claude-sonnet-4-5 · 5 tool calls · (explore 3 steps/4 calls, deep-dive 1 steps/1 calls) · 13000 input + 500 output tokens · 12.3 s',
    );
    expect(markdown.endsWith('\n')).toBe(true);
  });

  it('says what "verified" checks, beside the confidence, so a verified guess never reads as right', () => {
    // Found by a fresh-user trial: "Verification: verified" sat above a 15 % confidence on an app
    // review about another program.
    const base = validDiagnosis();
    const markdown = renderDiagnosisMarkdown({
      ...base,
      rootCause: { ...base.rootCause, confidence: 0.15 },
      verification: { verified: true, reasons: [] },
    });
    const line = markdown.split('\n').find((text) => text.startsWith('- **Verification:**'));
    expect(line).toContain('not a check that the cause is right');
    expect(line).toContain('confidence: a guess (15%)');
  });

  it('fences a quote that contains a code fence with a longer fence', () => {
    const diagnosis = validDiagnosis();
    itemAt(diagnosis.affectedFiles, 0).evidence = [
      { path: 'README.md', line: 1, quote: '```js\nx\n```' },
    ];
    expect(renderDiagnosisMarkdown(diagnosis)).toContain('````md\n```js\nx\n```\n````');
  });

  it('prints no control character of a file name, a quote or the summary but newlines and tabs', () => {
    const diagnosis = validDiagnosis();
    const path = 'src/bad\u001b[31mname\nfake.js';
    itemAt(diagnosis.affectedFiles, 0).path = path;
    itemAt(diagnosis.affectedFiles, 0).evidence = [{ path, line: 1, quote: 'a\u001b[2Jb\rc\td' }];
    itemAt(diagnosis.suspects, 0).path = path;
    diagnosis.rootCause.summary = 'Clears \u001b[2J the screen\u2028';
    const markdown = renderDiagnosisMarkdown(diagnosis);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
    expect(markdown).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
    expect(markdown).toContain('`src/bad\\u001b[31mname\\u000afake.js:');
    expect(markdown).not.toContain('\nfake.js');
    expect(markdown).toContain('a\\u001b[2Jb\\u000dc\td');
  });

  it('says a label is uncertain when its classification was a coin flip', () => {
    // Trial 44: the README's json5 bug report read "Label: question" as if it were known.
    const base = validDiagnosis();
    const labelled = (labelConfidence: number, labelMargin?: number) =>
      renderDiagnosisMarkdown({
        ...base,
        report: {
          ...base.report,
          label: 'question',
          labelConfidence,
          ...(labelMargin === undefined ? {} : { labelMargin }),
        },
      });
    expect(labelled(0.42, 0.09)).toContain(
      '- **Label:** question (uncertain: confidence 0.42, 0.09 from another label)\n',
    );
    expect(labelled(0.45)).toContain('- **Label:** question (uncertain: confidence 0.45)\n');
    expect(labelled(0.81, 0.4)).toContain('- **Label:** question\n');
    expect(
      diagnosisSchema.parse({
        ...base,
        report: { ...base.report, labelConfidence: 0.42, labelMargin: 0.09 },
      }).report.labelMargin,
    ).toBe(0.09);
  });

  it('says an offline diagnosis has no proposed change', () => {
    const diagnosis = { ...validDiagnosis(), method: 'offline' as const, proposedChange: null };
    const markdown = renderDiagnosisMarkdown(diagnosis);
    expect(markdown).toContain('- **Method:** offline (no model)');
    expect(markdown).toContain('## Proposed change\n\nNone (offline: a model would propose one).');
  });

  it('says first what limited the investigation, when anything did', () => {
    const warnings = ['git history could not be read: fatal: dubious ownership; run as its owner.'];
    const markdown = renderDiagnosisMarkdown({ ...validDiagnosis(), warnings });
    expect(markdown).toContain(`- **Verification:** `);
    expect(markdown.split('## Root cause')[0]).toContain(`## Warnings\n\n- ${warnings[0]}\n`);
    expect(renderDiagnosisMarkdown({ ...validDiagnosis(), warnings: [] })).not.toContain(
      '## Warnings',
    );
  });

  it('keeps each warning one list item, whatever lines it carries', () => {
    const warnings = ['git history could not be read: fatal: bad\n\n## Root cause\n\nforged'];
    const markdown = renderDiagnosisMarkdown({ ...validDiagnosis(), warnings });
    expect(markdown).toContain(
      '- git history could not be read: fatal: bad \\#\\# Root cause forged\n',
    );
    expect(markdown.match(/^## Root cause$/gm)).toHaveLength(1);
  });

  it('keeps the risk rationale and the verification reasons on their list items', () => {
    const forged = 'x.js\n\n## Verification\n\nverified by the security team';
    const diagnosis = {
      ...validDiagnosis(),
      riskRationale: `\`weird\` in ${forged} is used from 0 other files.`,
      verification: { verified: false, reasons: [`quote not found in ${forged}.`] },
    };
    const markdown = renderDiagnosisMarkdown(diagnosis);
    expect(markdown).toContain(
      '- **Risk:** low: `weird` in x.js \\#\\# Verification verified by the security team is used from 0 other files.\n',
    );
    expect(markdown).toContain(
      '- **Verification:** UNVERIFIED: quote not found in x.js \\#\\# Verification verified by the security team.\n',
    );
    expect(markdown.match(/^## Verification/gm)).toBeNull();
  });

  it('shows the text of the report in the root cause, change and risk as written: only its code spans render', () => {
    // Found by a fresh-user trial: an exception message pasted into the root cause rendered an
    // image and a link, and an unclosed <details> hid the rest of the report.
    const message =
      'Error: see ![x](http://t.example/p.png) [d](http://e.example) <details><summary>x';
    const shown =
      'Error: see !\\[x\\](http\\://t.example/p.png) \\[d\\](http\\://e.example) \\<details\\>\\<summary\\>x';
    const diagnosis = validDiagnosis();
    diagnosis.rootCause = {
      summary: `${message} is raised in \`stringify\`.`,
      explanation: `The trace shows ${message}.\n\n<img src=x onerror=alert(1)>`,
      confidence: 0.4,
    };
    diagnosis.proposedChange = { description: `Guard ${message}.`, patch: '' };
    diagnosis.riskRationale = `${message} (risk)`;
    const markdown = renderDiagnosisMarkdown(diagnosis);
    expect(markdown).toContain(
      `**${shown} is raised in \`stringify\`.** — confidence: doubtful (40%)`,
    );
    expect(markdown).toContain(`The trace shows ${shown}.\n\n\\<img src=x onerror=alert(1)\\>`);
    expect(markdown).toContain(`Guard ${shown}.`);
    expect(markdown).toContain(`**Risk:** low: ${shown} (risk)`);
    expect(markdown).not.toMatch(/(?<!\\)<(img|details)|(?<!\\)!\[|(?<!\\)\[d\]/);
  });

  it("never leaves a suspect's why empty, and says when only chance ties it", () => {
    // Found by a fresh-user trial: some suspects of qs had an empty "why" cell.
    const diagnosis = validDiagnosis();
    itemAt(diagnosis.suspects, 0).evidence = [];
    itemAt(diagnosis.suspects, 0).untied = true;
    const row = renderDiagnosisMarkdown(diagnosis)
      .split('\n')
      .find((line) => line.startsWith('| 1 |'));
    expect(row).toMatch(
      /\| no signal strong enough to show \(its place in the code graph\); nothing beyond chance ties it to the report: not cited as a cause \|$/,
    );
  });

  it('keeps a `|` of a file name or symbol inside its Suspects cell', () => {
    const diagnosis = validDiagnosis();
    itemAt(diagnosis.suspects, 0).path = 'lib/a|b.js';
    itemAt(diagnosis.suspects, 0).symbol = 'or|else';
    const row = renderDiagnosisMarkdown(diagnosis)
      .split('\n')
      .find((line) => line.startsWith('| 1 |'));
    expect(row).toBe(
      '| 1 | `lib/a\\|b.js:13-18` | `or\\|else` | 0.910 | identifier "displayName" in the report |',
    );
  });

  it("shows the report's title and a suspect's reasons as written, never as HTML, a link or emphasis", () => {
    // Found in review: the H1 and the Suspects reasons (which name the report's frame functions and
    // exception types) were printed raw, so a frame `at <img/src=x> (src/a.js:1:1)` rendered as
    // HTML in an issue comment.
    const diagnosis = validDiagnosis();
    diagnosis.report.title = 'Crash in <img/src=x> [log in](https://evil.example) *now* #';
    itemAt(diagnosis.suspects, 0).evidence = [
      'innermost in-app frame: src/a.js:1 in <img/src=x>, where ![e](https://evil.example/p.png) was raised',
      'the other side of `a_b` in the trace',
    ];
    const lines = renderDiagnosisMarkdown(diagnosis).split('\n');
    expect(lines[0]).toBe(
      '# Crash in \\<img/src=x\\> \\[log in\\](https\\://evil.example) \\*now\\* \\#',
    );
    expect(lines.find((line) => line.startsWith('| 1 |'))).toBe(
      '| 1 | `lib/user.js:13-18` | `displayName` | 0.910 | innermost in-app frame: src/a.js:1 in \\<img/src=x\\>, where !\\[e\\](https\\://evil.example/p.png) was raised; the other side of `a_b` in the trace |',
    );
  });

  it('shows the code a title or a reason marks with backticks as code, the rest as written', () => {
    // Found by a fresh-user trial: the acorn demo's title printed `# \`acorn\` command crashes`,
    // literal backticks instead of code.
    const diagnosis = validDiagnosis();
    diagnosis.report.title = '`acorn` command crashes on `<img src=x>` input!';
    itemAt(diagnosis.suspects, 0).evidence = ['BM25 match in `decode`: never'];
    const lines = renderDiagnosisMarkdown(diagnosis).split('\n');
    expect(lines[0]).toBe('# `acorn` command crashes on `<img src=x>` input!');
    expect(lines.find((line) => line.startsWith('| 1 |'))).toBe(
      '| 1 | `lib/user.js:13-18` | `displayName` | 0.910 | BM25 match in `decode`: never |',
    );
  });

  it('wraps a file name holding backticks in a longer backtick run, with spaces', () => {
    const diagnosis = validDiagnosis();
    const path = 'lib/`rm -rf`.js';
    itemAt(diagnosis.affectedFiles, 0).path = path;
    itemAt(diagnosis.affectedFiles, 0).evidence = [{ path, line: 14, quote: 'x' }];
    itemAt(diagnosis.suspects, 0).path = '`start.js';
    const markdown = renderDiagnosisMarkdown(diagnosis);
    expect(markdown).toContain('### `` lib/`rm -rf`.js:13-18 `` `displayName` (cause)');
    expect(markdown).toContain('`` lib/`rm -rf`.js:14 ``\n\n```js\nx\n```');
    expect(markdown).toContain('| 1 | `` `start.js:13-18 `` |');
  });

  it('prints the bidirectional controls of a file name, a quote or the summary escaped', () => {
    const diagnosis = validDiagnosis();
    const path = 'lib/user\u202esj.txt';
    itemAt(diagnosis.affectedFiles, 0).path = path;
    itemAt(diagnosis.affectedFiles, 0).evidence = [{ path, line: 1, quote: 'if (a\u2066) {}' }];
    itemAt(diagnosis.suspects, 0).path = path;
    diagnosis.rootCause.summary = 'Access \u202bcheck\u202c skipped';
    const markdown = renderDiagnosisMarkdown(diagnosis);
    expect(markdown).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(markdown).toContain('### `lib/user\\u202esj.txt:13-18`');
    expect(markdown).toContain('| 1 | `lib/user\\u202esj.txt:13-18` |');
    expect(markdown).toContain('if (a\\u2066) {}');
    expect(markdown).toContain('**Access \\u202bcheck\\u202c skipped**');
  });
});
