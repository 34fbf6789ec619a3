// The fake pawaPay's callback signatures: an ECDSA P-256 key of its own and the RFC 9421 headers
// of a signed callback. It signs with its own code (not the site's) so that the site's verifier is
// checked against an independent signer.
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

export interface Signer {
  keyId: string;
  privateKey: KeyObject;
  /** What `/v2/public-key/http` serves. */
  publicPem: string;
}

export type SignatureEncoding = 'der' | 'ieee-p1363';

const COVERED = '"@method" "@authority" "@path" "signature-date" "content-digest" "content-type"';

export function newSigner(keyId: string): Signer {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    keyId,
    privateKey,
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** The headers of a callback POSTed to `url` with `body`, signed at `now` (ms since the epoch). */
export function signedHeaders(
  signer: Signer,
  url: URL,
  body: Buffer,
  now: number,
  encoding: SignatureEncoding,
): Record<string, string> {
  const created = Math.floor(now / 1000);
  const contentType = 'application/json; charset=UTF-8';
  const digest = `sha-512=:${createHash('sha512').update(body).digest('base64')}:`;
  const signatureDate = new Date(now).toISOString();
  const params = `(${COVERED});alg="ecdsa-p256-sha256";keyid="${signer.keyId}";created=${created};expires=${created + 60}`;
  const base = [
    `"@method": POST`,
    `"@authority": ${url.host}`,
    `"@path": ${url.pathname}`,
    `"signature-date": ${signatureDate}`,
    `"content-digest": ${digest}`,
    `"content-type": ${contentType}`,
    `"@signature-params": ${params}`,
  ].join('\n');
  const signature = sign('sha256', Buffer.from(base), {
    key: signer.privateKey,
    dsaEncoding: encoding,
  });
  return {
    'Content-Type': contentType,
    'Content-Digest': digest,
    'Signature-Date': signatureDate,
    'Signature-Input': `sig-pp=${params}`,
    Signature: `sig-pp=:${signature.toString('base64')}:`,
  };
}
