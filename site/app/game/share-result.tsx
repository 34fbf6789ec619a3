// "Share my win" and "Share this lesson" at game over. The words come from site/shared/share.ts (the
// same hook as a room's invite); where the phone can share a picture (the Web Share API with files:
// Android's share sheet into WhatsApp), the game's card goes with them, else a WhatsApp link opens
// with the words. A win links to the finished game's own page (its preview is the game's card), a
// lesson to the free practice. A win is offered only to a winner, a lesson to every seated player.
import { useState } from 'react';
import { isPracticeView } from '#game/bots.ts';
import type { RoomView } from '#game/protocol.ts';
import { resultLink, shareText, whatsAppLink, type ShareSubject } from '#site/shared/share.ts';
import { PATHS } from '#site/shared/paths.ts';

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

/** What a seated player may share at game over: a win (a winner only), a lesson (when they have one). */
export function resultShares(
  view: RoomView,
  me: string | null,
  origin: string,
): { win: ShareSubject | null; lesson: ShareSubject | null } {
  const result = view.result;
  if (!result || me === null || !view.joinedOrder.includes(me)) return { win: null, lesson: null };
  const practice = isPracticeView(view);
  const lesson =
    result.lessons[me]?.find((point) => point.key === 'result') ?? result.lessons[me]?.[0];
  return {
    win: result.winners.includes(me)
      ? {
          kind: 'win',
          stakeZmw: practice ? null : view.stake,
          players: view.joinedOrder.length,
          prizeZmw: practice ? null : result.winnerShare / result.winners.length,
          url: resultLink(origin, view.roomId),
        }
      : null,
    lesson: lesson
      ? { kind: 'lesson', lesson: lesson.text, url: `${origin}${PATHS.practice}` }
      : null,
  };
}

export function ShareResult({ view, me }: { view: RoomView; me: string | null }) {
  const [busy, setBusy] = useState(false);
  // Rendered on the server too: the page's origin is read when a button is pressed.
  const { win, lesson } = resultShares(view, me, '');

  async function run(which: 'win' | 'lesson') {
    const subject = resultShares(view, me, window.location.origin)[which];
    if (!subject) return;
    setBusy(true);
    await share(shareText(subject), which === 'win' ? view.roomId : null);
    setBusy(false);
  }

  if (!win && !lesson) return null;
  return (
    <p className="room-actions share-result" data-testid="share-result">
      {win ? (
        <button type="button" className="button" disabled={busy} onClick={() => void run('win')}>
          Share my win
        </button>
      ) : null}
      {lesson ? (
        <button
          type="button"
          className="button button--ghost"
          disabled={busy}
          onClick={() => void run('lesson')}
        >
          Share this lesson
        </button>
      ) : null}
    </p>
  );
}
