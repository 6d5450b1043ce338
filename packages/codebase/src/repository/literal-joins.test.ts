import { describe, expect, it } from 'vitest';
import { findLiteralJoinedSecrets } from './literal-joins.js';

/** A GitHub-token-shaped fake, made up at run time so no line here is one. */
const PREFIX = String.fromCharCode(103, 104, 112, 95);
const BODY = 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';
/** A stand-in rule: the fake token's shape. */
const find = async (text: string) =>
  [...text.matchAll(new RegExp(`${PREFIX}[A-Za-z0-9]{36}`, 'g'))].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    what: 'a GitHub token',
  }));

describe('findLiteralJoinedSecrets', () => {
  it.each([
    ['+', `const t = '${PREFIX}' + '${BODY}';`],
    [
      'an array joined',
      `const t = ['${PREFIX}${BODY.slice(0, 9)}', '${BODY.slice(9, 20)}', '${BODY.slice(20)}'].join('');`,
    ],
    ['adjacent literals', `token = "${PREFIX}" "${BODY}"`],
    ['PHP .', `$t = '${PREFIX}' . '${BODY}';`],
    ['Lua ..', `local t = "${PREFIX}" .. "${BODY}"`],
    [
      '+ with mixed quotes',
      `const t = '${PREFIX}' + "${BODY.slice(0, 18)}" + "${BODY.slice(18)}";`,
    ],
    ['.concat', `const t = '${PREFIX}'.concat('${BODY.slice(0, 18)}', '${BODY.slice(18)}');`],
    [
      'template interpolation',
      `const t = \`${PREFIX}\${'${BODY.slice(0, 18)}'}${BODY.slice(18)}\`;`,
    ],
  ])('finds a token split by %s on one line', async (_name, line) => {
    const found = await findLiteralJoinedSecrets(['first line', line, 'last'], find);
    expect(found).toEqual([{ line: 2, what: 'a GitHub token, split across string literals' }]);
  });

  it('reads no line without a joint, nor one longer than 2,000 characters', async () => {
    const calls: string[] = [];
    const spy = async (text: string) => {
      calls.push(text);
      return find(text);
    };
    const long = `'${PREFIX}' + '${BODY}' ${'x'.repeat(2_000)}`;
    expect(await findLiteralJoinedSecrets([`t = '${PREFIX}${BODY}'`, "x = ''", long], spy)).toEqual(
      [],
    );
    expect(calls).toEqual([]);
  });

  it('numbers each line of one scan apart', async () => {
    const lines = ["a = 'x' + 'y'", 'b', `c = '${PREFIX}' + '${BODY}'`];
    expect(await findLiteralJoinedSecrets(lines, find)).toEqual([
      { line: 3, what: 'a GitHub token, split across string literals' },
    ]);
  });
});
