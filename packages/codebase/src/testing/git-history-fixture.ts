/**
 * A small project with a real git history, built on disk for tests: a slug library whose
 * releases v1.0.0, v1.1.0 and v1.2.0 are tags, whose main file is renamed on the way, and where
 * one commit between v1.1.0 and v1.2.0 (by "Dana Regress") breaks `slugify('')`. Commits carry
 * fixed authors and dates, so ids are the same on every run with the same git.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** What {@link buildGitHistoryFixture} built. */
export interface GitHistoryFixture {
  root: string;
  /** Subject of the commit that introduced the regression. */
  regressionSubject: string;
  /** The file holding the defect (after the rename). */
  defectPath: string;
}

const SLUG_V1 = `/** Turns a title into a URL slug. */
export function slugify(title) {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
}
`;

const SLUG_V11 = `/** Turns a title into a URL slug. */
export function slugify(title, options = {}) {
  const separator = options.separator ?? '-';
  if (title === '') return '';
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, separator)
    .replace(new RegExp(\`^\\\\\${separator}+|\\\\\${separator}+$\`, 'g'), '');
}
`;

const SLUG_V12 = `/** Turns a title into a URL slug. */
export function slugify(title, options = {}) {
  const separator = options.separator ?? '-';
  const words = title.match(/[a-z0-9]+/gi);
  return words.map((word) => word.toLowerCase()).join(separator);
}
`;

const INDEX = `export { slugify } from './slugify.js';
export { unique } from './unique.js';
`;

const UNIQUE = `/** Appends -2, -3, … to a slug already taken. */
export function unique(slug, taken) {
  let candidate = slug;
  for (let n = 2; taken.has(candidate); n++) candidate = \`\${slug}-\${n}\`;
  return candidate;
}
`;

type Step =
  | { write: Record<string, string>; subject: string; author: string; days: number }
  | { move: [string, string]; subject: string; author: string; days: number }
  | { tag: string };

const REGRESSION = 'Split titles into words instead of replacing separators';

const STEPS: Step[] = [
  {
    write: {
      'package.json': '{ "name": "slugger", "version": "1.0.0", "type": "module" }\n',
      'src/slug.js': SLUG_V1,
      'src/index.js': INDEX.replace('./slugify.js', './slug.js').replace(/.*unique.*\n/, ''),
      'README.md': '# slugger\n\nTitles to URL slugs.\n',
    },
    subject: 'First release: slugify',
    author: 'Ada First',
    days: 0,
  },
  { tag: 'v1.0.0' },
  {
    write: { 'src/slug.js': SLUG_V11 },
    subject: 'Add a separator option; an empty title gives an empty slug',
    author: 'Ben Options',
    days: 20,
  },
  {
    move: ['src/slug.js', 'src/slugify.js'],
    subject: 'Rename slug.js to slugify.js',
    author: 'Cy Tidy',
    days: 30,
  },
  {
    write: { 'src/index.js': INDEX, 'src/unique.js': UNIQUE },
    subject: 'Add unique() for taken slugs',
    author: 'Cy Tidy',
    days: 31,
  },
  { tag: 'v1.1.0' },
  { write: { 'src/slugify.js': SLUG_V12 }, subject: REGRESSION, author: 'Dana Regress', days: 60 },
  {
    write: { 'README.md': '# slugger\n\nTitles to URL slugs, with a separator option.\n' },
    subject: 'Document the separator option',
    author: 'Eve Docs',
    days: 61,
  },
  { tag: 'v1.2.0' },
];

/** Start of the fixture's history (2024-01-01T00:00:00Z), in seconds. */
const EPOCH = 1_704_067_200;

/**
 * Runs git in `root` with no system, global or user configuration (no signing, branch `main`),
 * so a developer's own settings cannot change or break a fixture.
 * @throws Error when git is missing or the command fails.
 */
function gitIn(root: string) {
  return (args: string[], env: Record<string, string> = {}) =>
    execFileSync(
      'git',
      [
        '-c',
        'init.defaultBranch=main',
        '-c',
        'commit.gpgsign=false',
        '-c',
        'tag.gpgsign=false',
        '-c',
        'user.name=Sightline Test',
        '-c',
        'user.email=test@example.invalid',
        ...args,
      ],
      {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          GIT_CONFIG_NOSYSTEM: '1',
          GIT_CONFIG_GLOBAL: '/dev/null',
          HOME: root,
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
}

/**
 * Commits every file of the folder `root` (initialising a repository there first when it has
 * none), as one commit with `message`; an empty commit when nothing changed.
 * @throws Error when git is missing or a git command fails.
 */
export function commitAll(root: string, message: string): void {
  const git = gitIn(root);
  git(['init', '-q']);
  git(['add', '-A']);
  git(['commit', '-q', '--allow-empty', '-m', message]);
}

/**
 * Builds the fixture repository in `root` (created if missing; must be empty).
 * @param remote the `origin` URL to record (nothing is fetched). Default none.
 * @returns where it is and what the regression is.
 * @throws Error when git is missing or a git command fails.
 */
export async function buildGitHistoryFixture(
  root: string,
  { remote }: { remote?: string } = {},
): Promise<GitHistoryFixture> {
  await mkdir(root, { recursive: true });
  const git = gitIn(root);
  git(['init', '-q']);
  if (remote) git(['remote', 'add', 'origin', remote]);
  for (const step of STEPS) {
    if ('tag' in step) {
      git(['tag', step.tag]);
      continue;
    }
    if ('move' in step) git(['mv', ...step.move]);
    else {
      for (const [file, text] of Object.entries(step.write)) {
        await mkdir(path.dirname(path.join(root, file)), { recursive: true });
        await writeFile(path.join(root, file), text);
      }
      git(['add', '-A']);
    }
    const date = `${EPOCH + step.days * 86_400} +0000`;
    const email = `${step.author.split(' ')[0]?.toLowerCase()}@example.invalid`;
    git(['commit', '-q', '-m', step.subject], {
      GIT_AUTHOR_NAME: step.author,
      GIT_AUTHOR_EMAIL: email,
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_NAME: step.author,
      GIT_COMMITTER_EMAIL: email,
      GIT_COMMITTER_DATE: date,
    });
  }
  return { root, regressionSubject: REGRESSION, defectPath: 'src/slugify.js' };
}
