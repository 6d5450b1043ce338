import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withheldLine } from '@sightline/core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_BOILERPLATE,
  parseReports,
  type Report,
  readBoilerplate,
  wordTokens,
} from '../adapters/investigator.js';
import { GROUPING_TEXT_CHARS } from './boilerplate.js';
import {
  contentWords,
  estimateJaccard,
  groupKey,
  ISSUE_TEXT,
  REVIEW_TEXT,
  textMinHash,
} from './group-key.js';

const parse = (text: string): Report => {
  const [report] = parseReports(text, {});
  if (!report) throw new Error('unparsed');
  return report;
};

/** An issue written in GitHub's default bug report template. */
const inDefaultTemplate = (what: string, steps: string) => `**Describe the bug**
${what}

**To Reproduce**
Steps to reproduce the behavior:
1. Go to '...'
2. Click on '....'
${steps}

**Expected behavior**
A clear and concise description of what you expected to happen.

**Screenshots**
If applicable, add screenshots to help explain your problem.

**Desktop (please complete the following information):**
 - OS: macOS 14
 - Browser: chrome
 - Version: 3.2.0

**Additional context**
Add any other context about the problem here.`;

const similar = (a: string, b: string, boilerplate = DEFAULT_BOILERPLATE) =>
  estimateJaccard(textMinHash(a, boilerplate), textMinHash(b, boilerplate));

describe('text grouping', () => {
  it('keeps unrelated bugs written in GitHub’s default template apart', () => {
    const bugs = [
      inDefaultTemplate(
        'Exporting a board to PDF drops every image.',
        '3. Export the board as PDF\n4. See error',
      ),
      inDefaultTemplate(
        'Login with SSO loops back to the sign-in page.',
        '3. Sign in with Okta\n4. See error',
      ),
      inDefaultTemplate(
        'The search box ignores accented letters.',
        '3. Search for café\n4. See error',
      ),
    ];
    for (const [i, a] of bugs.entries()) {
      for (const b of bugs.slice(i + 1)) expect(similar(a, b)).toBeLessThan(REVIEW_TEXT.threshold);
    }
  });

  it('keeps two tasks of one series apart by their titles, and joins one issue filed twice', () => {
    const body = (module: string) =>
      `Guava's Sets class is used in ${module} although the project ships its own Sets helper with the same methods; replacing the imports lets the module drop the shaded Guava dependency and avoids version clashes for downstream users who bring another Guava release.`;
    const key = (title: string, module: string) =>
      groupKey(
        parseReports({ title, body: body(module) }, { format: 'markdown-issue' })[0] as Report,
      );
    const similarity = (a: ReturnType<typeof key>, b: ReturnType<typeof key>) => {
      if (!('minhash' in a) || !('minhash' in b)) throw new Error('not grouped by text');
      return a.similarity(a.minhash, b.minhash);
    };
    const hdfs = key('Replace Guava Sets usage by our own Sets in hadoop-hdfs', 'hadoop-hdfs');
    const yarn = key('Replace Guava Sets usage by our own Sets in hadoop-yarn', 'hadoop-yarn');
    const again = key('Replace Guava Sets usage by our own Sets in hadoop-hdfs', 'hadoop-hdfs');
    expect(similarity(hdfs, yarn)).toBe(0);
    expect(similarity(hdfs, again)).toBeGreaterThanOrEqual(ISSUE_TEXT.threshold);
  });

  it('groups identical reports that differ only in numbers', () => {
    const page = (n: number) =>
      `Listing page ${n} of the archive returns the same thirty items as page 1 whatever the offset`;
    expect(similar(page(2), page(13))).toBeGreaterThanOrEqual(ISSUE_TEXT.threshold);
  });

  it('keeps combining vowel signs inside words (Thai, Devanagari) as the classifiers split them', () => {
    // Thai and Devanagari vowel signs are marks (\p{M}), not letters: a letters-only pattern broke
    // every word at them before ICU saw the text ("แอปปิด" became "แอปป", "ด").
    const thai = 'แอปปิดตัวเองทุกครั้งที่เปิดการตั้งค่า';
    expect(contentWords(thai)).toEqual(wordTokens(thai).map((word) => word.toLowerCase()));
    expect(contentWords('ऐप खोलते ही बंद हो जाता है')).toEqual(
      expect.arrayContaining(['खोलते', 'बंद', 'जाता']),
    );
  });

  it('splits Chinese and Japanese text into words: one report filed twice joins, another stays apart', () => {
    // Words, not one token per sentence (ICU word boundaries, as the classifiers split text).
    expect(contentWords('终端闪退 python loadingが止まらない')).toEqual(
      expect.arrayContaining(['终端', 'python', 'loading', 'ない']),
    );
    const terminal =
      '在终端中使用 git 提交代码时无法输入中文，切换输入法以后标点和数字会重复出现，重启编辑器也没有用。';
    const sync =
      '安装以后登录微软或者 github 账号进行设置同步，输入账号密码后跳转的页面一直无法打开。';
    const issue = parseReports(
      { title: '终端 git 无法输入中文', body: terminal },
      { format: 'markdown-issue' },
    )[0] as Report;
    // Enough content words for text grouping (a sentence was one word, below the least count).
    expect('minhash' in groupKey(issue)).toBe(true);
    expect(similar(terminal, `${terminal} `)).toBeGreaterThanOrEqual(ISSUE_TEXT.threshold);
    expect(similar(terminal, sync)).toBeLessThan(REVIEW_TEXT.threshold);
  });

  it("leaves the secret gate's notes out: two reports that each quote a key are not alike by them", () => {
    const note = withheldLine('a private key block');
    const a = `Export to PDF loses the page margins\n${note}\n${note}`;
    expect(contentWords(a)).toEqual(contentWords('Export to PDF loses the page margins'));
  });

  it('reads only the first GROUPING_TEXT_CHARS characters of a huge report', () => {
    // A pasted log without spaces: what lies past the bound changes neither the words nor the key.
    const log = 'ioTimeoutAt_19.'.repeat(Math.ceil(GROUPING_TEXT_CHARS / 15) + 10);
    const head = `Upload stalls forever on large archives\n${log}`;
    const a = `${head} zebra ${'quokka'.repeat(1000)}`;
    const b = `${head} walrus narwhal`;
    expect(a.slice(0, GROUPING_TEXT_CHARS)).toBe(b.slice(0, GROUPING_TEXT_CHARS));
    expect(contentWords(a)).toEqual(contentWords(b));
    expect(contentWords(a)).not.toContain('zebra');
    expect(contentWords(a)).toEqual(expect.arrayContaining(['upload', 'stalls', 'archives']));
    // Under the bound every word is read.
    expect(contentWords(`${head.slice(0, 1000)} zebra`)).toContain('zebra');
    const issue = (body: string) =>
      parseReports({ title: 'Upload stalls', body }, { format: 'markdown-issue' })[0] as Report;
    expect(groupKey(issue(a))).toEqual(groupKey(issue(b)));
  });

  it('groups short reviews on the same complaint, not on the same praise', () => {
    const settings1 = 'Great app, love it! But it crashes every time I open the settings page.';
    const settings2 = 'Love this app. Crashes every time I open the settings page!!';
    const login = 'Great app, love it! But I cannot log in with my Google account.';
    expect(similar(settings1, settings2)).toBeGreaterThanOrEqual(REVIEW_TEXT.threshold);
    expect(similar(settings1, login)).toBeLessThan(REVIEW_TEXT.threshold);
    const praise = groupKey(parse('Great app, love it, five stars!'));
    expect('minhash' in praise).toBe(false);
  });

  describe('with the project’s own issue template', () => {
    let root: string | undefined;
    afterEach(async () => root && rm(root, { recursive: true, force: true }));

    it('keeps unrelated bugs apart that only its boilerplate would join', async () => {
      root = await mkdtemp(path.join(tmpdir(), 'sightline-template-'));
      await mkdir(path.join(root, '.github', 'ISSUE_TEMPLATE'), { recursive: true });
      const template = `---
name: Bug report
about: Something in Acme Notes is broken
---
Thank you for taking the time to report a problem in Acme Notes.
Please confirm you are running the newest release from the download page before filing.
Attach the notes database export if the problem concerns syncing between devices.
What happened?
What did you expect instead?
Which plugin versions are installed?`;
      await writeFile(path.join(root, '.github', 'ISSUE_TEMPLATE', 'bug.md'), template);
      const body = template.replace(/^---[\s\S]*?---\n/, '');
      const a = `${body}\nPinned notes lose their pin after restart.`;
      const b = `${body}\nThe tag sidebar is empty on Linux.`;
      const own = await readBoilerplate(root);
      expect(similar(a, b, own)).toBeLessThan(REVIEW_TEXT.threshold);
      // The test can fail: without the project's template the two look alike (at the loosest
      // text setting the service uses, the reviews').
      expect(similar(a, b)).toBeGreaterThanOrEqual(REVIEW_TEXT.threshold);
    });

    it('reads YAML issue forms', async () => {
      root = await mkdtemp(path.join(tmpdir(), 'sightline-template-'));
      await mkdir(path.join(root, '.github', 'ISSUE_TEMPLATE'), { recursive: true });
      await writeFile(
        path.join(root, '.github', 'ISSUE_TEMPLATE', 'bug.yml'),
        `name: Bug
body:
  - type: textarea
    attributes:
      label: Reproduction steps
      description: Tell us exactly how to trigger the problem in the editor.
  - type: checkboxes
    attributes:
      options:
        - label: I searched the existing issues for this problem already
`,
      );
      const own = await readBoilerplate(root);
      expect(own.lines.has('tell us exactly how to trigger the problem in the editor')).toBe(true);
      expect(own.lines.has('i searched the existing issues for this problem already')).toBe(true);
    });
  });
});
