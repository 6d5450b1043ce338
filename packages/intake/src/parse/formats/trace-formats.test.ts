/**
 * Traces copied from a log viewer that numbers its lines (failure class 3 of issue #33: a Kotlin
 * trace pasted from a CI job log, `64\tat org.x.Y.z(Y.kt:33)`, gave no frame).
 */
import { describe, expect, it } from 'vitest';
import { allFrames, parseReport } from '../parse-report.js';

describe('a trace copied with its line numbers', () => {
  it('is read without the number column', () => {
    const issue = [
      'The analyzer fails in CI:',
      '```',
      '62 No definition files found.',
      '63 Exception in thread "main" java.lang.IllegalArgumentException: no graph',
      '64\tat org.shop.model.Navigator.<init>(Navigator.kt:33)',
      '65\tat org.shop.analyzer.ResultBuilder.build(ResultBuilder.kt:55)',
      '```',
    ].join('\n');
    const report = parseReport(issue);
    expect(report.exceptions[0]?.type).toBe('java.lang.IllegalArgumentException');
    expect(allFrames(report.exceptions).map((frame) => [frame.file, frame.line])).toEqual([
      ['Navigator.kt', 33],
      ['ResultBuilder.kt', 55],
    ]);
  });

  it('is read without the number column in a plain text report too, detected or forced', () => {
    // Trial 33: only a fenced block of an issue was read so.
    const log = [
      '63 Exception in thread "main" java.lang.IllegalStateException: parser closed',
      '64\tat com.acme.text.Parser.parse(Parser.java:11)',
      '65\tat com.acme.cli.Main.main(Main.java:10)',
    ].join('\n');
    for (const options of [{}, { format: 'java' }]) {
      const report = parseReport(log, options);
      expect(report.kind).toBe('crash');
      expect(allFrames(report.exceptions).map((frame) => frame.file)).toEqual([
        'Parser.java',
        'Main.java',
      ]);
    }
  });

  it("keeps an Apple crash report's numbered frames as they are", () => {
    const block = [
      'Exception Type:  EXC_CRASH (SIGABRT)',
      '',
      'Thread 0 Crashed:',
      '0   libsystem_kernel.dylib        0x00000001c0a3e0dc __pthread_kill + 8',
      '1   Shop                          0x0000000104a1c2f0 CartView.total() + 120 (CartView.swift:42)',
      '2   Shop                          0x0000000104a1c100 CartView.body.getter + 64 (CartView.swift:20)',
    ].join('\n');
    const frames = allFrames(parseReport(`# Crash\n\n\`\`\`\n${block}\n\`\`\``).exceptions);
    expect(frames.map((frame) => frame.file ?? frame.module)).toContain('CartView.swift');
  });
});
