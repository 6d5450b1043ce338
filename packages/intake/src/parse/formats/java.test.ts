/** Android and Crashlytics variants of JVM traces (issue #13, intake gaps). */
import { describe, expect, it } from 'vitest';
import { allFrames, parseReport } from '../parse-report.js';

describe('JVM traces', () => {
  it('reads past R8 synthetic lambdas printed `(Unknown Source:N)`', () => {
    const text = [
      'java.lang.IllegalStateException: cart is empty',
      '\tat com.shop.cart.CartViewModel.checkout(CartViewModel.kt:88)',
      '\tat com.shop.cart.CartFragment$$ExternalSyntheticLambda3.onClick(Unknown Source:2)',
      '\tat android.view.View.performClick(View.java:7448)',
      '\tat com.shop.MainActivity.onCreate(MainActivity.kt:31)',
    ].join('\n');
    const frames = allFrames(parseReport(text).exceptions);
    expect(frames.map((frame) => [frame.function, frame.file, frame.line, frame.inApp])).toEqual([
      ['checkout', 'CartViewModel.kt', 88, true],
      ['onClick', undefined, 2, true],
      ['performClick', 'View.java', 7448, false],
      ['onCreate', 'MainActivity.kt', 31, true],
    ]);
  });

  it('recognises a Crashlytics `Fatal Exception:` header and its `Caused by` without a colon', () => {
    const text = [
      'Fatal Exception: java.lang.RuntimeException: Unable to start activity ComponentInfo{com.shop/com.shop.MainActivity}',
      '       at android.app.ActivityThread.performLaunchActivity(ActivityThread.java:3449)',
      '       at android.os.Looper.loop(Looper.java:223)',
      '',
      'Caused by java.lang.NullPointerException: Attempt to invoke virtual method on a null object reference',
      '       at com.shop.MainActivity.onCreate(MainActivity.kt:42)',
      '       at android.app.Activity.performCreate(Activity.java:8000)',
    ].join('\n');
    const report = parseReport(text);
    expect(report.kind).toBe('crash');
    expect(report.title).toBe(
      'java.lang.RuntimeException: Unable to start activity ComponentInfo{com.shop/com.shop.MainActivity}',
    );
    const [exception] = report.exceptions;
    expect(exception?.frames).toHaveLength(2);
    expect(exception?.cause?.type).toBe('java.lang.NullPointerException');
    expect(exception?.cause?.message).toBe(
      'Attempt to invoke virtual method on a null object reference',
    );
    expect(exception?.cause?.frames[0]).toMatchObject({
      module: 'com.shop.MainActivity',
      function: 'onCreate',
      line: 42,
      inApp: true,
    });
  });
});

describe('JVM frames printed without `at` (Crashlytics, Play Console)', () => {
  it('reads `pkg.Class.method (File.kt:42)` lines as frames, and not prose that looks like a call', () => {
    const text = [
      'Fatal Exception: java.lang.NullPointerException: Attempt to invoke virtual method on a null object reference',
      '       com.shop.cart.CartViewModel.checkout (CartViewModel.kt:88)',
      '       com.shop.cart.CartFragment.onClick (CartFragment.kt:120)',
      '       android.view.View.performClick (View.java:7448)',
      '       com.android.internal.os.ZygoteInit.main (ZygoteInit.java:936)',
      'It happens after calling cart.checkout(items) twice.',
    ].join('\n');
    const frames = allFrames(parseReport(text).exceptions);
    expect(
      frames.map((frame) => [frame.module, frame.function, frame.file, frame.line, frame.inApp]),
    ).toEqual([
      ['com.shop.cart.CartViewModel', 'checkout', 'CartViewModel.kt', 88, true],
      ['com.shop.cart.CartFragment', 'onClick', 'CartFragment.kt', 120, true],
      ['android.view.View', 'performClick', 'View.java', 7448, false],
      ['com.android.internal.os.ZygoteInit', 'main', 'ZygoteInit.java', 936, false],
    ]);
  });
});

describe('JVM traces pasted without a header line of their own (corpus of real fixes, issue #33)', () => {
  const framesOf = (text: string) =>
    parseReport(text).exceptions.map((exception) => [
      exception.type,
      exception.message,
      exception.frames.map((frame) => `${frame.module}.${frame.function}:${frame.line}`),
    ]);

  it('reads a trace pasted from its `Caused by:` on as the exception, frames and all', () => {
    const text = [
      'TarArchiveInputStream fails on a big user id',
      'Caused by: java.lang.IllegalArgumentException: Invalid byte 52 at offset 7',
      'at org.apache.tar.TarUtils.parseOctal(TarUtils.java:130)',
      'at org.apache.tar.TarArchiveEntry.parseTarHeader(TarArchiveEntry.java:953)',
      '... 5 more',
    ].join('\n');
    expect(framesOf(text)).toEqual([
      [
        'java.lang.IllegalArgumentException',
        'Invalid byte 52 at offset 7',
        [
          'org.apache.tar.TarUtils.parseOctal:130',
          'org.apache.tar.TarArchiveEntry.parseTarHeader:953',
        ],
      ],
    ]);
  });

  it('takes the exception named inside the line before the frames (a line number, a footnote mark)', () => {
    expect(
      framesOf(
        'Output:\n23: java.lang.NullPointerException\n\tat com.x.TypeCheck.visit(TypeCheck.java:761)\n',
      ),
    ).toEqual([['java.lang.NullPointerException', '', ['com.x.TypeCheck.visit:761']]]);
    expect(
      framesOf(
        'See [1].\n[1] java.lang.NumberFormatException: For input string: "4294967294"\nat java.lang.Integer.parseInt(Integer.java:495)\nat com.x.Tar.applyPax(Tar.java:488)\n',
      ),
    ).toEqual([
      [
        'java.lang.NumberFormatException',
        'For input string: "4294967294"',
        ['java.lang.Integer.parseInt:495', 'com.x.Tar.applyPax:488'],
      ],
    ]);
  });

  it('keeps frames that no line names an exception for, under an exception of no type', () => {
    const report = parseReport(
      'The compiler crashes on this input:\n\n\tat com.x.VarCheck.visit(VarCheck.java:159)\n\tat com.x.NodeTraversal.traverse(NodeTraversal.java:544)\n',
    );
    expect(report.kind).toBe('crash');
    expect(report.title).toBe('The compiler crashes on this input:');
    expect(framesOf(report.body)).toEqual([
      ['', '', ['com.x.VarCheck.visit:159', 'com.x.NodeTraversal.traverse:544']],
    ]);
  });
});
