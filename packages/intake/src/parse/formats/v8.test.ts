/**
 * V8-style traces the way browsers, React Native and Node print them in the wild (issue #22's
 * classes): each test is one variant, on a small realistic trace.
 */
import { describe, expect, it } from 'vitest';
import { allFrames, parseReport } from '../parse-report.js';

function frames(text: string) {
  const report = parseReport(text);
  return allFrames(report.exceptions).map(({ raw: _raw, ...frame }) => frame);
}

describe('V8 frames', () => {
  it('reads frames with no space before the parenthesis (React Native on V8, webpack eval)', () => {
    const text = [
      'Error: Manually triggered crash',
      '    at Object.onPress(index.android.bundle:2342:3773)',
      '    at s.touchableHandlePress(index.android.bundle:214:2048)',
    ].join('\n');
    expect(parseReport(text).kind).toBe('crash');
    expect(frames(text)).toEqual([
      {
        file: 'index.android.bundle',
        line: 2342,
        column: 3773,
        function: 'Object.onPress',
        inApp: true,
      },
      {
        file: 'index.android.bundle',
        line: 214,
        column: 2048,
        function: 's.touchableHandlePress',
        inApp: true,
      },
    ]);
  });

  it('keeps Edge and IE native frames in the trace instead of splitting it', () => {
    const text = [
      'Error: test',
      '   at fooIterator (http://localhost:5000/test:20:11)',
      '   at Array.prototype.map (native code)',
      '   at foo (http://localhost:5000/test:19:9)',
    ].join('\n');
    const report = parseReport(text);
    expect(report.exceptions).toHaveLength(1);
    expect(frames(text).map((frame) => [frame.function, frame.file, frame.inApp])).toEqual([
      ['fooIterator', 'http://localhost:5000/test', true],
      ['Array.prototype.map', 'native code', false],
      ['foo', 'http://localhost:5000/test', true],
    ]);
  });

  it('reads Hermes locations (`address at file:line:column`)', () => {
    const text = [
      'Error: lets throw!',
      '    at onPress (address at index.android.bundle:1:452701)',
      '    at _receiveSignal (native)',
    ].join('\n');
    expect(frames(text)).toEqual([
      { file: 'index.android.bundle', line: 1, column: 452701, function: 'onPress', inApp: true },
      { file: 'native', function: '_receiveSignal', inApp: false },
    ]);
  });

  it('drops `async ` from Chrome async locations', () => {
    const text = 'Error: bad\n    at Object.callback (async http://localhost:5000/:25:7)';
    expect(frames(text)).toEqual([
      {
        file: 'http://localhost:5000/',
        line: 25,
        column: 7,
        function: 'Object.callback',
        inApp: true,
      },
    ]);
  });

  it('keeps the drive of Windows file URLs', () => {
    const text = 'Error: x\n    at each (file:///C:/code/lib/process.js:14:21)';
    expect(frames(text)[0]?.file).toBe('C:/code/lib/process.js');
  });

  it('reads frames with no line, webpack `eval at` frames, wasm frames and Safari extension URLs', () => {
    const text = [
      'RuntimeError: memory access out of bounds',
      '    at MyClass::bar(int) const (http://localhost:8001/main.wasm:wasm-function[190]:0x5aeb)',
      '    at Layout (eval at proxyClass (webpack:///./src/proxy.js?), <anonymous>:4:17)',
      '    at myFunction (/srv/app/lib/file.js)',
      '    at ClipperError@safari-extension:(//3284871F/2665fee0/commons.js:223036:10)',
    ].join('\n');
    expect(frames(text)).toEqual([
      { file: 'http://localhost:8001/main.wasm', function: 'MyClass::bar(int) const', inApp: true },
      { file: 'src/proxy.js?', function: 'Layout', inApp: true },
      { file: '/srv/app/lib/file.js', function: 'myFunction', inApp: true },
      {
        file: 'safari-extension://3284871F/2665fee0/commons.js',
        line: 223036,
        column: 10,
        function: 'ClipperError',
        inApp: false,
      },
    ]);
  });

  it('marks Node core frames (`timers.js`, `node:internal/…`, `internal/…`, `index 0`) as not in-app', () => {
    const text = [
      'TypeError: boom',
      '    at Object.<anonymous> (/srv/app/index.js:3:9)',
      '    at Timer.listOnTimeout [as ontimeout] (timers.js:110:15)',
      '    at processTicksAndRejections (node:internal/process/task_queues:96:5)',
      '    at Module._compile (internal/modules/cjs/loader.js:774:30)',
      '    at async Promise.all (index 0)',
    ].join('\n');
    expect(frames(text).map((frame) => [frame.file, frame.inApp])).toEqual([
      ['/srv/app/index.js', true],
      ['timers.js', false],
      ['node:internal/process/task_queues', false],
      ['internal/modules/cjs/loader.js', false],
      ['index 0', false],
    ]);
  });

  it('reads a frame after stray text, but not an `Error: … at …` message line', () => {
    const text = [
      'AssertionError: true == false',
      '    garbage    at Test.run (/srv/app/lib/test.js:45:10)',
      'Error: failed at startup (config.js:1:2)',
      'The app crashes at startup (see main.js:12)',
    ].join('\n');
    expect(frames(text).map((frame) => frame.function)).toEqual(['Test.run']);
  });

  it('still leaves JVM frames to the Java parser', () => {
    const text = [
      'java.lang.IllegalStateException: boom',
      '\tat com.example.app.MainActivity.onCreate(MainActivity.java:42)',
      '\tat com.example.app.MainActivity$$ExternalSyntheticLambda0.run(Unknown Source:2)',
    ].join('\n');
    expect(parseReport(text).source.format).toBe('java');
  });
});

describe('V8 traces with long lines of ` in `', () => {
  const v8Frames = (text: string) =>
    allFrames(parseReport(text, { format: 'v8' }).exceptions).map(({ file, line }) => ({
      file,
      line,
    }));

  it('skips .NET frame lines and reads a 10 MB trace whose lines repeat ` in ` with no `:line`', () => {
    expect(
      v8Frames('TypeError: x\n    at f (app.js:1:2)\n    at Foo.Bar() in C:\\App\\Foo.cs:line 4'),
    ).toEqual([{ file: 'app.js', line: 1 }]);
    const line = `    at ${' in '.repeat(495)}`;
    const text = `TypeError: x\n    at f (app.js:1:2)\n${`${line}\n`.repeat(5_000)}`;
    expect(v8Frames(text)[0]).toEqual({ file: 'app.js', line: 1 });
  });
});
