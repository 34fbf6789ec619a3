import { describe, expect, it } from 'vitest';
import { staticPage, wantsHydration } from '../../../site/app/islands';

describe('wantsHydration', () => {
  it('is false when every matched route is static', () => {
    expect(wantsHydration([{ handle: staticPage }, { handle: { hydrate: false } }])).toBe(false);
  });

  it('is true as soon as one matched route has not opted out', () => {
    expect(wantsHydration([{ handle: staticPage }, { handle: undefined }])).toBe(true);
    expect(wantsHydration([{ handle: staticPage }, { handle: { hydrate: true } }])).toBe(true);
    expect(wantsHydration([{ handle: staticPage }, { handle: { title: 'Board' } }])).toBe(true);
  });

  it('treats only an explicit false as static', () => {
    expect(wantsHydration([{ handle: { hydrate: 0 } }])).toBe(true);
    expect(wantsHydration([{ handle: null }])).toBe(true);
  });

  it('is false with no match at all', () => {
    expect(wantsHydration([])).toBe(false);
  });
});
