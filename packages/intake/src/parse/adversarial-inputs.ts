/**
 * Inputs that once made (or could make) intake slow: lines built to make a regular expression
 * backtrack, and an issue whose every heading once copied the rest of the report. Shared by intake's
 * bad-input test (which checks what they parse into) and `npm run bench:intake` (which times them;
 * speed targets live in benchmarks, never in tests).
 */

/** One line of each shape known to make a careless regular expression backtrack, ~2,000 characters each. */
const BACKTRACKING_LINES = [
  `    at ${'('.repeat(1_999)}`,
  `${'a@'.repeat(999)}/:1`,
  `  File "${'"'.repeat(1_999)}`,
  `${'<'.repeat(1_998)}a`,
  ` in ${' in '.repeat(499)}:line 1`,
  `${'a.'.repeat(999)}a`,
  `thread 'x' panicked at ${"', ".repeat(600)}`,
  `${'0x'.repeat(999)}`,
  `#0 0x1 in f ${'('.repeat(1_990)}`,
  `x: a.c:1: ${': '.repeat(995)}: Assertion`,
  `./bin ${'x'.repeat(1_985)}(f+0x1)`,
];

/** 300 adversarial lines (≈ 590 kB): the shapes of {@link BACKTRACKING_LINES} in turn. */
export function backtrackingText(): string {
  return Array.from(
    { length: 300 },
    (_, index) => BACKTRACKING_LINES[index % BACKTRACKING_LINES.length],
  ).join('\n');
}

/**
 * A Markdown issue of 50,000 empty `### Error` sections (≈ 500 kB) before its `### Error message`
 * and a fenced frame: a copy of the rest of the report per heading took over 3 minutes on it.
 */
export function manyHeadingsIssue(): string {
  return `# Crash\n${'### Error\n'.repeat(50_000)}### Error message\n\nboom\n\n\`\`\`\nat save (/app/src/save.js:3:9)\n\`\`\`\n`;
}
