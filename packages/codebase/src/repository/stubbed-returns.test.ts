/** Fake values are put together from pieces so no file here matches a scanner's rule. */
import { describe, expect, it } from 'vitest';
import { stubbedReturns } from './stubbed-returns.js';

const join = (...parts: string[]) => parts.join('');
/** The ranges found in `text`, as text. */
const found = (text: string) =>
  [...stubbedReturns(text)].map(([start, end]) => text.slice(start, end));

describe('stubbedReturns', () => {
  const fake = join('Hunter2', '-fake-', '9911');
  const letters = join('let', 'me', 'in');

  it.each([
    [
      `jest.spyOn(repo, 'getPassword').mockReturnValue('${fake}');`,
      `spyOn(repo, 'getPassword').mockReturnValue('${fake}'`,
    ],
    [
      `vi.spyOn(config, "getApiToken").mockResolvedValueOnce("${fake}");`,
      `spyOn(config, "getApiToken").mockResolvedValueOnce("${fake}"`,
    ],
    [
      `sinon.stub(repo, 'getPassword').returns('${letters}');`,
      `stub(repo, 'getPassword').returns('${letters}'`,
    ],
    [
      `repo.getPassword.mockResolvedValue("${fake}");`,
      `repo.getPassword.mockResolvedValue("${fake}"`,
    ],
    [
      `every { repo.password } returns "${letters}"`,
      `every { repo.password } returns "${letters}"`,
    ],
    [
      `coEvery { vault.getApiToken() } returns "${fake}"`,
      `coEvery { vault.getApiToken() } returns "${fake}"`,
    ],
    [
      `doReturn("${fake}").when(repo).getPassword();`,
      `doReturn("${fake}").when(repo).getPassword()`,
    ],
  ])('finds the literal in %j', (text, range) => {
    expect(found(text)).toEqual([range]);
  });

  it.each([
    `jest.spyOn(repo, 'getName').mockReturnValue('${fake}');`,
    "jest.spyOn(repo, 'getPassword').mockReturnValue('');",
    'jest.spyOn(repo, "getPassword").mockReturnValue(undefined);',
    `jest.spyOn(lexer, 'nextToken').mockReturnValue('identifier');`,
    `repo.getPassword.mockReturnValue(makeValue("${fake}"));`,
    `getToken.mockReturnValue("function");`,
    `every { repo.username } returns "${fake}"`,
    'every { repo.password } returns expected',
    `doReturn("${fake}").when(repo).getName();`,
    `vi.fn().mockReturnValue("${fake}");`,
  ])('finds nothing in %j', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('reads long runs of stubs with no literal in linear time', () => {
    const size = 256 * 1024;
    const text = [
      'spyOn(a, "getPassword").returns('.repeat(size / 32),
      'getPassword.returns('.repeat(size / 20),
      'every { password } returns '.repeat(size / 27),
      'doReturn("").when(a).'.repeat(size / 21),
    ].join('\n');
    const started = performance.now();
    expect(found(text)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(4_000);
  });
});
