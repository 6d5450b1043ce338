import { describe, expect, it } from 'vitest';
import { describeTlsFailure } from './tls-failure.js';

/** A failure as Node's fetch throws it: `fetch failed`, the socket's error as its cause. */
function fetchFailure(code: string, message: string): Error {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) });
}

describe('describeTlsFailure', () => {
  it('says a certificate Node does not trust is the reason, and how to add its authority', () => {
    const message = describeTlsFailure(
      'openai-compatible:m',
      'https://llm.internal:8443',
      fetchFailure('SELF_SIGNED_CERT_IN_CHAIN', 'self-signed certificate in certificate chain'),
    );
    expect(message).toBe(
      "The model server of openai-compatible:m at https://llm.internal:8443 could not be trusted: its TLS certificate is signed by a certificate authority Node does not know (SELF_SIGNED_CERT_IN_CHAIN). Check the host in --model; for a server or proxy with its own certificate authority, give Node that authority's certificate: NODE_EXTRA_CA_CERTS=/path/to/ca.pem.",
    );
    expect(
      describeTlsFailure(
        'm',
        'https://x',
        fetchFailure('CERT_HAS_EXPIRED', 'certificate has expired'),
      ),
    ).toContain('its TLS certificate has expired (CERT_HAS_EXPIRED)');
    expect(
      describeTlsFailure(
        'm',
        'https://x',
        fetchFailure(
          'ERR_TLS_CERT_ALTNAME_INVALID',
          "Hostname/IP does not match certificate's altnames",
        ),
      ),
    ).toContain('is for another host name');
  });

  it('says nothing of failures that are not TLS ones', () => {
    expect(describeTlsFailure('m', 'https://x', fetchFailure('ECONNREFUSED', 'refused'))).toBe(
      undefined,
    );
    expect(describeTlsFailure('m', 'https://x', new Error('Bad gateway'))).toBe(undefined);
  });
});
