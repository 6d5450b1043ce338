/**
 * Failure class 8 of issue #33: an offline diagnosis never fails its own verification. Real
 * tree-sitter indexes of code shaped like the reports that failed: a frame on a line of a Kotlin
 * companion object outside any of its functions, and a frame deep in a long function.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { indexRepository } from '@sightline/codebase';
import { parseReport } from '@sightline/intake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyDiagnosis } from '../diagnosis/verify-diagnosis.js';
import { diagnoseOffline } from './offline-diagnosis.js';

/** Accessors enough to make the class longer than a range may be (120 lines). */
const ACCESSORS = Array.from(
  { length: 130 },
  (_, at) => `    fun option${at}(): String? = values["option${at}"]`,
).join('\n');
const CONFIG_KT = `package com.example.settings

class Config(val values: Map<String, String>) {
    fun timeout(): Int = values["timeout"]?.toInt() ?: 30
${ACCESSORS}

    companion object {
        private val defaults = mapOf("timeout" to "30")

        val shared: Config = Config(
            loadOverrides()
                .plus(defaults)
        )

        fun loadOverrides(): Map<String, String> = System.getenv()
            .filterKeys { it.startsWith("APP_") }
    }
}
`;

const LONG_STEPS = Array.from({ length: 200 }, (_, at) => `    state = advance(state, ${at})`).join(
  '\n',
);
const RUNNER_KT = `package com.example.settings

fun advance(state: Int, step: Int): Int = state + step

fun run(config: Config): Int {
    var state = 0
${LONG_STEPS}
    val limit = config.timeout() / state
    return limit
}
`;

describe('offline diagnoses verify on ranges inside objects and long functions', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sightline-class8-'));
    const folder = path.join(root, 'src/main/kotlin/com/example/settings');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'Config.kt'), CONFIG_KT);
    await writeFile(path.join(folder, 'Runner.kt'), RUNNER_KT);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('prints a companion object line with its enclosing symbol, and the diagnosis verifies', async () => {
    const index = await indexRepository(root, { cacheDir: false });
    const report = parseReport(
      [
        'Exception in thread "main" java.lang.ExceptionInInitializerError',
        '\tat com.example.settings.Config$Companion.<clinit>(Config.kt:140)',
      ].join('\n'),
    );
    const diagnosis = await diagnoseOffline(report, index);
    const [cause] = diagnosis.affectedFiles;
    expect(cause?.path).toBe('src/main/kotlin/com/example/settings/Config.kt');
    expect(cause?.symbol).toMatch(/Config|Companion/);
    const verification = await verifyDiagnosis(diagnosis, root, { index });
    expect(verification.errors).toEqual([]);
    expect(verification.ok && verification.diagnosis?.verification?.verified).toBe(true);
  });

  it('gives the block of a long function around the frame line, and the diagnosis verifies', async () => {
    const index = await indexRepository(root, { cacheDir: false });
    const report = parseReport(
      [
        'Exception in thread "main" java.lang.ArithmeticException: / by zero',
        '\tat com.example.settings.RunnerKt.run(Runner.kt:207)',
      ].join('\n'),
    );
    const diagnosis = await diagnoseOffline(report, index);
    const [cause] = diagnosis.affectedFiles;
    expect(cause).toMatchObject({
      path: 'src/main/kotlin/com/example/settings/Runner.kt',
      symbol: 'run',
    });
    const [start = 0, end = 0] = cause?.lines ?? [];
    expect(start).toBeLessThanOrEqual(207);
    expect(end).toBeGreaterThanOrEqual(207);
    expect(end - start).toBeLessThan(50);
    const verification = await verifyDiagnosis(diagnosis, root, { index });
    expect(verification.errors).toEqual([]);
    expect(verification.ok && verification.diagnosis?.verification?.verified).toBe(true);
  });
});

describe('offline diagnoses quote code, not a lone brace', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sightline-brace-'));
    await mkdir(path.join(root, 'src'));
    await writeFile(
      path.join(root, 'src/calc.js'),
      [
        'export function total(items) {',
        '  let sum = 0;',
        '  for (const item of items) {',
        '    sum += item.price;',
        '  }',
        '  return sum;',
        '}',
        '',
      ].join('\n'),
    );
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('quotes a line of the range that holds code when the frame points at `}`, and verifies', async () => {
    // Found by a fresh-user trial: the frame's line `}` was quoted and counted as verified evidence.
    const index = await indexRepository(root, { cacheDir: false });
    const report = parseReport(
      [
        "TypeError: Cannot read properties of undefined (reading 'price')",
        '    at total (src/calc.js:5:3)',
      ].join('\n'),
    );
    const diagnosis = await diagnoseOffline(report, index);
    expect(diagnosis.affectedFiles[0]).toMatchObject({
      path: 'src/calc.js',
      role: 'cause',
      evidence: [{ path: 'src/calc.js', line: 1, quote: 'export function total(items) {' }],
    });
    const verification = await verifyDiagnosis(diagnosis, root, { index });
    expect(verification.ok && verification.diagnosis?.verification?.verified).toBe(true);
  });
});

describe('offline diagnoses of a frame printed without a function', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sightline-rust-panic-'));
    await mkdir(path.join(root, 'src'));
    await writeFile(path.join(root, 'Cargo.toml'), '[package]\nname = "demo"\nversion = "0.1.0"\n');
    await writeFile(
      path.join(root, 'src/main.rs'),
      [
        'fn main() {',
        '    let v = vec![1, 2, 3];',
        '    let i = lookup_index();',
        '    v[i];',
        '}',
        '',
        'fn lookup_index() -> usize {',
        '    99',
        '}',
        '',
      ].join('\n'),
    );
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('names the function holding the line, quotes the short statement there, and verifies', async () => {
    // Fresh-user trial 44: "raised at (src/main.rs:4)", and `fn main() {` quoted for `v[i];`.
    const index = await indexRepository(root, { cacheDir: false });
    const report = parseReport(
      "thread 'main' panicked at 'index out of bounds: the len is 3 but the index is 99', src/main.rs:4:5\n",
    );
    const diagnosis = await diagnoseOffline(report, index);
    expect(diagnosis.rootCause.summary).toContain('raised in `main` at src/main.rs:4');
    expect(diagnosis.affectedFiles[0]?.evidence).toEqual([
      { path: 'src/main.rs', line: 4, quote: 'v[i];' },
    ]);
    const verification = await verifyDiagnosis(diagnosis, root, { index });
    expect(verification.ok && verification.diagnosis?.verification?.verified).toBe(true);
  });
});
