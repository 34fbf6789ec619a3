// HTTP Message Signatures (RFC 9421) for requests, as pawaPay signs its callbacks: a Content-Digest
// (RFC 9530) of the raw body, a Signature-Date header, and one signature over
// "@method" "@authority" "@path" "signature-date" "content-digest" "content-type".
import {
  createHmac,
  sign as cryptoSign,
  timingSafeEqual,
  verify as cryptoVerify,
  type KeyObject,
} from 'node:crypto';
import { checkContentDigest, contentDigest, type DigestAlgorithm } from './content-digest';
import {
  parseDictionary,
  serializeInnerList,
  StructuredFieldError,
  type Dictionary,
  type InnerList,
  type Parameters,
} from './structured-fields';

export type SignatureAlgorithm = 'ecdsa-p256-sha256' | 'hmac-sha256';

export type SigningKey =
  | { id: string; algorithm: 'ecdsa-p256-sha256'; privateKey: KeyObject }
  | { id: string; algorithm: 'hmac-sha256'; secret: Uint8Array };

export type VerificationKey =
  | { id: string; algorithm: 'ecdsa-p256-sha256'; publicKey: KeyObject }
  | { id: string; algorithm: 'hmac-sha256'; secret: Uint8Array };

/** Finds the key whose id is exactly `keyId`, or undefined. */
export type KeyLookup = (keyId: string) => Promise<VerificationKey | undefined>;

export interface SignableRequest {
  method: string;
  authority: string;
  path: string;
  headers: Record<string, string | undefined>;
  body: Uint8Array;
}

/** What pawaPay covers in its callback signatures; the verifier requires every one of them. */
export const PAWAPAY_COVERED_COMPONENTS = [
  '@method',
  '@authority',
  '@path',
  'signature-date',
  'content-digest',
  'content-type',
] as const;

export const MAX_SIGNATURE_AGE_MS = 5 * 60_000;
export const MAX_SIGNATURE_FUTURE_SKEW_MS = 60_000;

export class SignatureComponentError extends Error {}

function headerValue(headers: SignableRequest['headers'], name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted && value !== undefined) return value.trim();
  }
  return undefined;
}

function componentValue(request: SignableRequest, component: string): string {
  switch (component) {
    case '@method':
      return request.method;
    case '@authority':
      return request.authority.toLowerCase();
    case '@path': {
      const path = request.path.split('?')[0] ?? '';
      return path === '' ? '/' : path;
    }
    default: {
      if (component.startsWith('@')) {
        throw new SignatureComponentError(`component ${component} is not supported`);
      }
      const value = headerValue(request.headers, component);
      if (value === undefined) {
        throw new SignatureComponentError(`covered header ${component} is missing`);
      }
      return value;
    }
  }
}

/** The signature base of RFC 9421 §2.5 for the covered components and the serialized parameters. */
export function signatureBase(
  request: SignableRequest,
  components: readonly string[],
  serializedParams: string,
): string {
  const lines = components.map((c) => `"${c}": ${componentValue(request, c)}`);
  lines.push(`"@signature-params": ${serializedParams}`);
  return lines.join('\n');
}

/** ECDSA signatures are r‖s (IEEE P1363, 64 bytes), as RFC 9421 §3.3.4 requires. */
export function createSignature(key: SigningKey, base: string): Uint8Array {
  if (key.algorithm === 'hmac-sha256') {
    return new Uint8Array(createHmac('sha256', key.secret).update(base).digest());
  }
  return new Uint8Array(
    cryptoSign('sha256', Buffer.from(base), { key: key.privateKey, dsaEncoding: 'ieee-p1363' }),
  );
}

/**
 * ECDSA: a 64-byte signature is read as r‖s (RFC 9421); anything else as DER, the encoding that
 * pawaPay's own signing samples produce.
 */
export function checkSignature(key: VerificationKey, base: string, signature: Uint8Array): boolean {
  if (key.algorithm === 'hmac-sha256') {
    const expected = createHmac('sha256', key.secret).update(base).digest();
    return signature.length === expected.length && timingSafeEqual(signature, expected);
  }
  try {
    return cryptoVerify(
      'sha256',
      Buffer.from(base),
      { key: key.publicKey, dsaEncoding: signature.length === 64 ? 'ieee-p1363' : 'der' },
      signature,
    );
  } catch {
    return false;
  }
}

export interface SignOptions {
  key: SigningKey;
  /** Milliseconds since the epoch. */
  now: number;
  label?: string;
  components?: readonly string[];
  digestAlgorithms?: readonly DigestAlgorithm[];
  expiresInSeconds?: number;
}

export interface SignatureHeaders {
  'Content-Digest': string;
  'Signature-Date': string;
  'Signature-Input': string;
  Signature: string;
}

/** The headers to add to `request` (whose headers must already hold what else is covered). */
export function signRequest(request: SignableRequest, options: SignOptions): SignatureHeaders {
  const label = options.label ?? 'sig-pp';
  const components = options.components ?? PAWAPAY_COVERED_COMPONENTS;
  const created = Math.floor(options.now / 1000);
  const added = {
    'Content-Digest': contentDigest(request.body, options.digestAlgorithms),
    'Signature-Date': new Date(options.now).toISOString(),
  };
  const signed = { ...request, headers: { ...request.headers, ...added } };
  const params: Parameters = new Map<string, string | number>([
    ['alg', options.key.algorithm],
    ['keyid', options.key.id],
    ['created', created],
    ['expires', created + (options.expiresInSeconds ?? 60)],
  ]);
  const serialized = serializeInnerList({
    items: components.map((value) => ({ value, params: new Map() })),
    params,
  });
  const signature = createSignature(options.key, signatureBase(signed, components, serialized));
  return {
    ...added,
    'Signature-Input': `${label}=${serialized}`,
    Signature: `${label}=:${Buffer.from(signature).toString('base64')}:`,
  };
}

export interface VerifyOptions {
  keys: KeyLookup;
  /** Milliseconds since the epoch. */
  now: number;
  requiredComponents?: readonly string[];
  maxAgeMs?: number;
  maxFutureSkewMs?: number;
}

export type SignatureVerification =
  { ok: true; keyId: string; label: string } | { ok: false; reason: string };

function refuse(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}

function parseHeader(value: string, name: string): Dictionary | string {
  try {
    return parseDictionary(value);
  } catch (error) {
    if (error instanceof StructuredFieldError) return `${name} is malformed: ${error.message}`;
    throw error;
  }
}

function timeProblem(at: number, now: number, what: string, options: VerifyOptions): string | null {
  if (!Number.isFinite(at)) return `${what} is not a time`;
  if (now - at > (options.maxAgeMs ?? MAX_SIGNATURE_AGE_MS)) return `${what} is too old`;
  if (at - now > (options.maxFutureSkewMs ?? MAX_SIGNATURE_FUTURE_SKEW_MS)) {
    return `${what} is in the future`;
  }
  return null;
}

function coveredComponents(input: InnerList): string[] | string {
  const components: string[] = [];
  for (const item of input.items) {
    if (typeof item.value !== 'string') return 'covered components must be strings';
    if (item.params.size > 0) return `component parameters are not supported (${item.value})`;
    if (components.includes(item.value)) return `component ${item.value} is covered twice`;
    components.push(item.value);
  }
  return components;
}

/**
 * Checks, in this order: both headers present and well formed; the covered components include every
 * required one; `created`, `expires` and Signature-Date are fresh; the Content-Digest matches the
 * raw body; the key is found by its exact id and is of the declared algorithm; the signature holds.
 */
export async function verifyRequest(
  request: SignableRequest,
  options: VerifyOptions,
): Promise<SignatureVerification> {
  const inputHeader = headerValue(request.headers, 'signature-input');
  const signatureHeader = headerValue(request.headers, 'signature');
  if (!inputHeader || !signatureHeader)
    return refuse('unsigned: Signature-Input or Signature missing');

  const inputs = parseHeader(inputHeader, 'Signature-Input');
  if (typeof inputs === 'string') return refuse(inputs);
  const signatures = parseHeader(signatureHeader, 'Signature');
  if (typeof signatures === 'string') return refuse(signatures);

  const first = inputs.entries().next();
  if (first.done) return refuse('Signature-Input holds no signature');
  const [label, input] = first.value;
  if (input.kind !== 'inner-list') return refuse(`Signature-Input ${label} is not an inner list`);
  const signatureMember = signatures.get(label);
  if (signatureMember?.kind !== 'item' || !(signatureMember.value instanceof Uint8Array)) {
    return refuse(`Signature has no byte sequence labelled ${label}`);
  }

  const components = coveredComponents(input);
  if (typeof components === 'string') return refuse(components);
  for (const required of options.requiredComponents ?? PAWAPAY_COVERED_COMPONENTS) {
    if (!components.includes(required)) return refuse(`signature does not cover ${required}`);
  }

  const keyId = input.params.get('keyid');
  const alg = input.params.get('alg');
  const created = input.params.get('created');
  const expires = input.params.get('expires');
  if (typeof keyId !== 'string' || keyId === '') return refuse('signature has no keyid');
  if (typeof alg !== 'string') return refuse('signature has no alg');
  if (typeof created !== 'number' || !Number.isInteger(created)) {
    return refuse('signature has no created time');
  }
  const createdProblem = timeProblem(created * 1000, options.now, 'signature created', options);
  if (createdProblem) return refuse(createdProblem);
  if (expires !== undefined) {
    if (typeof expires !== 'number' || !Number.isInteger(expires)) {
      return refuse('signature expires is not an integer');
    }
    if (expires * 1000 < options.now) return refuse('signature has expired');
  }
  const signatureDate = headerValue(request.headers, 'signature-date');
  if (signatureDate !== undefined || components.includes('signature-date')) {
    const problem = timeProblem(
      Date.parse(signatureDate ?? ''),
      options.now,
      'Signature-Date',
      options,
    );
    if (problem) return refuse(problem);
  }

  const digestHeader = headerValue(request.headers, 'content-digest');
  if (digestHeader === undefined) return refuse('Content-Digest missing');
  const digest = checkContentDigest(digestHeader, request.body);
  if (!digest.ok) return refuse(digest.reason);

  const key = await options.keys(keyId);
  if (!key || key.id !== keyId) return refuse(`unknown keyid ${keyId}`);
  if (key.algorithm !== alg) return refuse(`alg ${alg} does not match key ${keyId}`);

  let base: string;
  try {
    base = signatureBase(request, components, serializeInnerList(input));
  } catch (error) {
    if (error instanceof SignatureComponentError || error instanceof StructuredFieldError) {
      return refuse(error.message);
    }
    throw error;
  }
  if (!checkSignature(key, base, signatureMember.value)) return refuse('signature does not verify');
  return { ok: true, keyId, label };
}
