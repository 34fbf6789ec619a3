// "Verify the dice": recomputes every roll of a finished game in the browser from the revealed
// server seed, with the very code the room server rolled with (game/dice.ts, docs/rules.md).
import { hashServerSeed, rollDie } from '#game/dice.ts';
import { logEntrySchema } from '#game/log.ts';

export interface Fairness {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
}

export interface RollCheck {
  nonce: number;
  player: string;
  /** What the game log says was rolled. */
  logged: number;
  /** What HMAC-SHA256(serverSeed, clientSeed:nonce) gives. */
  computed: number;
  auto: boolean;
  ok: boolean;
}

export interface DiceVerification {
  /** SHA-256 of the revealed seed equals the hash published when the room was created. */
  hashMatches: boolean;
  computedHash: string;
  rolls: RollCheck[];
  /** Every roll matches and the hash matches. */
  allOk: boolean;
}

/** Checks every `dice_roll` entry of `logs` (entries of other kinds, or malformed, are skipped). */
export function verifyDice(fairness: Fairness, logs: readonly unknown[]): DiceVerification {
  const computedHash = hashServerSeed(fairness.serverSeed);
  const hashMatches = computedHash === fairness.serverSeedHash.toLowerCase();
  const rolls: RollCheck[] = [];
  for (const raw of logs) {
    const parsed = logEntrySchema.safeParse(raw);
    if (!parsed.success || parsed.data.type !== 'dice_roll') continue;
    const entry = parsed.data;
    const computed = rollDie(fairness.serverSeed, fairness.clientSeed, entry.nonce);
    rolls.push({
      nonce: entry.nonce,
      player: entry.player,
      logged: entry.roll,
      computed,
      auto: entry.auto,
      ok: computed === entry.roll,
    });
  }
  return { hashMatches, computedHash, rolls, allOk: hashMatches && rolls.every((r) => r.ok) };
}
