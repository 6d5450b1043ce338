/** The text after the command list of `sightline --help`: examples, exit codes, where to read on. */

/** Examples and exit codes shown by `sightline --help`. */
export const TOP_LEVEL_HELP = `
Examples:
  $ sightline investigate --repo . --report crash.log
  $ sightline investigate --repo ~/src/app --report issue.md --model anthropic:claude-sonnet-4-5
  $ cat sentry-event.json | sightline investigate --repo . --report - --format json
  $ sightline triage reviews.jsonl --format json
  $ sightline map --repo . --map-tokens 2048
  $ sightline mcp --repo .

Without --model (or $SIGHTLINE_MODEL) everything runs offline: no API key, no network.
Run "sightline <command> --help" for a command's options and examples.

Exit codes:
  0  success
  1  unexpected failure (a bug: please report it with the output)
  2  bad input or usage, a missing or refused API key, or the output could not be written
  3  the model could not produce a valid result
  4  a diagnosis was printed but evidence does not back it (marked unverified)
  5  the investigation stopped at its --max-cost cap (the partial report kept)
  6  the model server could not be reached or failed (connection refused, HTTP 5xx, no answer
     within --timeout)
  130, 143  stopped by Ctrl-C (SIGINT) or SIGTERM before finishing (serve, worker, mcp: 0)
`;
