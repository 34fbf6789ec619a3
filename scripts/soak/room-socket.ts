// A soak player's socket to a room: a fresh ticket for every (re)connect, read through the one bot
// of tests/support/bot.ts, and a roll after a person's pause on the player's turn, unless the
// player leaves its turns to the timer.
import { startBot, type Bot } from '#tests/support/bot.ts';
import type { HttpClient } from '#tests/support/http-client.ts';

export interface RoomConnection {
  bot: Bot;
  /** Stops rolling (the socket stays as it is). */
  stop: () => void;
}

async function ticketUrl(http: HttpClient, roomId: string): Promise<string> {
  const answer = await http.post(`/api/rooms/${roomId}/ticket`);
  if (answer.status !== 200) throw new Error(`ticket: ${answer.status} ${answer.text}`);
  // The ticket names the room server by the public URL's host; the soak stays on 127.0.0.1.
  const url = new URL(answer.json.url as string);
  if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
  return url.toString();
}

/** Connects, rolls like a person (a short pause) unless it leaves its turns to the timer. */
export async function connectToRoom(options: {
  http: HttpClient;
  roomId: string;
  uid: string;
  random: () => number;
  gameTimeScale: number;
  idle: boolean;
}): Promise<RoomConnection> {
  const { uid, random, idle } = options;
  const bot = await startBot({
    url: await ticketUrl(options.http, options.roomId),
    uid,
    random,
    mode: 'answer',
  });
  let rolledFor: string | null = null;
  const onMessage = () => {
    const state = bot.latest();
    if (idle || !state || state.status !== 'active') return;
    if (state.turn.currentPlayer !== uid || state.pendingPurchase === uid) return;
    const situation = `${state.lastRoll?.nonce ?? 'none'}`;
    if (situation === rolledFor) return;
    rolledFor = situation;
    const turnMs = 20_000 * options.gameTimeScale;
    setTimeout(() => bot.send('roll'), Math.round(turnMs * (0.1 + 0.4 * random())));
  };
  bot.client.socket.on('message', onMessage);
  onMessage();
  return { bot, stop: () => bot.client.socket.off('message', onMessage) };
}
