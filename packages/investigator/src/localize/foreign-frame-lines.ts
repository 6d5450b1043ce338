/**
 * Stack-trace lines that belong to other code: frames of the standard library, the runtime and
 * dependencies (`std::panicking::begin_panic`, `runtime.gopanic`, `core::fmt::write`, `main`
 * through a runtime), their source lines (`at /rustc/<hash>/library/std/src/panicking.rs:616`,
 * `/usr/local/go/src/runtime/panic.go:914`) and the backtrace's own notes (`note: run with
 * RUST_BACKTRACE=1`). Their words (`panicking`, `fmt`, `write`, `runtime`) match files all over a
 * repository — a `fmt.rs`, a `runtime/` folder — while saying nothing about where the defect is
 * (failure class 2 of issue #33), so the localizer leaves them out of its lexical query; the
 * frames of the repository itself stay.
 */

/** Source lines of frames in a toolchain's own library: Rust's `/rustc/<hash>/`, Go's `GOROOT`. */
const TOOLCHAIN_SOURCE =
  /^\s*(?:at\s+)?(?:\/rustc\/[0-9a-f]{7,}\/|\S*\/(?:go|golang)\/src\/(?:runtime|reflect|sync|testing|net|internal)\/|\S*\/\.cargo\/registry\/|\S*\/\.rustup\/toolchains\/)/;
/**
 * Whether a frame's file is in a toolchain's own library (Rust's `/rustc/<hash>/library/…`, Go's
 * `GOROOT/src/runtime/…`, a Cargo registry): such a frame is never the repository's, whatever
 * its path looks like.
 * @param file - the frame's file as printed.
 */
export function isToolchainPath(file: string): boolean {
  return TOOLCHAIN_SOURCE.test(file);
}

/** Notes a Rust or Go backtrace prints about itself. */
const BACKTRACE_NOTE =
  /^\s*(?:note: run with `RUST_BACKTRACE|note: Some details are omitted|stack backtrace:|goroutine \d+ \[[\w ]+\]:|\[signal \w+:)/;

/**
 * A report text without the lines of frames that are not the repository's.
 * @param text - the report's body.
 * @param foreignFrames - the raw lines (as printed) of the frames that resolved to no file of the
 *   repository.
 * @returns the text with those lines, toolchain source lines and backtrace notes removed.
 */
export function withoutForeignFrameLines(text: string, foreignFrames: ReadonlySet<string>): string {
  return text
    .split('\n')
    .filter((line) => {
      const trimmed = line.trim();
      return (
        !foreignFrames.has(trimmed) && !TOOLCHAIN_SOURCE.test(line) && !BACKTRACE_NOTE.test(line)
      );
    })
    .join('\n');
}
