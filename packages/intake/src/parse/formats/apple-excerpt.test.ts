import { describe, expect, it } from 'vitest';
import { parseReport } from '../parse-report.js';

/** The crashed thread of a macOS crash report, as an issue quotes it: no header above it. */
const EXCERPT = [
  'Thread 0 Crashed:: CrBrowserMain  Dispatch queue: com.apple.main-thread',
  '0   libsystem_kernel.dylib        \t0x00007fff90f09866 __pthread_kill + 10',
  '1   com.example.NotesFramework    \t0x000000010bc87f62 notes::Store::Flush(bool) + 98 (store.cc:214)',
  '2   com.example.NotesFramework    \t0x000000010bc81a10 notes::App::Quit() + 40',
  '',
  'Thread 1:',
  '0   libsystem_kernel.dylib        \t0x00007fff90f0a662 kevent64 + 10',
];

describe('an Apple crash report pasted from its crashed thread on', () => {
  const expectRead = (report: ReturnType<typeof parseReport>) => {
    const frames = report.exceptions[0]?.frames ?? [];
    expect(frames.map((frame) => frame.function)).toEqual([
      '__pthread_kill',
      'notes::Store::Flush(bool)',
      'notes::App::Quit()',
    ]);
    expect(frames[1]).toMatchObject({ file: 'store.cc', line: 214 });
  };

  it('reads the crashed thread of a plain text', () => {
    expectRead(parseReport(EXCERPT.join('\n')));
  });

  it('reads the crashed thread quoted in an issue', () => {
    expectRead(
      parseReport({
        title: 'Crash on quit',
        body: ['It crashes when I quit:', '', '```', ...EXCERPT, '```'].join('\n'),
      }),
    );
  });

  it('reads no crash from a thread list that no thread crashed in', () => {
    const report = parseReport(EXCERPT.slice(5).join('\n'));
    expect(report.exceptions).toEqual([]);
  });
});
