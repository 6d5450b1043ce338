/**
 * Asks for the API token when the tab has none (or the service refused it): where to find it, and
 * a field to paste it into. The token stays in this tab's sessionStorage.
 */
import { type FormEvent, useState } from 'react';
import { saveToken } from './api/token.js';

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
        or paste the API token: it is in the data folder, file <code>api-token</code> (
        <code>cat .sightline/serve/api-token</code> in the repository).
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
