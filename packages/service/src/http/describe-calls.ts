/** What to call on a running service, for the people who start it. */

/** The calls to try on a service at `url`, as curl lines reading the token from `tokenFile`. */
export function describeCalls(url: string, tokenFile: string): string {
  const auth = `-H "Authorization: Bearer $(cat ${tokenFile})"`;
  return [
    `Serving at ${url}. Try:`,
    `  curl -s ${auth} ${url}/api/groups`,
    `  curl -s ${auth} ${url}/api/groups/<id>          # reports, classification, diagnoses`,
    `  curl -s ${auth} -H "Content-Type: text/plain" --data-binary @crash.txt ${url}/api/reports`,
    `  curl -sN ${auth} ${url}/api/events               # live updates`,
    `  curl -s ${url}/api/openapi.json`,
  ].join('\n');
}
