/** .NET traces whose line breaks were lost, read by flattened-traces.ts like the JVM's. */
import { describe, expect, it } from 'vitest';
import { unflattenedTraces } from './flattened-traces.js';
import { exceptionOutlines } from './formats/exception-outline.test-helper.js';
import { parseReport } from './parse-report.js';
import { regexRuns } from './regex-runs.test-helper.js';

const FLAT =
  'Saving a draft fails. Log: System.InvalidOperationException: The draft is locked at Quill.Drafts.DraftStore.Save(Draft draft, Boolean force) in /src/Quill/Drafts/DraftStore.cs:line 57 at Quill.Web.DraftsController.Put(Int32 id) in /src/Quill/Web/DraftsController.cs:line 23 at lambda_method(Closure, Object, Object[]) Thanks!';

describe('a .NET trace flattened onto one line', () => {
  it('is broken into the lines it was printed as', () => {
    expect(unflattenedTraces([FLAT])).toEqual([
      'Saving a draft fails. Log:',
      'System.InvalidOperationException: The draft is locked',
      '\tat Quill.Drafts.DraftStore.Save(Draft draft, Boolean force) in /src/Quill/Drafts/DraftStore.cs:line 57',
      '\tat Quill.Web.DraftsController.Put(Int32 id) in /src/Quill/Web/DraftsController.cs:line 23',
      'at lambda_method(Closure, Object, Object[]) Thanks!',
    ]);
  });

  it('reads its exception and frames', () => {
    expect(exceptionOutlines(FLAT)).toEqual([
      {
        type: 'System.InvalidOperationException',
        message: 'The draft is locked',
        frames: [
          ['Save', '/src/Quill/Drafts/DraftStore.cs', 57],
          ['Put', '/src/Quill/Web/DraftsController.cs', 23],
        ],
      },
    ]);
  });

  it('reads frames without a location between located ones, and an inner exception', () => {
    const text =
      'Quill.SyncException: Sync failed ---> System.IO.IOException (0x80070020): The file is in use at System.IO.FileStream.Init(String path, FileMode mode) at Quill.Sync.Journal.Open(String path) in C:\\src\\Quill\\Sync\\Journal.cs:line 14 --- End of inner exception stack trace --- at Quill.Sync.Runner.Run() in C:\\src\\Quill\\Sync\\Runner.cs:line 40 at Quill.Program.Main(String[] args) in C:\\src\\Quill\\Program.cs:line 8';
    expect(exceptionOutlines(text)).toEqual([
      {
        type: 'Quill.SyncException',
        message: 'Sync failed',
        frames: [
          ['Run', 'C:\\src\\Quill\\Sync\\Runner.cs', 40],
          ['Main', 'C:\\src\\Quill\\Program.cs', 8],
        ],
        cause: {
          type: 'System.IO.IOException',
          message: '(0x80070020) The file is in use',
          frames: [
            ['Init', undefined, undefined],
            ['Open', 'C:\\src\\Quill\\Sync\\Journal.cs', 14],
          ],
        },
      },
    ]);
  });

  it('leaves prose that names methods alone', () => {
    expect(
      unflattenedTraces([
        'It hangs at Quill.Sync.Run() and later at Quill.Sync.Stop(), every time.',
      ]),
    ).toBeNull();
    expect(parseReport('It hangs at Quill.Sync.Run() every time.').exceptions).toEqual([]);
  });

  it('takes `at a.B.c()` for a frame only beside a .NET frame, not in a JVM trace', () => {
    const lines = unflattenedTraces([
      'org.example.ScriptException: no value at org.example.Eval.run(Eval.java:95) at org.mozilla.gen.c1.call() at org.example.Task.exec(Task.java:12) at org.example.Main.main(Main.java:3)',
    ]);
    expect(lines).toEqual([
      'org.example.ScriptException: no value',
      '\tat org.example.Eval.run(Eval.java:95)',
      'at org.mozilla.gen.c1.call()',
      '\tat org.example.Task.exec(Task.java:12)',
      '\tat org.example.Main.main(Main.java:3)',
    ]);
  });

  it('reads lines of many flattened frames in work linear in their length', () => {
    const frame = 'at Quill.A.B(Int32 x) in /src/A.cs:line 1 ';
    const line = (count: number) => `System.Exception: boom ${frame.repeat(count)}`;
    const runs = [2_000, 4_000].map((count) => regexRuns(() => parseReport(line(count))));
    expect((runs[1] ?? 0) / (runs[0] ?? 1)).toBeLessThan(2.2);
    const huge = Array.from({ length: 20 }, () => line(5_000)).join('\n');
    expect(huge.length).toBeGreaterThan(4_000_000);
    expect(parseReport(huge).exceptions[0]?.frames.length).toBeGreaterThan(0);
  });
});
