// The fake site holds the room server to the real site's contract: a settlement report the site
// would refuse as malformed is refused here too (400 `settlement_malformed`), so the party suite
// cannot pass with a report the site would never pay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSite, type FakeSite } from '#tests/support/fake-site.ts';
import { purposeKey, signRequest } from '#wire/signing.ts';
import { wirePaths } from '#wire/site-room.ts';

let site: FakeSite;

beforeAll(async () => {
  site = await startFakeSite({ secret: 'fake-site-test-secret' });
});

afterAll(async () => {
  await site?.close();
});

function postSettlement(roomId: string, body: string) {
  const path = wirePaths.settlement(roomId);
  const key = purposeKey(site.secret, 'room-to-site');
  const headers = signRequest(key, { method: 'POST', path, body, now: Date.now() });
  return fetch(`${site.url}${path}`, {
    method: 'POST',
    body,
    headers: { ...headers, 'content-type': 'application/json' },
  });
}

describe('the fake site', () => {
  it('refuses a signed settlement report that does not have the wire shape', async () => {
    const response = await postSettlement('r1', JSON.stringify({ roomId: 'r1', winners: 'all' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'settlement_malformed', retry: false });
    expect(site.acknowledged('r1')).toEqual([]);
    expect(site.settlementCalls.at(-1)).toMatchObject({ roomId: 'r1', status: 400 });
  });
});
