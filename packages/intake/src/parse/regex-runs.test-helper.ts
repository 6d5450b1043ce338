/**
 * Regular-expression runs while `run` runs: every `test`, `exec`, `match`, `replace` and `split`
 * with a regular expression goes through `RegExp.prototype.exec` (ECMA-262 RegExpExec), counted
 * here. A work count, not a time: the same on any machine, so a test can say a scan is linear
 * without timing it. Shared by intake's bad-input and Rust backtrace tests.
 *
 * @param run - The work to count; called once, synchronously.
 * @returns How many times a regular expression ran while `run` ran.
 */
export function regexRuns(run: () => unknown): number {
  const exec = RegExp.prototype.exec;
  let runs = 0;
  RegExp.prototype.exec = function (this: RegExp, text: string) {
    runs += 1;
    return exec.call(this, text);
  };
  try {
    run();
  } finally {
    RegExp.prototype.exec = exec;
  }
  return runs;
}
