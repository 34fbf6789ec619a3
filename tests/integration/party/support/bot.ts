// A scripted player on a real socket: follows `state`, rolls on its turn, answers truck offers with a
// seeded choice, or idles (never rolls) so the turn timer must roll for it.
import { connect, type ServerMessage, type TestClient } from './client';

export interface WireState {
  status: string;
  joinedOrder: string[];
  participants: Record<string, Record<string, unknown> & { connected: boolean; trucks: number }>;
  boardState: Record<string, unknown>;
  turn: { currentPlayer: string | null; round: number; deadline: number | null } | null;
  countdownEndsAt: number | null;
  gameStartTime: number | null;
  gameEndTime: number | null;
  pendingPurchase: string | null;
  lastRoll: { nonce: number } | null;
  spectators: number;
  result?: {
    winners: string[];
    totalPot: number;
    winnerShare: number;
    systemShare: number;
    statements: Record<string, Record<string, number>>;
  };
  [key: string]: unknown;
}

export type BotMode = 'play' | 'idle';

export interface Bot {
  uid: string;
  client: TestClient;
  /** Messages the bot sent, in order. */
  sent: string[];
  latestState(): WireState | undefined;
  errors(): string[];
  setMode(mode: BotMode): void;
  close(): Promise<void>;
}

/** A small deterministic generator, so a bot's choices repeat for a given seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

export async function startBot(options: {
  url: string;
  uid: string;
  mode?: BotMode;
  seed?: number;
  /** Probability of buying an offered truck. */
  buyChance?: number;
}): Promise<Bot> {
  const result = await connect(options.url);
  if (!result.ok) throw new Error(`bot ${options.uid} could not connect: ${result.status}`);
  const client = result.client;
  const random = seededRandom(options.seed ?? 1);
  const buyChance = options.buyChance ?? 0.5;
  let mode: BotMode = options.mode ?? 'play';
  const sent: string[] = [];
  // The bot acts at most once per situation (last roll nonce + whether it holds an offer), so a
  // state broadcast for another reason (presence, spectators) never makes it act twice.
  let lastActedOn: string | null = null;

  const send = (type: string) => {
    sent.push(type);
    client.send(JSON.stringify({ type }));
  };

  const onState = (state: WireState) => {
    if (mode !== 'play' || state.status !== 'active') return;
    const holdsOffer = state.pendingPurchase === options.uid;
    const situation = `${state.lastRoll?.nonce ?? 'none'}:${holdsOffer}`;
    if (situation === lastActedOn) return;
    if (holdsOffer) {
      lastActedOn = situation;
      send(random() < buyChance ? 'buyTruck' : 'declineTruck');
    } else if (state.turn?.currentPlayer === options.uid) {
      lastActedOn = situation;
      send('roll');
    }
  };

  client.socket.on('message', (data) => {
    let message: ServerMessage;
    try {
      message = JSON.parse(String(data)) as ServerMessage;
    } catch {
      return;
    }
    if (message.type === 'state') onState(message.state as WireState);
  });

  return {
    uid: options.uid,
    client,
    sent,
    latestState: () => {
      for (let i = client.messages.length - 1; i >= 0; i -= 1) {
        const message = client.messages[i];
        if (message?.type === 'state') return message.state as WireState;
      }
      return undefined;
    },
    errors: () => client.messages.filter((m) => m.type === 'error').map((m) => String(m.message)),
    setMode: (next) => {
      mode = next;
    },
    close: () => client.close(),
  };
}
