import { describe, expect, it } from 'vitest';
import {
  parseDictionary,
  serializeInnerList,
  StructuredFieldError,
  Token,
} from '#site/server/payments/structured-fields.ts';

describe('structured field dictionaries (RFC 8941)', () => {
  it('reads a Signature-Input as pawaPay sends it and writes it back identically', () => {
    const text =
      'sig-pp=("@method" "@authority" "@path" "signature-date" "content-digest" "content-type");alg="ecdsa-p256-sha256";keyid="HTTP_EC_P256_KEY:1";created=1714668351;expires=1714668411';
    const member = parseDictionary(text).get('sig-pp');
    expect(member?.kind).toBe('inner-list');
    if (member?.kind !== 'inner-list') return;
    expect(member.items.map((i) => i.value)).toEqual([
      '@method',
      '@authority',
      '@path',
      'signature-date',
      'content-digest',
      'content-type',
    ]);
    expect(Object.fromEntries(member.params)).toEqual({
      alg: 'ecdsa-p256-sha256',
      keyid: 'HTTP_EC_P256_KEY:1',
      created: 1714668351,
      expires: 1714668411,
    });
    expect(`sig-pp=${serializeInnerList(member)}`).toBe(text);
  });

  it('reads byte sequences, several members, tokens, booleans and escapes', () => {
    const parsed = parseDictionary(
      'sha-256=:AQID:,  sha-512=:BAU=:, flag, t=abc/def, s="a\\"b\\\\c", n=-12',
    );
    expect(parsed.get('sha-256')).toMatchObject({ kind: 'item', value: new Uint8Array([1, 2, 3]) });
    expect(parsed.get('sha-512')).toMatchObject({ value: new Uint8Array([4, 5]) });
    expect(parsed.get('flag')).toMatchObject({ value: true });
    expect(parsed.get('t')?.kind === 'item' && parsed.get('t')).toMatchObject({
      value: new Token('abc/def'),
    });
    expect(parsed.get('s')).toMatchObject({ value: 'a"b\\c' });
    expect(parsed.get('n')).toMatchObject({ value: -12 });
  });

  it.each([
    'sig=("a" "b"',
    'sig=("a""b")',
    'Sig=("a")',
    'sig=("a"),',
    'sig=:not base64!:',
    'sig="unterminated',
    'sig=("a");created=',
    'sig=?2',
  ])('refuses %s', (text) => {
    expect(() => parseDictionary(text)).toThrow(StructuredFieldError);
  });
});
