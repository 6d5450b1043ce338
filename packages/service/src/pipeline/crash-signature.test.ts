import { describe, expect, it } from 'vitest';
import { parseReports, type Report } from '../adapters/investigator.js';
import { crashSignature, legacyCrashSignatures } from './crash-signature.js';

const parse = (text: string): Report => {
  const [report] = parseReports(text, {});
  if (!report) throw new Error('unparsed');
  return report;
};

const trace = (lines: [number, number], fn = 'parseConfig', file = 'app.3f9a2c71.js') =>
  `TypeError: Cannot read properties of undefined (reading 'port')
    at ${fn} (/srv/app/src/config/${file}:${lines[0]}:17)
    at loadSettings (/srv/app/src/settings.js:${lines[1]}:5)
    at Object.<anonymous> (/srv/app/src/main.js:3:1)`;

describe('crash fingerprint', () => {
  it('is one for the same crash in two releases (lines and build hashes shifted)', () => {
    const before = crashSignature(parse(trace([12, 40])));
    const after = crashSignature(parse(trace([19, 44], 'parseConfig', 'app.77b0e1d2.js')));
    expect(before).toMatch(/^crash4:/);
    expect(after).toBe(before);
  });

  it('differs for another function or another exception type', () => {
    const base = crashSignature(parse(trace([12, 40])));
    expect(crashSignature(parse(trace([12, 40], 'readPort')))).not.toBe(base);
    expect(crashSignature(parse(trace([12, 40]).replace('TypeError', 'RangeError')))).not.toBe(
      base,
    );
  });

  it('keeps two errors thrown on one path apart when no frame is in-app, ids in messages masked', () => {
    const devtools = (message: string, line: number) => `Error: ${message}
    at chrome-extension://abc/build/main.js:${line}:41
    at Bridge.emit (chrome-extension://abc/build/main.js:${line + 3000}:22)`;
    const add = (id: number, line: number) =>
      crashSignature(
        parse(
          devtools(
            `Cannot add node "${id}" because a node with that id is already in the Store.`,
            line,
          ),
        ),
      );
    const remove = crashSignature(
      parse(
        devtools('Cannot remove node "7" because no matching node was found in the Store.', 28171),
      ),
    );
    expect(add(1, 28171)).toBe(add(792, 30412));
    expect(remove).not.toBe(add(1, 28171));
  });

  it('is one for a bare stack pasted from two browsers under an issue form’s error message', () => {
    // A bug form's error field and the stack without its exception line, as browser extensions
    // file them: Chrome names frames differently from Firefox, and each build moves the lines.
    const form = (message: string, stack: string) => ({
      title: `[DevTools Bug] ${message}`,
      body: `### Repro steps\n\nOpen the page\n\n### Error message (automated)\n\n${message}\n\n### Error call stack (automated)\n\n\`\`\`text\n${stack}\n\`\`\`\n`,
    });
    const chrome = `at chrome-extension://fmk/build/main.js:28171:41
    at Bridge.emit (chrome-extension://fmk/build/main.js:24827:22)
    at listener (chrome-extension://fmk/build/main.js:57406:39)`;
    const firefox = `emit@moz-extension://ce8d/build/main.js:25895:22
bridge_Bridge/this._wallUnlisten<@moz-extension://ce8d/build/main.js:26064:14
listener@moz-extension://ce8d/build/main.js:56299:41`;
    const signature = (message: string, stack: string) => {
      const [report] = parseReports(form(message, stack), { format: 'markdown-issue' });
      if (!report) throw new Error('unparsed');
      return crashSignature(report);
    };
    const add = (id: number) =>
      `Cannot add node "${id}" because a node with that id is already in the Store.`;
    expect(signature(add(1), chrome)).toMatch(/^crash4:/);
    expect(signature(add(1), chrome)).toBe(signature(add(792), firefox));
    expect(signature('Element "12" not found', chrome)).not.toBe(signature(add(1), chrome));
  });

  it('keeps an error code of a message without in-app frames, and skips minified frame names', () => {
    // Found by fresh-user trial 20: React's minified errors #185 and #418 (two bugs) were one
    // group, and one DevTools crash from two builds (first frames `F` and `J`) two groups.
    const react = (code: number, frames: string[]) =>
      crashSignature(
        parse(
          `Error: Minified React error #${code}; visit https://reactjs.org/docs/error-decoder.html?invariant=${code} for the full message.
${frames.map((name, at) => `    at ${name} (https://shop.example/static/js/main.4f2a9c.js:2:${1000 + at * 37})`).join('\n')}`,
        ),
      );
    expect(react(185, ['Sa', 'Kh', 'Fj', 'commitRoot'])).not.toBe(
      react(418, ['Sa', 'Xi', 'Fj', 'commitRoot']),
    );
    expect(react(185, ['Sa', 'Kh', 'commitRoot'])).toBe(react(185, ['Qb', 'Jd', 'commitRoot']));
    const push = (first: string) =>
      crashSignature(
        parse(`TypeError: Cannot read properties of undefined (reading 'push')
    at ${first} (chrome-extension://fmk/build/main.js:2:99)
    at inspectHooksOfFiber (chrome-extension://fmk/build/main.js:3:14)
    at inspectElementRaw (chrome-extension://fmk/build/main.js:4:8)`),
      );
    expect(push('F')).toBe(push('J'));
    // One generic message from two bundles, every frame minified: two crashes (trial 20's re-check).
    const bundle = (file: string, names: [string, string]) =>
      crashSignature(
        parse(`TypeError: Cannot read properties of undefined (reading 'length')
    at ${names[0]} (https://shop.example/assets/${file}:1:200)
    at ${names[1]} (https://shop.example/assets/${file}:1:900)`),
      );
    expect(bundle('editor.4f2a9c.min.js', ['a', 'b'])).not.toBe(
      bundle('checkout.77aa01.min.js', ['t', 'n']),
    );
    expect(bundle('editor.4f2a9c.min.js', ['a', 'b'])).toBe(
      bundle('editor.9e01bb.min.js', ['q', 'z']),
    );
    // Numbers that are no code are still masked (row 12 and row 40 are one error).
    expect(
      crashSignature(parse('Error: bad value in row 12\n    at ab (https://x.example/a.js:1:2)')),
    ).toBe(
      crashSignature(parse('Error: bad value in row 40\n    at ab (https://x.example/a.js:1:2)')),
    );
  });

  it('masks generated ids and addresses in function names', () => {
    const a = crashSignature(parse(trace([1, 2], 'lambda$0x7ffe12ab')));
    const b = crashSignature(parse(trace([1, 2], 'lambda$0x10c4ff00')));
    expect(a).toBe(b);
  });

  it('keeps crashes in functions whose names differ only in digits apart (crash3: merged them)', () => {
    const at = (fn: string) => crashSignature(parse(trace([12, 40], fn)));
    const numbered = Array.from({ length: 300 }, (_, i) => at(`fn${i}`));
    expect(new Set(numbered).size).toBe(300);
    for (const [a, b] of [
      ['parseV2', 'parseV3'],
      ['sha256', 'sha1'],
      ['utf8Decode', 'utf16Decode'],
    ] as const) {
      expect(at(a)).not.toBe(at(b));
    }
    // Without in-app frames the first named function keys the fingerprint, its digits too.
    const library = (fn: string) =>
      crashSignature(
        parse(`Error: digest failed
    at ${fn} (/srv/app/node_modules/hashes/index.js:10:5)
    at Object.digest (/srv/app/node_modules/hashes/index.js:40:3)`),
      );
    expect(library('sha256')).not.toBe(library('sha1'));
    // The earlier version merged them, and still finds the group it made.
    expect(legacyCrashSignatures(parse(trace([12, 40], 'fn0'))).at(0)).toBe(
      legacyCrashSignatures(parse(trace([12, 40], 'fn1'))).at(0),
    );
  });

  it('is one for a crash whose functions carry ordinals and addresses another build changes', () => {
    const go = (closure: string) =>
      crashSignature(
        parse(`panic: runtime error: invalid memory address or nil pointer dereference

goroutine 7 [running]:
main.(*Server).serve.${closure}(0xc000010000)
	/srv/app/server.go:12 +0x1d
created by main.(*Server).Start in goroutine 1
	/srv/app/server.go:30 +0x25`),
      );
    expect(go('func1')).toBe(go('func3'));
    const java = (lambda: string, hidden: string) =>
      crashSignature(
        parse(`java.lang.IllegalStateException: empty cart
	at com.shop.Cart.${lambda}(Cart.java:12)
	at com.shop.Cart$$Lambda$${hidden}.accept(Unknown Source)
	at com.shop.Checkout.run(Checkout.java:30)`),
      );
    expect(java('lambda$checkout$0', '57/0x00000008000a1c40')).toBe(
      java('lambda$checkout$3', '123/0x0000000800c0b000'),
    );
    const evaluated = (position: string, module: number) =>
      crashSignature(
        parse(`TypeError: x is undefined
    at eval (eval at speak (/srv/app/src/speak.js:10:3), <anonymous>:${position})
    at Object.${module} (webpack:///./src/cart.js?${module}:10:5)
    at __webpack_require__ (webpack:///webpack/bootstrap:19:1)`),
      );
    expect(evaluated('1:2', 635)).toBe(evaluated('3:9', 88));
    // Minified names with digits are a build's too (`a1`, `b7`): they key nothing.
    const minified = (name: string) =>
      crashSignature(
        parse(`TypeError: x is undefined
    at ${name} (https://shop.example/assets/cart.4f2a9c.min.js:1:200)
    at commitRoot (https://shop.example/assets/cart.4f2a9c.min.js:1:900)`),
      );
    expect(minified('a1')).toBe(minified('b7'));
  });

  it('is one for a crash printed by two V8 versions (receiver, alias, async; lines shifted)', () => {
    const node16 = `TypeError: Cannot read properties of undefined (reading 'id')
    at Function.wrap [as post] (/srv/app/src/http.js:10:5)
    at async Object.handle (/srv/app/src/routes.js:40:12)
    at new Server (/srv/app/src/server.js:8:3)`;
    const node22 = `TypeError: Cannot read properties of undefined (reading 'id')
    at wrap (/srv/app/src/http.js:12:3)
    at async handle (/srv/app/src/routes.js:44:12)
    at Server (/srv/app/src/server.js:9:3)`;
    expect(crashSignature(parse(node22))).toBe(crashSignature(parse(node16)));
    // The legacy rule split them: this is what version 2 changes.
    expect(legacyCrashSignatures(parse(node22)).at(-1)).not.toBe(
      legacyCrashSignatures(parse(node16)).at(-1),
    );
  });

  it('keeps two crashes on one receiver apart', () => {
    const on = (method: string) => `TypeError: x is undefined
    at Object.${method} (/srv/app/src/cart.js:10:5)
    at Object.checkout (/srv/app/src/routes.js:40:12)`;
    expect(crashSignature(parse(on('total')))).not.toBe(crashSignature(parse(on('discount'))));
  });

  it('is one for a Python crash in a comprehension before and after Python 3.12 inlined it', () => {
    const frame = (fn: string, line: number) =>
      `  File "/srv/app/cart.py", line ${line}, in ${fn}\n    x()\n`;
    const traceback = (frames: string) =>
      `Traceback (most recent call last):\n${frames}ZeroDivisionError: division by zero`;
    const py311 = traceback(frame('checkout', 3) + frame('total', 8) + frame('<listcomp>', 8));
    const py312 = traceback(frame('checkout', 3) + frame('total', 8));
    expect(crashSignature(parse(py312))).toBe(crashSignature(parse(py311)));
    expect(crashSignature(parse(py312))).not.toBe(
      crashSignature(parse(traceback(frame('checkout', 3) + frame('subtotal', 8)))),
    );
  });

  it('is one for a Kotlin crash compiled to two lambda names', () => {
    const kotlin = (fn: string) => `java.lang.IllegalStateException: empty cart
	at com.shop.Cart.${fn}(Cart.kt:12)
	at com.shop.Checkout.run(Checkout.kt:30)`;
    expect(crashSignature(parse(kotlin('total$lambda-1')))).toBe(
      crashSignature(parse(kotlin('total$lambda$0'))),
    );
    expect(crashSignature(parse(kotlin('total$lambda-1')))).not.toBe(
      crashSignature(parse(kotlin('discount$lambda-1'))),
    );
  });
});
