// A test's call on a room's game clock (wire/test-clock.ts, docs/decisions/083): hold it, step it
// to the room's next moment, or release it. Signed with the test clock's key, as the room server of
// a product started with `TEST_CLOCK=1` (or a party suite environment with `testClock`) expects.
import { signRequest } from '#wire/signing.ts';
import {
  testClockAnswerSchema,
  testClockPath,
  type TestClockAnswer,
  type TestClockCall,
} from '#wire/test-clock.ts';

/** The raw answer, for tests of the call itself. */
export async function postTestClock(
  partyUrl: string,
  key: string,
  roomId: string,
  body: unknown,
): Promise<Response> {
  const path = testClockPath(roomId);
  const text = JSON.stringify(body);
  const headers = signRequest(key, { method: 'POST', path, body: text, now: Date.now() });
  return fetch(`${partyUrl}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: text,
  });
}

/** Moves the room's clock; answers where it stands (throws on any refusal). */
export async function moveTestClock(
  partyUrl: string,
  key: string,
  roomId: string,
  action: TestClockCall['action'],
): Promise<TestClockAnswer> {
  const response = await postTestClock(partyUrl, key, roomId, { action });
  const text = await response.text();
  if (response.status !== 200) {
    throw new Error(`test clock ${action} for ${roomId} answered ${response.status}: ${text}`);
  }
  return testClockAnswerSchema.parse(JSON.parse(text));
}
