/**
 * SpiderMonkey and JavaScriptCore stacks the way Firefox, Safari and React Native's JSC print
 * them (issue #22's classes): each test is one variant, on a small realistic stack.
 */
import { describe, expect, it } from 'vitest';
import { allFrames, parseReport } from '../parse-report.js';

function frames(text: string) {
  return allFrames(parseReport(text).exceptions).map(({ raw: _raw, ...frame }) => frame);
}

describe('Firefox and Safari frames', () => {
  it('reads files with no slash (React Native Android production bundles)', () => {
    const text = [
      'value@index.android.bundle:12:1917',
      'onPress@index.android.bundle:12:2336',
      '[native code]',
      'forEach@[native code]',
      's@33.js:1:531',
    ].join('\n');
    expect(frames(text)).toEqual([
      { file: 'index.android.bundle', line: 12, column: 1917, function: 'value', inApp: true },
      { file: 'index.android.bundle', line: 12, column: 2336, function: 'onPress', inApp: true },
      { file: '[native code]', inApp: false },
      { file: '[native code]', function: 'forEach', inApp: false },
      { file: '33.js', line: 1, column: 531, function: 's', inApp: true },
    ]);
  });

  it('reads the Safari frame that threw: a location with no `@`', () => {
    const text = [
      'http://path/to/file.js:48:22',
      'foo@http://path/to/file.js:52:15',
      'safari-web-extension://46434E60/scripts/content-script.js:29:56027',
    ].join('\n');
    expect(frames(text)).toEqual([
      { file: 'http://path/to/file.js', line: 48, column: 22, inApp: true },
      { file: 'http://path/to/file.js', line: 52, column: 15, function: 'foo', inApp: true },
      {
        file: 'safari-web-extension://46434E60/scripts/content-script.js',
        line: 29,
        column: 56027,
        inApp: false,
      },
    ]);
  });

  it('splits at the `@` that starts the location, not one inside the name or the URL', () => {
    const text = [
      'obj["@fn"]@Scratchpad/1:10:29',
      'who@http://localhost:5000/misc/@stuff/foo.js:3:9',
    ].join('\n');
    expect(frames(text).map((frame) => [frame.function, frame.file])).toEqual([
      ['obj["@fn"]', 'Scratchpad/1'],
      ['who', 'http://localhost:5000/misc/@stuff/foo.js'],
    ]);
  });

  it('reads JavaScriptCore names printed alone, with `eval code` + native `eval` as one call', () => {
    const text = [
      'baz',
      'eval code',
      'eval@[native code]',
      'speak@http://localhost:8080/file.js:26:21',
    ].join('\n');
    expect(frames(text).map((frame) => [frame.function, frame.file])).toEqual([
      ['baz', undefined],
      ['eval', '[native code]'],
      ['speak', 'http://localhost:8080/file.js'],
    ]);
  });

  it("reads an error copied from Safari's Web Inspector console: `[Error] Type: message` and `fn (url:line)`", () => {
    // Trial 49: a reporter's copy of Safari's console was read as no trace at all.
    const text = [
      "[Error] TypeError: null is not an object (evaluating 'str.match(astral).length')",
      '\tlength (extras.self-d9175b.js:647)',
      '\t(anonymous function) (extras.self-d9175b.js:54)',
      '\tforEach ([native code])',
      '\tdispatch (jquery2.self-25ca49.js:4738:12)',
    ].join('\n');
    expect(parseReport(text).exceptions[0]).toMatchObject({
      type: 'TypeError',
      message: "null is not an object (evaluating 'str.match(astral).length')",
    });
    expect(frames(text)).toEqual([
      { file: 'extras.self-d9175b.js', line: 647, function: 'length', inApp: true },
      { file: 'extras.self-d9175b.js', line: 54, inApp: true },
      { file: '[native code]', function: 'forEach', inApp: false },
      { file: 'jquery2.self-25ca49.js', line: 4738, column: 12, function: 'dispatch', inApp: true },
    ]);
  });

  it('reads a rejected promise as Safari and Chrome print it, with its type and message', () => {
    for (const header of [
      '[Error] Unhandled Promise Rejection: TypeError: undefined is not a function',
      'Uncaught (in promise) TypeError: undefined is not a function',
    ]) {
      const report = parseReport(`${header}\n\tcartTotal (cart.js:6)\n\tcheckout (cart.js:20)`);
      expect(report.exceptions[0]).toMatchObject({
        type: 'TypeError',
        message: 'undefined is not a function',
      });
    }
  });

  it('takes no sentence with a location in brackets for a Web Inspector frame', () => {
    expect(frames('The total is wrong (see cart.js:12)\nsee cart (cart.js:12) too')).toEqual([]);
  });

  it('takes no bare line as a frame outside a stack of `fn@location` lines', () => {
    const report = parseReport('Steps\nhttp://example.com/app.js:1:2\nthen it froze');
    expect(report.kind).toBe('text');
  });
});
