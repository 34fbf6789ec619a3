// How many calls that anyone can send without a key were refused, since this process started: a
// payment callback whose signature does not verify, a call to the room servers' side door that is
// not signed with the room → site key. Counted here for the metrics (a counter per kind, read with
// `refusalCounts`); the operator's error log gets only a sample of them (logging.ts,
// `refusalLog`), so a flood of forgeries can fill neither the table nor the write queue.

export const REFUSAL_KINDS = ['payment_callback_signature', 'internal_call_signature'] as const;
export type RefusalKind = (typeof REFUSAL_KINDS)[number];

const counts: Record<RefusalKind, number> = {
  payment_callback_signature: 0,
  internal_call_signature: 0,
};

export function countRefusal(kind: RefusalKind): void {
  counts[kind] += 1;
}

/** Every kind's count so far in this process (a copy). */
export function refusalCounts(): Readonly<Record<RefusalKind, number>> {
  return { ...counts };
}
