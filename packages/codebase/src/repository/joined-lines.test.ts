/**
 * The logical lines of a text: which line breaks a value goes on across, what the joined text
 * reads, and which physical lines a range of it spans.
 */
import { describe, expect, it } from 'vitest';
import { joinLines } from './joined-lines.js';

const RUN = 'Ab3dEf6hIj9lMn2pQr5tUv8xYz1bCd4fGh7j';

/** The joined text and the lines the whole of each logical line spans. */
function joined(text: string): { text: string; lines: number[][] } {
  const result = joinLines(text);
  const lines: number[][] = [];
  let at = 0;
  for (const line of result.text === '' ? [] : result.text.split('\n')) {
    lines.push(result.spanOf(at, at + line.length)?.lines ?? []);
    at += line.length + 1;
  }
  return { text: result.text, lines };
}

describe('joinLines', () => {
  it.each([
    [
      'a JavaScript concatenation',
      `a();\nconst t = "${RUN.slice(0, 9)}" +\n  "${RUN.slice(9)}";\nb();`,
      `const t = "${RUN}";`,
      [2, 3],
    ],
    [
      'the operator on the next line',
      `const t = '${RUN.slice(0, 9)}'\r\n  + '${RUN.slice(9)}';`,
      `const t = '${RUN}';`,
      [1, 2],
    ],
    [
      'Python adjacent literals',
      `T = (\n    "${RUN.slice(0, 9)}"\n    b"${RUN.slice(9)}"\n)`,
      `    "${RUN}"`,
      [2, 3],
    ],
    [
      'PHP and Lua operators',
      `$t = '${RUN.slice(0, 9)}' .\n  '${RUN.slice(9)}';`,
      `$t = '${RUN}';`,
      [1, 2],
    ],
    [
      'a backslash continuation',
      `export T=${RUN.slice(0, 9)}\\\n    ${RUN.slice(9)}\necho`,
      `export T=${RUN}`,
      [1, 2],
    ],
    [
      'two literals joined by a backslash continuation (Python, Ruby)',
      `T = "${RUN.slice(0, 9)}" \\\n    "${RUN.slice(9)}"\nf()`,
      `T = "${RUN}"`,
      [1, 2],
    ],
    [
      'a run on lines of its own (a raw string)',
      `k := \`${RUN.slice(0, 9)}\n${RUN.slice(9)}\`\nf()`,
      `k := \`${RUN}\``,
      [1, 2],
    ],
    [
      'a YAML block scalar, the key kept',
      `a: 1\nv: |\n  ${RUN.slice(0, 20)}\n  ${RUN.slice(20)}\nb: 2`,
      `v: ${RUN}`,
      [2, 3, 4],
    ],
    [
      'a hard-wrapped line and a quoted one',
      `> ${'w '.repeat(30)}${RUN.slice(0, 9)}\n> ${RUN.slice(9)} and more`,
      `> ${'w '.repeat(30)}${RUN} and more`,
      [1, 2],
    ],
  ])('joins %s', (_, text, line, lines) => {
    expect(joined(text)).toEqual({ text: line, lines: [lines] });
  });

  it.each([
    ['code lines', 'const a = f(x)\nreturn a\n}\n'],
    ['a list of strings', 'x = [\n  "first",\n  "second",\n]'],
    ['prose softly wrapped', 'A short line ending in word123\nnext words go on here'],
    ['a run without a digit', `k = \`${'abcdefghij'.repeat(2)}\nklmnopqrstuv\``],
    ['an escaped backslash', 'path = C:\\\\\nnext'],
  ])('leaves %s alone', (_, text) => {
    expect(joined(text)).toEqual({ text: '', lines: [] });
  });

  it('maps a range to the lines it spans only when it crosses a joint of one logical line', () => {
    const result = joinLines(
      `x = "${RUN.slice(0, 9)}" +\n "${RUN.slice(9)}"\ny = "${RUN}" +\n "z"`,
    );
    const [first = '', second = ''] = result.text.split('\n');
    expect(first).toBe(`x = "${RUN}"`);
    expect(result.spanOf(0, 3)).toBe(undefined);
    expect(result.spanOf(5, 5 + RUN.length)).toEqual({ lines: [1, 2], guessed: false });
    expect(result.spanOf(5, first.length + 3)).toBe(undefined);
    expect(result.spanOf(first.length + 6, first.length + 1 + second.length)).toEqual({
      lines: [3, 4],
      guessed: false,
    });
    const wrapped = joinLines(`v = \`${RUN.slice(0, 9)}\n${RUN.slice(9)}\``);
    expect(wrapped.spanOf(0, wrapped.text.length)).toEqual({ lines: [1, 2], guessed: true });
  });
});
