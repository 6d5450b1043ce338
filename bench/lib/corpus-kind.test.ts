import { describe, expect, it } from 'vitest';
import { reportKind, reportTags } from './corpus-kind.js';

describe('reportKind', () => {
  it('reads a trace of each runtime as a crash', () => {
    const crashes = [
      'java.lang.NullPointerException\n\tat com.acme.Foo.bar(Foo.java:12)',
      'E AndroidRuntime: FATAL EXCEPTION: main\nE AndroidRuntime: \tat com.acme.Main.onCreate(Main.kt:40)',
      'Traceback (most recent call last):\n  File "x.py", line 1, in <module>',
      "thread 'main' panicked at src/main.rs:4:5:\nindex out of bounds",
      'panic: runtime error: invalid memory address\n\ngoroutine 1 [running]:',
      'TypeError: x is undefined\n    at parse (/app/node_modules/acme/dist/index.js:10:5)',
      'PHP Fatal error:  Uncaught TypeError\n#0 /var/www/src/Foo.php(67): Foo->bar()',
      "app.rb:3:in `divide': divided by 0 (ZeroDivisionError)",
      '==1==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000014',
      'Unhandled exception. System.NullReferenceException\n   at Acme.Foo.Bar() in /src/Foo.cs:line 12',
      'Fatal error: Unexpectedly found nil while unwrapping an Optional value',
      'Caused by java.lang.NullPointerException\ncom.acme.web.Manager.setup (Manager.java:710)',
      "*** Terminating app due to uncaught exception 'NSInvalidArgumentException'",
      '3  CoreFoundation +0xb8228    -[__NSArrayI_Transfer objectAtIndexedSubscript:]',
      '2   org.cocoapods.Charts   0x0000000101cbf6ab AxisRendererBase.computeAxisValues(min:max:) + 2059',
    ];
    expect(crashes.map(reportKind)).toEqual(crashes.map(() => 'crash'));
  });

  it('reads prose and code snippets as plain', () => {
    expect(
      reportKind(
        'Parsing `[1, 2]` returns an object at index 0 instead of an array.\n\n```js\nparse("[1, 2]")\n```',
      ),
    ).toBe('plain');
  });
});

describe('reportTags', () => {
  it('marks Android and iOS only for mobile code or reports, and bundled JavaScript frames', () => {
    const paths = [
      'app/src/main/AndroidManifest.xml',
      'app/src/main/java/A.kt',
      'sample/Info.plist',
    ];
    expect(reportTags('crash', paths, [{ file: 'app/src/main/java/A.kt' }])).toEqual(['android']);
    expect(
      reportTags('wrong result', ['sample/App.xcodeproj/project.pbxproj'], [{ file: 'src/a.cc' }]),
    ).toEqual([]);
    expect(
      reportTags('at f (node_modules/x/dist/x.min.js:1:200)', [], [{ file: 'src/x.ts' }]),
    ).toEqual(['bundled-js']);
  });

  it('marks iOS for an iOS report or an ios/ folder, not for macOS Objective-C', () => {
    // The shape of electron/electron#3864: a crash on OS X fixed in a Cocoa *.mm file.
    const mac = 'App Crash in OS X when using showSaveDialog with filter with no extensions';
    expect(reportTags(mac, [], [{ file: 'atom/browser/ui/file_dialog_mac.mm' }])).toEqual([]);
    const ios = 'Crash on iPad when the sheet is dismissed\n\nThread 0 Crashed';
    expect(reportTags(ios, [], [{ file: 'Sources/Sheet/SheetController.swift' }])).toEqual(['ios']);
    expect(
      reportTags('crash on mount', [], [{ file: 'ios/RNSScreen.mm' }, { file: 'src/index.tsx' }]),
    ).toEqual(['ios']);
    expect(
      reportTags(
        'iPhone 15: React Native red box',
        ['App.xcodeproj/project.pbxproj'],
        [{ file: 'src/a.ts' }],
      ),
    ).toEqual(['ios', 'react-native']);
    expect(
      reportTags(
        'at com.facebook.react.uimanager.ViewManager.createView(ViewManager.java:82)',
        [],
        [{ file: 'android/src/main/java/Web.java' }],
      ),
    ).toEqual(['android', 'react-native']);
  });

  it('reads no platform from a Mac crash log listing an iPhone or from an issue template example', () => {
    const macLog = 'Crash on Yosemite\nOS Version: Mac OS X 10.10 (14A329r)\nUSB Device: iPhone';
    expect(reportTags(macLog, [], [{ file: 'atom/browser/api/menu_mac.mm' }])).toEqual([]);
    expect(reportTags('Crash on my iPhone 12', [], [{ file: 'Sources/A.swift' }])).toEqual(['ios']);
    const template = 'Library Versions [e.g. React 16.7, React Native 0.58.0]: N/A';
    expect(reportTags(template, [], [{ file: 'lib/adapters/http.js' }])).toEqual([]);
  });

  it('reads a long line that is no V8 frame in linear time (fails by the test time limit before)', () => {
    expect(reportKind(`at ${'a'.repeat(300_000)}`)).toBe('plain');
    expect(reportKind(`at ${'a'.repeat(300_000)} (x.js:1:2)`)).toBe('crash');
  });
});
