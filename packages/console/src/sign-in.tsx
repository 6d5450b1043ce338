/**
 * Asks for the API token when the tab has none (or the service refused it): where to find it, and
 * a field to paste it into. The token stays in this tab's sessionStorage. Where it is comes from
 * the page the service served (`<meta name="sightline-token-file">`, or
 * `sightline-token-variable` for a token from the environment): its data folder is its own.
 */
import { type FormEvent, useState } from 'react';
import { saveToken } from './api/token.js';

/** The content of the page's `<meta name="…">`, or undefined. */
const metaContent = (name: string): string | undefined =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;

/** A path as one shell word: quoted when it holds anything but plain path characters. */
const shellWord = (value: string): string =>
  /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;

/** Where the token is, in words, as the service said. */
function TokenWhere() {
  const file = metaContent('sightline-token-file');
  const variable = metaContent('sightline-token-variable');
  if (variable) {
    return (
      <>
        it is the service's environment variable <code>{variable}</code>.
      </>
    );
  }
  if (file) {
    return (
      <>
        it is in the file <code>{file}</code> (<code>cat {shellWord(file)}</code>).
      </>
    );
  }
  return (
    <>
      it is in the service's data folder, file <code>api-token</code> (by default{' '}
      <code>cat .sightline/serve/api-token</code> in the repository).
    </>
  );
}

/** The sign-in page; `onSignedIn` after a token was saved. */
export function SignIn({ refused, onSignedIn }: { refused: boolean; onSignedIn: () => void }) {
  const [token, setToken] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!token.trim()) return;
    saveToken(token);
    onSignedIn();
  };
  return (
    <main className="page sign-in">
      <h1>Sightline console</h1>
      {refused ? (
        <p className="state error" role="alert">
          The service refused the token. Paste the current one.
        </p>
      ) : null}
      <p>
        Open the console from the link <code>sightline serve</code> prints (it carries the token),
        or paste the API token: <TokenWhere />
      </p>
      <form onSubmit={submit}>
        <label className="filter">
          <span>API token</span>
          <input
            type="password"
            autoComplete="off"
            value={token}
            onChange={(event) => setToken(event.target.value)}
          />
        </label>
        <button type="submit">Open the console</button>
      </form>
    </main>
  );
}
