/**
 * What to say when a model server's TLS handshake failed: the OpenSSL text Node's fetch gives
 * (`ssl3_get_record:wrong version number`, `self-signed certificate`) tells a user nothing about
 * the URL they wrote. Both are configuration mistakes, not a broken server: an `https://` URL for a
 * server that speaks plain HTTP (a local Ollama or vLLM), or a certificate Node does not trust (a
 * company proxy's or the server's own), which `NODE_EXTRA_CA_CERTS` fixes (Node's documented way to
 * add certificate authorities: https://nodejs.org/api/cli.html#node_extra_ca_certsfile).
 */
import { errorCodes } from './cause-chain.js';

/** OpenSSL's code for a TLS record that is not TLS: the server answered in plain HTTP. */
const PLAIN_HTTP = 'ERR_SSL_WRONG_VERSION_NUMBER';

/**
 * Node's codes for a certificate that does not verify (crypto's X.509 verification errors and
 * the host-name check), by what they mean.
 */
const UNTRUSTED: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'is signed by a certificate authority Node does not know',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'is signed by a certificate authority Node does not know',
  UNABLE_TO_GET_ISSUER_CERT: 'is signed by a certificate authority Node does not know',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'cannot be verified (its chain is incomplete)',
  CERT_HAS_EXPIRED: 'has expired',
  CERT_NOT_YET_VALID: 'is not valid yet (check the clock)',
  ERR_TLS_CERT_ALTNAME_INVALID: 'is for another host name',
};

/**
 * Describes a TLS failure of a model call, with what to change.
 * @param modelName - the model, as messages name it.
 * @param url - the server's origin as the message shows it.
 * @param error - the failed attempt (its cause chain is read for Node's error code).
 * @returns the message, or `undefined` when the failure is not a TLS one.
 */
export function describeTlsFailure(
  modelName: string,
  url: string,
  error: unknown,
): string | undefined {
  const codes = errorCodes(error);
  if (codes.includes(PLAIN_HTTP)) {
    const plain = url.replace(/^https:/i, 'http:');
    return `The model server of ${modelName} at ${url} answered in plain HTTP, not HTTPS (${PLAIN_HTTP}): the URL in --model should probably start with http:// (${plain}).`;
  }
  const code = codes.find((candidate) => candidate in UNTRUSTED);
  if (!code) return undefined;
  return `The model server of ${modelName} at ${url} could not be trusted: its TLS certificate ${UNTRUSTED[code]} (${code}). Check the host in --model; for a server or proxy with its own certificate authority, give Node that authority's certificate: NODE_EXTRA_CA_CERTS=/path/to/ca.pem.`;
}
