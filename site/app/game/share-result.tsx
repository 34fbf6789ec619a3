// "Share my win" and "Share this lesson" at game over. The words come from site/shared/share.ts (the
// same hook as a room's invite); where the phone can share a picture (the Web Share API with files:
// Android's share sheet into WhatsApp), the game's card goes with them, else a WhatsApp link opens
// with the words. A win is shared only by a winner of a real game.
import { useState } from 'react';
import { isPracticeView } from '#game/bots.ts';
import type { RoomView } from '#game/protocol.ts';
import { PRACTICE_PATH } from '../content/brand';
import { shareText, whatsAppLink, type ShareSubject } from '#site/shared/share.ts';

/** The game's card (GET /api/games/:roomId/card.png) as a file, once the game is settled. */
async function cardFile(roomId: string): Promise<File | null> {
  try {
    const response = await fetch(`/api/games/${encodeURIComponent(roomId)}/card.png`);
    if (!response.ok) return null;
    return new File([await response.blob()], 'zed-truck-company.png', { type: 'image/png' });
  } catch {
    return null;
  }
}

async function share(text: string, roomId: string | null): Promise<void> {
  const file = roomId ? await cardFile(roomId) : null;
  const withFile = file ? { text, files: [file] } : null;
  if (typeof navigator.share === 'function') {
    const data = withFile && navigator.canShare?.(withFile) ? withFile : { text };
    // Cancelling the share sheet rejects: nothing to report.
    await navigator.share(data).catch(() => undefined);
    return;
  }
  window.open(whatsAppLink(text), '_blank', 'noopener');
}

export function ShareResult({ view, me }: { view: RoomView; me: string | null }) {
  const [busy, setBusy] = useState(false);
  const result = view.result;
  if (!result || me === null || !view.joinedOrder.includes(me)) return null;
  const practice = isPracticeView(view);
  const won = result.winners.includes(me);
  const lesson =
    result.lessons[me]?.find((point) => point.key === 'result') ?? result.lessons[me]?.[0];

  async function run(subject: (origin: string) => ShareSubject, roomId: string | null) {
    setBusy(true);
    await share(shareText(subject(window.location.origin)), roomId);
    setBusy(false);
  }

  return (
    <p className="room-actions share-result" data-testid="share-result">
      {won ? (
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() =>
            void run(
              (origin) => ({
                kind: 'win',
                stakeZmw: practice ? null : view.stake,
                players: view.joinedOrder.length,
                prizeZmw: practice ? null : result.winnerShare / result.winners.length,
                url: `${origin}/`,
              }),
              view.roomId,
            )
          }
        >
          Share my win
        </button>
      ) : null}
      {lesson ? (
        <button
          type="button"
          className="button button--ghost"
          disabled={busy}
          onClick={() =>
            void run(
              (origin) => ({
                kind: 'lesson',
                lesson: lesson.text,
                url: `${origin}${PRACTICE_PATH}`,
              }),
              null,
            )
          }
        >
          Share this lesson
        </button>
      ) : null}
    </p>
  );
}
