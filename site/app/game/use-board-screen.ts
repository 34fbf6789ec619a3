// The board screen's state: the board machine over the room socket, its intents sent, the turn cues
// and the game-over sounds played, a closed room's redirect taken, and what the screen shows worked
// out from the view as far as it has been revealed.
import { requestBalanceRefresh } from '../components/account/balance-store';
import { useMachine } from '@xstate/react';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { RoomView } from '#game/protocol.ts';
import { statementOf } from '#game/statement.ts';
import type { PublicUser } from '#site/server/auth/users.ts';
import { useHydrated } from '../components/account/use-hydrated';
import { boardMachine } from './board-machine';
import { describeLog, homesOf, namesOf, secondsLeft } from './format';
import { playing } from './reveal-queue';
import { dieOf, driveOf, shownView } from './shown-view';
import { soundBoard } from './sound';
import { gameOverSounds, VIBRATION } from './sound-plan';
import type { StatementRow } from './statement-table';
import {
  playTurnCue,
  turnAnnouncement,
  useSoundSwitch,
  useTurnTitle,
  useUrgency,
} from './turn-cues';
import { useMotionDirector } from './use-motion-director';
import { useNow } from './use-now';
import { useRoomSocket } from './use-room-socket';
import { PATHS } from '#site/shared/paths.ts';

export function useBoardScreen({
  user,
  roomId,
  firstView,
  renderedAt,
}: {
  user: PublicUser;
  roomId: string;
  /** The room as the page's server render saw it: shown until the socket's first state. */
  firstView: RoomView | null;
  renderedAt: number;
}) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [board, tell, boardActor] = useMachine(boardMachine, { input: { me: user.id } });
  const socket = useRoomSocket(roomId, tell);
  const { logs, message, purchaseMessage, redirect, failure, offline, resultShown, motion, away } =
    board.context;
  // Until the socket's first state, the room as the page's server render saw it.
  const view = board.context.view ?? firstView;
  useMotionDirector(motion, boardActor);
  const sound = useSoundSwitch();
  const [turnCall, setTurnCall] = useState<{ text: string; id: number } | null>(null);
  const onTurn = useEffectEvent((deadline: number | null) => {
    playTurnCue();
    const seconds = deadline === null ? null : secondsLeft(deadline, Date.now());
    setTurnCall((before) => ({ text: turnAnnouncement(seconds), id: (before?.id ?? 0) + 1 }));
  });

  // What the machine asks for: its intents go out on the socket; the turn cues play; a finished
  // game moved money.
  const sendOnSocket = socket.send;
  useEffect(() => {
    const sending = boardActor.on('send', ({ message: intent }) => {
      if (!sendOnSocket(intent)) boardActor.send({ type: 'send.failed', message: intent });
    });
    const turn = boardActor.on('yourTurn', ({ deadline }) => onTurn(deadline));
    const over = boardActor.on('gameOver', () => requestBalanceRefresh());
    return () => {
      sending.unsubscribe();
      turn.unsubscribe();
      over.unsubscribe();
    };
  }, [boardActor, sendOnSocket]);

  // The board draws the room as far as it has been revealed; the live view decides the rest.
  const shown = useMemo(() => (view ? shownView(view, motion) : null), [view, motion]);
  const playingStep = useMemo(() => playing(motion), [motion]);
  const die = useMemo(
    () => (view ? dieOf(view, motion) : { face: null, nonce: null, tumble: null }),
    [view, motion],
  );
  const drive = useMemo(() => driveOf(motion), [motion]);
  const seated = view?.joinedOrder.includes(user.id) ?? false;
  const names = useMemo(() => (view ? namesOf(view.participants) : {}), [view]);
  const homes = useMemo(() => (view ? homesOf(view.participants) : {}), [view]);
  const lines = useMemo(() => describeLog(logs, names, homes), [logs, names, homes]);
  const ended = board.matches('over');
  const caughtUp = motion.reveals.length === 0;
  const reconnecting = board.matches('reconnecting') || board.matches({ over: 'reconnecting' });
  const rollEnabled = board.matches({ connected: { dice: 'yourTurn' } });
  useTurnTitle(rollEnabled);
  const ticking = useNow(Boolean(view) && view?.status !== 'waiting', 250);
  // The first client render shows the server's clocks, so it matches the HTML.
  const now = hydrated ? ticking : renderedAt;
  const deadline = shown?.status === 'active' ? (shown.turn.deadline ?? null) : null;
  const secondsOfTurn = deadline === null ? null : secondsLeft(deadline, now);
  useUrgency(rollEnabled ? secondsOfTurn : null);

  // A closed room, or a room that does not seat this person, sends them to the dashboard after
  // REDIRECT_MS. Game over stays on the board.
  const redirectNow = useNow(redirect !== null, 250);
  useEffect(() => {
    if (redirect && redirectNow >= redirect.at) void navigate(PATHS.dashboard);
  }, [redirect, redirectNow, navigate]);

  // The result opens once the board has shown the last roll: a fanfare for the winner.
  const resultOpen = ended && resultShown && caughtUp;
  const iWon = view?.result?.winners.includes(user.id) ?? false;
  const heard = useRef(false);
  useEffect(() => {
    if (!resultOpen || heard.current || !seated) return;
    heard.current = true;
    soundBoard.play(gameOverSounds(iWon));
    if (iWon) soundBoard.vibrate(VIBRATION.win);
  }, [resultOpen, iWon, seated]);

  const redirectSeconds = redirect ? secondsLeft(redirect.at, redirectNow) : null;
  const me = shown?.participants[user.id];
  const announcement = message?.text ?? motion.line?.text ?? '';
  const announcementId = message ? `m${message.id}` : (motion.line?.id ?? '');
  // The viewer watches too: the first HTML's view was taken before their socket was counted.
  const watchers = Math.max(view?.spectators ?? 0, 1);
  const liveGame = seated && (view?.status === 'active' || view?.status === 'countdown') && !ended;
  const statementRows: StatementRow[] = shown
    ? shown.joinedOrder.flatMap((uid) => {
        const p = shown.participants[uid];
        if (!p) return [];
        const statement = shown.result?.statements[uid] ?? statementOf(p);
        return [
          {
            uid,
            name: p.name,
            color: p.color,
            statement,
            balance: p.balance,
            winner: shown.result?.winners.includes(uid) ?? false,
            you: uid === user.id,
          },
        ];
      })
    : [];

  return {
    hydrated,
    tell,
    failed: board.matches('failed'),
    buying: board.matches({ connected: { offer: 'buying' } }),
    message,
    purchaseMessage,
    redirect,
    failure,
    offline,
    resultShown,
    motion,
    away,
    view,
    sound,
    turnCall,
    shown,
    playingStep,
    die,
    drive,
    seated,
    names,
    homes,
    lines,
    ended,
    caughtUp,
    reconnecting,
    rollEnabled,
    now,
    deadline,
    secondsOfTurn,
    resultOpen,
    redirectSeconds,
    me,
    announcement,
    announcementId,
    watchers,
    liveGame,
    statementRows,
  };
}
