import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from '#site/server/security-headers.ts';

/** The headers the middleware sets on one answer. */
function headersFor(publicUrl: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    set(values: Record<string, string>) {
      Object.assign(headers, values);
      return res;
    },
  };
  let passedOn = false;
  securityHeaders(publicUrl)({} as Request, res as unknown as Response, () => {
    passedOn = true;
  });
  expect(passedOn).toBe(true);
  return headers;
}

describe('securityHeaders', () => {
  it('tells browsers to use https only, for a year and every subdomain, when the site is https', () => {
    expect(headersFor('https://play.example.zm')).toMatchObject({
      'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  it('never sends Strict-Transport-Security over http (it would lock localhost out)', () => {
    const headers = headersFor('http://localhost:3000');
    expect(headers).not.toHaveProperty('Strict-Transport-Security');
    expect(headers).toMatchObject({ 'X-Content-Type-Options': 'nosniff' });
  });
});
