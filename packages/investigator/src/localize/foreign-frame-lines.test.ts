import { parseReport } from '@sightline/intake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHandBuiltRepository,
  type HandBuiltRepository,
} from './__fixtures__/hand-built-index.js';
import { withoutForeignFrameLines } from './foreign-frame-lines.js';
import { localize } from './localize.js';
import { collectReportSignals } from './report-signals.js';

// Failure class 2 of issue #33: a Rust or Go backtrace's boilerplate (std frames, hash suffixes,
// formatting functions, toolchain paths) feeds the text match and lifts unrelated files.
const RUST_PANIC = `thread 'main' panicked at src/config.rs:212:40:
called \`Option::unwrap()\` on a \`None\` value
stack backtrace:
   0: rust_begin_unwind
             at /rustc/90b35a6239c3d8bdabc530a6a0816f7ff89a0aaf/library/std/src/panicking.rs:665:5
   1: core::panicking::panic_fmt
             at /rustc/90b35a6239c3d8bdabc530a6a0816f7ff89a0aaf/library/core/src/panicking.rs:74:14
   2: core::fmt::write::h2a7d8d2b2c7a8f1e
             at /rustc/90b35a6239c3d8bdabc530a6a0816f7ff89a0aaf/library/core/src/fmt/mod.rs:1178:17
   3: tally::config::parse_window
             at ./src/config.rs:212:40
   4: tally::main
             at ./src/main.rs:9:5
note: Some details are omitted, run with \`RUST_BACKTRACE=full\` for a verbose backtrace.`;

const CONFIG = `${'// config\n'.repeat(200)}pub fn parse_window(text: &str) -> Window {
    let (start, end) = text.split_once("..").unwrap();
    Window { start: start.parse().unwrap(), end: end.parse().unwrap() }
}
`;
const FORMAT = `/// Writes panicking values and the window with fmt::write.
pub fn write(out: &mut String, value: &Window) -> core::fmt::Result {
    // panicking fmt write unwind begin: formatting of a window value for the panic message
    core::fmt::write(out, format_args!("{}..{}", value.start, value.end))
}
`;

describe('withoutForeignFrameLines', () => {
  it('drops the frames of other code, toolchain source lines and backtrace notes', () => {
    const kept = withoutForeignFrameLines(RUST_PANIC, new Set(['1: core::panicking::panic_fmt']));
    expect(kept).not.toContain('panic_fmt');
    expect(kept).not.toContain('/rustc/');
    expect(kept).not.toContain('stack backtrace');
    expect(kept).not.toContain('RUST_BACKTRACE');
    expect(kept).toContain('tally::config::parse_window');
    expect(kept).toContain('./src/config.rs:212:40');
  });
});

describe('collectReportSignals on a Rust panic', () => {
  let repository: HandBuiltRepository;
  beforeAll(async () => {
    repository = await createHandBuiltRepository({
      'Cargo.toml': { content: '[package]\nname = "tally"\n' },
      'src/config.rs': {
        content: CONFIG,
        language: 'rust',
        definitions: [{ name: 'parse_window', kind: 'function', lines: [201, 204] }],
      },
      'src/fmt.rs': {
        content: FORMAT,
        language: 'rust',
        definitions: [{ name: 'write', kind: 'function', lines: [2, 5] }],
      },
      'src/main.rs': {
        content: 'fn main() {\n    let w = config::parse_window(&arg);\n}\n'.padStart(9 * 20),
        language: 'rust',
        definitions: [{ name: 'main', kind: 'function', lines: [1, 3] }],
      },
    });
  });
  afterAll(() => repository.cleanup());

  it('searches the report without the std frames, so their words lift no file', () => {
    const report = parseReport(RUST_PANIC);
    const { query } = collectReportSignals(report, repository.index);
    expect(query).not.toMatch(/panicking|core::fmt::write|rust_begin_unwind/);
    expect(query).toContain('parse_window');
    const suspects = localize(report, repository.index);
    expect(suspects[0]?.path).toBe('src/config.rs');
    const formatting = suspects.find((suspect) => suspect.path === 'src/fmt.rs');
    expect(formatting?.evidence ?? []).not.toContain('defines `write` mentioned in the report');
  });
});
