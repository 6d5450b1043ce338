/** What to call on a running service, for the people who start it. */

/**
 * The shell expression of the API token for printed curl lines: `$SIGHTLINE_API_TOKEN` when the
 * token came from that variable (no file is written then), else `$(cat <tokenFile>)`, the path
 * single-quoted when the shell would split or expand it (a space, `$`, a quote…).
 * @param tokenFile where a made or kept token lives.
 * @param env the service's environment.
 */
export function tokenInShell(
  tokenFile: string,
  env: Readonly<Record<string, string | undefined>>,
): string {
  return env.SIGHTLINE_API_TOKEN ? '$SIGHTLINE_API_TOKEN' : `$(cat ${shellWord(tokenFile)})`;
}

/** `text` as one POSIX shell word: as it is when plain, else in single quotes. */
function shellWord(text: string): string {
  return /^[\w./-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

/** The calls to try on a service at `url`, as curl lines with `token` (see {@link tokenInShell}). */
export function describeCalls(url: string, token: string): string {
  const auth = `-H "Authorization: Bearer ${token}"`;
  return [
    `Serving at ${url}. Try:`,
    `  curl -s ${auth} ${url}/api/groups`,
    `  curl -s ${auth} ${url}/api/groups/<id>          # reports, classification, diagnoses`,
    // A placeholder, like <id>: the demo has no crash.txt to post (fresh-user trial 24).
    `  curl -s ${auth} -H "Content-Type: text/plain" --data-binary @<report-file> ${url}/api/reports   # a crash log or an issue's text`,
    `  curl -sN ${auth} ${url}/api/events               # live updates`,
    `  curl -s ${url}/api/openapi.json`,
  ].join('\n');
}
