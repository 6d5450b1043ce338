/**
 * Rotating the API token from the console: after a confirmation, the service makes a new token
 * and refuses the old one at once. This tab keeps working with the new one; it is shown once,
 * with the console link, for other tabs, `sightline ingest` and scripts.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client.js';
import { saveToken } from '../api/token.js';
import { useOneAtATime } from '../ui/use-one-at-a-time.js';

/** The panel's body. */
export function ApiTokenPanel() {
  const [confirming, setConfirming] = useState(false);
  const rotate = useMutation({
    mutationFn: api.rotateToken,
    onSuccess: ({ token }) => {
      saveToken(token);
      setConfirming(false);
    },
  });
  const rotateOnce = useOneAtATime(rotate);
  const token = rotate.data?.token;
  return (
    <div className="api-token">
      <p>
        The console, <code>sightline ingest --url</code> and scripts send the API token. If it
        leaked, rotate it: the old token is refused at once.
      </p>
      {confirming ? (
        <p>
          Other tabs and scripts using the current token will be refused.{' '}
          <button type="button" onClick={() => rotateOnce()} disabled={rotate.isPending}>
            Rotate now
          </button>{' '}
          <button type="button" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </p>
      ) : (
        <button type="button" onClick={() => setConfirming(true)}>
          Rotate token…
        </button>
      )}
      {token ? (
        <div className="new-token" role="status">
          <p>New token (shown once; this tab uses it already):</p>
          <label className="filter">
            <span>New API token</span>
            <input
              className="token-field"
              readOnly
              value={token}
              onFocus={(event) => event.currentTarget.select()}
            />
          </label>
          <p>
            Console link:{' '}
            <code>{`${window.location.origin}/#token=${encodeURIComponent(token)}`}</code>
          </p>
        </div>
      ) : null}
      {rotate.error ? (
        <p className="state error" role="alert">
          {rotate.error.message}
        </p>
      ) : null}
    </div>
  );
}
