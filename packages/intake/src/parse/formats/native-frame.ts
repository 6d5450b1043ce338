/**
 * One line (or wrapped lines) of a native backtrace as a stack frame: gdb's `#0  0x… in f (a=1) at
 * x.c:3` / `from /lib/libc.so.6`, the sanitizers' `#0 0x… in ns::f(int) src/x.cc:3:7` /
 * `(libc.so.6+0x21b96)`, lldb's `frame #0: 0x… a.out`f(a=1) at x.c:3:7`, glibc's
 * `backtrace_symbols` `binary(symbol+0x1f)[0x45a527]`; the
 * function's name without gdb's argument values, a C++ signature or GCC's return type; and whether
 * the frame is the program's or glibc's, the C++ runtime's, the loader's or a sanitizer's.
 * Formats: see native.ts.
 */
import { isInAppFile } from '../frame-origin.js';
import { normalizeFramePath } from '../frame-path.js';
import type { Frame } from '../types.js';
import { functionName } from './native-function-name.js';

const ADDRESS = /^0x[0-9a-fA-F]+(?: in |\s+)/;
const SOURCE = /^(\S+?):(\d+)(?::(\d+))?$/;
// `(libc.so.6+0x21b96)`, systemd-coredump's `(libwayland-client.so + 0xa7b0)`.
const MODULE_OFFSET = /^\((\S+?) ?\+ ?0x[0-9a-fA-F]+\)$/;
const BUILD_ID = /\s*\(BuildId: [0-9a-fA-F]+\)$/;
const GDB_CALL = /^\S.* \(.*\)$/;
const LIBRARY_NAME = /\.(?:so(?:\.\d+)*|dylib|dll)$/;
const SYMBOLS_LINE = /^\s*(\S[^()[\]]*)\(([^()\s]*)\)\s*\[0x[0-9a-fA-F]+\]\s*$/;

/** glibc, the C++ runtime, the dynamic loader and the sanitizers' own files, modules and symbols. */
const SYSTEM_FILE =
  /^(?:\.\.?\/)+(?:sysdeps|nptl|csu|stdlib|libio|stdio-common|string|posix|signal|misc|malloc|elf)\/|^\/usr\/(?:include|lib|src)\/|^\/build\/(?:glibc|gcc)|(?:^|\/)(?:compiler-rt|sanitizer_common|asan|tsan|msan|lsan|ubsan)\/|^(?:abort|assert|raise|malloc|libc-start|libc_start_call_main|pthread_kill|clone3?)\.[ch]$/;
/**
 * Shared objects of the system (glibc, libstdc++, the loader, a bare `libx.so`), and the Apple
 * frameworks lldb names by their bare image name (`dyld`, `UIKitCore`, `CoreFoundation`): no frame
 * of them is in-app.
 */
export const SYSTEM_MODULE =
  /^[^/]*\.(?:so(?:\.\d+)*|dylib|dll)$|(?:^|\/)(?:lib(?:c|pthread|stdc\+\+|gcc_s|m|dl|rt|asan|tsan|ubsan|lsan|msan)[.-][^/]*|ld-linux[^/]*|linux-vdso[^/]*)$|^\/(?:usr\/)?lib(?:32|64)?\/|^\/System\/|^(?:dyld(?:_sim)?|UIKit(?:Core)?|AppKit|Foundation|CoreFoundation|CoreGraphics|CoreText|CoreAnimation|ImageIO|GraphicsServices|FrontBoardServices|BackBoardServices|QuartzCore|CFNetwork|SwiftUI|AttributeGraph|Combine|HIToolbox|WebKit|JavaScriptCore|CoreData|Security|Metal)$/;
const SYSTEM_FUNCTION =
  /^(?:__(?:GI_|libc_|assert|interceptor_|asan|tsan|msan|lsan|ubsan|sanitizer|pthread_kill|restore_rt|clone\d*$|cxa_|gxx_personality|gnu_cxx::)|_start$|start_thread$|clone3?$|abort$|raise$|std::terminate|std::__terminate|Swift[. ])/;

function isInAppNative(frame: Omit<Frame, 'inApp' | 'raw'>): boolean {
  if (frame.function && SYSTEM_FUNCTION.test(frame.function)) return false;
  if (frame.file) return isInAppFile(frame.file) && !SYSTEM_FILE.test(frame.file);
  if (frame.module) return !SYSTEM_MODULE.test(frame.module);
  return frame.function !== undefined;
}

/** A frame of `fields`, its `inApp` judged from them, its `raw` text on one line. */
export function makeFrame(fields: Omit<Frame, 'inApp' | 'raw'>, raw: string): Frame {
  return { ...fields, inApp: isInAppNative(fields), raw: raw.trim().replace(/\s+/g, ' ') };
}

/**
 * Reads gdb's or a sanitizer's frame text after its number (`0x… in f (a=1) at x.c:3`): a frame
 * when it names a source line or a library, or starts with an address.
 * @returns the frame, or `null` when the text is none of these.
 */
export function parseFrameText(text: string, raw: string): Frame | null {
  const address = ADDRESS.exec(text);
  const body = (address ? text.slice(address[0].length) : text).trim().replace(BUILD_ID, '');
  // gdb prints `name (arguments)` before ` at ` and ` from `; prose (`#2 run it from the
  // desktop`, trial 33) does not.
  const at = body.lastIndexOf(' at ');
  const source = at > 0 ? SOURCE.exec(body.slice(at + 4).trim()) : null;
  if (source?.[1] && (address || GDB_CALL.test(body.slice(0, at))))
    return sourceFrame(body.slice(0, at), source, raw);
  const from = body.lastIndexOf(' from ');
  const library = from > 0 ? body.slice(from + 6).trim() : '';
  if (library && !/\s/.test(library) && GDB_CALL.test(body.slice(0, from))) {
    const name = functionName(body.slice(0, from));
    return makeFrame({ module: library, ...(name ? { function: name } : {}) }, raw);
  }
  if (!address) return null;
  const open = body.lastIndexOf(' (');
  const moduleOffset = MODULE_OFFSET.exec(open >= 0 ? body.slice(open + 1) : body);
  if (moduleOffset?.[1]) {
    const name = open > 0 ? functionName(body.slice(0, open)) : undefined;
    return makeFrame({ module: moduleOffset[1], ...(name ? { function: name } : {}) }, raw);
  }
  const space = body.lastIndexOf(' ');
  const located = space > 0 ? SOURCE.exec(body.slice(space + 1)) : null;
  if (located?.[1] && /[./]/.test(located[1]))
    return sourceFrame(body.slice(0, space), located, raw);
  const name = functionName(body);
  if (name && LIBRARY_NAME.test(name)) return makeFrame({ module: name }, raw);
  return name ? makeFrame({ function: name }, raw) : null;
}

function sourceFrame(functionText: string, source: RegExpExecArray, raw: string): Frame {
  const file = normalizeFramePath(source[1]) ?? source[1] ?? '';
  const name = functionName(functionText);
  return makeFrame(
    {
      file,
      line: Number(source[2]),
      ...(source[3] ? { column: Number(source[3]) } : {}),
      ...(name ? { function: name } : {}),
    },
    raw,
  );
}

const LLDB_FRAME = /^\s*(?:\*\s+)?frame #(\d{1,4}):\s+(0x[0-9a-fA-F]+\s+)?(\S.*)$/;
/** lldb's marks after a frame's location: an optimized build's `[opt]`, `[inlined]`, `[artificial]`. */
const LLDB_MARKS = /(?:\s+\[(?:opt|inlined|artificial)\])+$/;
/** An Objective-C method, `-[Foo bar:]`, or a block inside one, `__41-[Foo bar:]_block_invoke_2`. */
const OBJC_METHOD = /[-+]\[[^\s\]]+ [^\]]+\](?:_block_invoke(?:_\d+)?)?/;
/** What Swift's demangler puts before the function a thunk, closure or specialization belongs to. */
const SWIFT_WRAPPER =
  /^(?:\(\d+\)\s+)?(?:(?:generic|function) (?:specialization|signature specialization) <.*?> of |partial apply forwarder for |reabstraction thunk helper .*? from |merged |(?:await|suspend) resume partial function for |(?:implicit )?closure #\d+ .*? in |protocol witness for )/;

/** A Swift symbol as lldb prints it, without what wraps the function or describes its type. */
function swiftFunction(symbol: string): string {
  let name = symbol;
  for (let wrapped = SWIFT_WRAPPER.exec(name); wrapped; wrapped = SWIFT_WRAPPER.exec(name))
    name = name.slice(wrapped[0].length);
  // `Swift.Array.subscript.getter : (Swift.Int) -> τ_0_0`, a witness's `… in conformance …`, the
  // effects and kind of `static Foo.run() async throws`, the argument labels of
  // `application(_:didFinishLaunchingWithOptions:)`.
  return name
    .replace(/ in conformance .*$/, '')
    .replace(/ : .*$/, '')
    .replace(/\s+->\s+.*$/, '')
    .replace(/(?:\s+(?:async|throws|rethrows))+$/, '')
    .replace(/^(?:(?:static|class|@objc)\s+)+/, '')
    .replace(/\((?:\w*:)+\)/g, '');
}

/**
 * lldb's `bt` line: `  * frame #0: 0x… a.out`crash(p=0x0) at main.c:3:8`, `frame #2: 0x…
 * dyld`start + 1903`, `[opt]` and `[inlined]` after the location, a Swift symbol with its result
 * type, closure or specialization, an Objective-C method with its argument values. It needs the
 * address or the image's backtick (a Markdown list `* frame #0: the parser` is prose). Format:
 * lldb.llvm.org/use/formatting.html (`frame-format`).
 * @returns the frame and its number, or `null` for another line.
 */
export function parseLldbFrame(line: string): { frame: Frame; number: number } | null {
  const match = LLDB_FRAME.exec(line);
  if (!match?.[3]) return null;
  const body = match[3].trim().replace(LLDB_MARKS, '');
  const tick = body.indexOf('`');
  if (!match[2] && tick <= 0) return null;
  const module = tick > 0 ? body.slice(0, tick) : undefined;
  let symbol = tick > 0 ? body.slice(tick + 1) : body;
  const at = symbol.lastIndexOf(' at ');
  const source = at > 0 ? SOURCE.exec(symbol.slice(at + 4).trim()) : null;
  if (source) symbol = symbol.slice(0, at);
  const inlined = symbol.lastIndexOf('[inlined] ');
  if (inlined >= 0) symbol = symbol.slice(inlined + '[inlined] '.length);
  symbol = symbol.replace(/ \+ \d+$/, '');
  // Prose after a frame (`… at parser.c:13 - it's fine there`) is no location, and no name.
  if (!source && symbol.includes(' at ')) return null;
  const method = OBJC_METHOD.exec(symbol)?.[0];
  // A trap the compiler inserted: `Swift runtime failure: Index out of range`.
  const name = symbol.startsWith('Swift runtime failure:')
    ? 'Swift runtime failure'
    : (method ?? functionName(swiftFunction(symbol)));
  if (!module && !source?.[1] && !name) return null;
  // `<compiler-generated>:0` is Swift's thunk, no file.
  const file =
    source?.[1] && !source[1].startsWith('<')
      ? (normalizeFramePath(source[1]) ?? source[1])
      : undefined;
  const frame = makeFrame(
    {
      ...(file ? { file, line: Number(source?.[2]) } : {}),
      ...(source?.[3] ? { column: Number(source[3]) } : {}),
      ...(name ? { function: name } : {}),
      ...(module ? { module } : {}),
    },
    line,
  );
  return { frame, number: Number(match[1]) };
}

/** A `backtrace_symbols` line: `binary(symbol+0x1f)[0x45a527]`. */
export function parseSymbolsLine(line: string): Frame | null {
  const match = SYMBOLS_LINE.exec(line);
  if (!match?.[1]) return null;
  const symbol = (match[2] ?? '').replace(/\+0x[0-9a-fA-F]+$/, '');
  return makeFrame({ module: match[1].trim(), ...(symbol ? { function: symbol } : {}) }, line);
}
