import { describe, expect, it } from 'vitest';
import { isInAppFile } from './frame-origin.js';

const COMPOSER = /[/\\]vendor[/\\][^/\\]+[/\\][^/\\]+[/\\].*\.(?:php|phtml|inc)$/;

describe('isInAppFile', () => {
  it("takes a Composer package's PHP files for a library's, the application's own for in-app", () => {
    expect(isInAppFile('/srv/app/vendor/laravel/framework/src/Illuminate/Foundation.php')).toBe(
      false,
    );
    expect(isInAppFile('C:\\app\\vendor\\monolog\\monolog\\src\\Logger.inc')).toBe(false);
    expect(isInAppFile('/srv/app/src/Controller/HomeController.php')).toBe(true);
    // Not a package: one folder under vendor, or not PHP.
    expect(isInAppFile('/srv/app/vendor/autoload.php')).toBe(true);
    expect(isInAppFile('/srv/app/vendor/acme/tool/readme.md')).toBe(true);
  });

  it("decides Composer's files as the pattern does, on every path of up to 5 of its parts", () => {
    const parts = ['/', '\\', 'vendor', 'a', '.php', '\n', 'x.inc'];
    let paths = [''];
    for (let length = 1; length <= 5; length++) {
      paths = paths.flatMap((path) => parts.map((part) => path + part));
      for (const path of paths) {
        // Only where no other rule speaks: the Composer rule alone decides these.
        if (COMPOSER.test(path)) expect(isInAppFile(path), JSON.stringify(path)).toBe(false);
        else expect(isInAppFile(path), JSON.stringify(path)).toBe(true);
      }
    }
  });

  it('reads a megabyte frame file of vendor folders in one pass', () => {
    expect(isInAppFile(`${'/vendor/r/r/'.repeat(87_000)}/vendor/t/\n/.inc`)).toBe(false);
    expect(isInAppFile(`${'/vendor/r/r/'.repeat(87_000)}x`)).toBe(true);
  });
});
