import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openRepository } from '@sightline/codebase';
import { parseReport } from '@sightline/intake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markInAppFrames } from './mark-in-app-frames.js';

let repo: string;

beforeAll(() => {
  repo = mkdtempSync(path.join(tmpdir(), 'sightline-mark-'));
  const files = {
    'package.json': JSON.stringify({ name: '@acme/shop' }),
    'src/main/java/com/shop/cart/CartService.kt': '',
    'src/cart.js': '',
    'index.js': '',
    'server.js':
      "const app = require('express')();\nfunction handler(req, res) {\n  res.json(req.user.name);\n}\napp.get('/', handler);\n",
  };
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    writeFileSync(path.join(repo, file), content);
  }
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe('markInAppFrames', () => {
  it('marks the frames of a stack trace logged without an exception (Sentry message event)', async () => {
    const report = parseReport({
      logentry: { formatted: 'cart recalculated twice' },
      stacktrace: {
        frames: [
          { function: 'main', filename: 'vendor/run.js', lineno: 1, in_app: false },
          { function: 'recalc', filename: 'src/cart.js', lineno: 9, in_app: false },
        ],
      },
    });
    const marked = await markInAppFrames(report, await openRepository(repo));
    expect(marked.exceptions).toEqual([]);
    expect(marked.stack?.map((frame) => [frame.function, frame.inApp, frame.repoPath])).toEqual([
      ['recalc', true, 'src/cart.js'],
      ['main', false, undefined],
    ]);
  });

  it('finds JVM frames under a source root by package path', async () => {
    const report = parseReport(
      'java.lang.IllegalStateException: x\n\tat com.shop.cart.CartService.checkout(CartService.kt:42)\n\tat com.other.Lib.call(Lib.kt:1)\n',
    );
    const marked = await markInAppFrames(report, await openRepository(repo));
    expect(marked.exceptions[0]?.frames.map((frame) => [frame.inApp, frame.repoPath])).toEqual([
      [true, 'src/main/java/com/shop/cart/CartService.kt'],
      [false, undefined],
    ]);
    expect(report.exceptions[0]?.frames[1]?.inApp).toBe(true);
  });

  it('strips node_modules/<own scoped package>/, URLs and absolute prefixes; one-segment matches need context', async () => {
    const report = parseReport(
      [
        'TypeError: boom',
        '    at a (/srv/deploy/node_modules/@acme/shop/src/cart.js:1:1)',
        '    at b (https://cdn.acme.test/assets/src/cart.js:2:2)',
        '    at c (/usr/lib/node/index.js:3:3)',
        `    at d (/tmp/${path.basename(repo)}/index.js:4:4)`,
        '    at e (/srv/deploy/node_modules/lodash/index.js:5:5)',
        '    at f (node:internal/modules/cjs/loader:6:6)',
      ].join('\n'),
    );
    const marked = await markInAppFrames(report, await openRepository(repo));
    expect(
      marked.exceptions[0]?.frames.map((frame) => [frame.function, frame.inApp, frame.repoPath]),
    ).toEqual([
      ['a', true, 'src/cart.js'],
      ['b', true, 'src/cart.js'],
      ['c', false, undefined],
      ['d', true, 'index.js'],
      ['e', false, undefined],
      ['f', false, undefined],
    ]);
  });

  it('marks a frame from a deployment folder into a root file that defines its function, as investigate does', async () => {
    // Fresh-user trial 42: `triage --repo` gave no top frame where `investigate` mapped it.
    const report = parseReport(
      [
        "TypeError: Cannot read properties of undefined (reading 'name')",
        '    at handler (/app/server.js:3:22)',
        '    at other (/app/index.js:9:1)',
      ].join('\n'),
    );
    const marked = await markInAppFrames(report, await openRepository(repo, { cacheDir: false }));
    expect(
      marked.exceptions[0]?.frames.map((frame) => [frame.function, frame.inApp, frame.repoPath]),
    ).toEqual([
      ['handler', true, 'server.js'],
      ['other', false, undefined],
    ]);
  });

  it('keeps frames without a file (native addresses) as they were', async () => {
    const report = parseReport({
      exception: {
        values: [{ type: 'SIGSEGV', stacktrace: { frames: [{ function: 'main', in_app: true }] } }],
      },
    });
    const marked = await markInAppFrames(report, await openRepository(repo));
    expect(marked.exceptions[0]?.frames[0]?.inApp).toBe(true);
  });

  it("marks symbol-only Rust frames of the repository's own crates (Cargo.toml) in-app", async () => {
    const rust = mkdtempSync(path.join(tmpdir(), 'sightline-crate-'));
    try {
      writeFileSync(
        path.join(rust, 'Cargo.toml'),
        '[package]\nname = "git-tui"\nversion = "0.1.0"\n\n[workspace]\nmembers = ["crates/*"]\n',
      );
      mkdirSync(path.join(rust, 'crates', 'sync'), { recursive: true });
      writeFileSync(
        path.join(rust, 'crates', 'sync', 'Cargo.toml'),
        '[package]\nname = "asyncgit"\n',
      );
      mkdirSync(path.join(rust, 'vendor', 'serde'), { recursive: true });
      writeFileSync(
        path.join(rust, 'vendor', 'serde', 'Cargo.toml'),
        '[package]\nname = "serde"\n',
      );
      const report = parseReport(
        [
          "thread 'main' panicked at 'index out of bounds: the len is 0 but the index is 0'",
          'stack backtrace:',
          '   0: rust_begin_unwind',
          '   1: core::panicking::panic_bounds_check',
          '   2: git_tui::components::commitlist::CommitList::select_next',
          '   3: <asyncgit::sync::RepoPath as core::fmt::Display>::fmt',
          '   4: serde::de::Deserialize::deserialize',
          '   5: std::rt::lang_start',
        ].join('\n'),
      );
      expect(report.exceptions[0]?.frames.every((frame) => !frame.inApp)).toBe(true);
      const marked = await markInAppFrames(report, await openRepository(rust));
      expect(marked.exceptions[0]?.frames.map((frame) => frame.inApp)).toEqual([
        false,
        false,
        true,
        true,
        false,
        false,
      ]);
    } finally {
      rmSync(rust, { recursive: true, force: true });
    }
  });
});
