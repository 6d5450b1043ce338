/**
 * Exit codes of the `sightline` command (shared/CONVENTIONS.md): 0 success, 1 unexpected failure,
 * 2 bad input or usage, 3 the model could not produce a valid result, 4 a diagnosis was produced
 * but evidence does not back it (shown as unverified, with the reasons; an offline diagnosis that
 * could tie nothing to the report too), 5 the investigation stopped at its cost cap
 * (`--max-cost`; the partial report kept), 6 the model server could not be reached or failed
 * (connection refused, host not found, HTTP 5xx or 429, no answer in time), 7 a model investigated,
 * found no cause and said so (what it checked is printed). A one-shot
 * command stopped by SIGINT or SIGTERM ends as Node does by default, 130 or 143 (128 + signal).
 *
 * Only constants here, no imports: `main.ts` needs them before any command module is loaded.
 */
/** The command did what was asked. */
export const EXIT_OK = 0;
/** An unexpected failure (a bug, or a tool that failed): report it with the printed stack. */
export const EXIT_FAILURE = 1;
/** Bad input or usage: a wrong flag, a missing file, an unknown model, a missing or refused API key. */
export const EXIT_USAGE = 2;
/** The model could not produce a valid result (`MODEL_OUTPUT_INVALID`, `MODEL_CALL_FAILED`). */
export const EXIT_MODEL = 3;

/**
 * A diagnosis was printed, free of invented paths and quotes, but not verified: no `cause` entry
 * has a matching quote inside its range and its symbol there (as in an offline diagnosis that
 * could tie nothing in the repository to the report), or the model made no tool call.
 */
export const EXIT_UNVERIFIED = 4;

/** The investigation stopped at its cost cap (`--max-cost`); its partial report was kept. */
export const EXIT_COST_LIMIT = 5;

/**
 * The model server could not be reached (connection refused, unknown host), answered HTTP 5xx,
 * kept limiting the rate (HTTP 429 after the retries) or did not answer within the step timeout:
 * nothing is wrong with the report or the repository; start or fix the server and run again.
 */
export const EXIT_MODEL_UNAVAILABLE = 6;

/**
 * A model's investigation established no cause and said so (a "not found" diagnosis, printed with
 * the places it checked and what would settle it): an honest outcome, not an unsupported
 * diagnosis. The offline localizer writes none: when it ties nothing to the report, exit 4.
 */
export const EXIT_NOT_FOUND = 7;

/**
 * Every exit code of the `sightline` command with its meaning in one line, in the order
 * `sightline --help` lists them: the constants above, then the stop signals' codes, which Node
 * gives a one-shot command by default.
 */
export const EXIT_CODE_MEANINGS: readonly { codes: readonly number[]; meaning: string }[] = [
  { codes: [EXIT_OK], meaning: 'success (for investigate: a verified diagnosis)' },
  {
    codes: [EXIT_FAILURE],
    meaning: 'unexpected failure (a bug: please report it with the output)',
  },
  {
    codes: [EXIT_USAGE],
    meaning: 'bad input or usage, a missing or refused API key, or the output could not be written',
  },
  { codes: [EXIT_MODEL], meaning: 'the model could not produce a valid result' },
  {
    codes: [EXIT_UNVERIFIED],
    meaning:
      'a diagnosis was printed but evidence does not back it (marked unverified), among them an offline one that could tie nothing in the repository to the report',
  },
  {
    codes: [EXIT_COST_LIMIT],
    meaning: 'the investigation stopped at its --max-cost cap (the partial report kept)',
  },
  {
    codes: [EXIT_MODEL_UNAVAILABLE],
    meaning:
      'the model server could not be reached or failed (connection refused, HTTP 5xx, rate limited with HTTP 429, no answer within --timeout)',
  },
  {
    codes: [EXIT_NOT_FOUND],
    meaning: 'a model found no cause and said so (what it checked is printed; offline it is 4)',
  },
  {
    codes: [130, 143],
    meaning: 'stopped by Ctrl-C (SIGINT) or SIGTERM before finishing (serve, worker, mcp: 0)',
  },
];
