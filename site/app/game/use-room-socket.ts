// The room's WebSocket (docs/protocol.md) as a React hook. Every (re)connect asks the site for a fresh
// ticket (tickets are short-lived; the first connection takes the page's early call,
// early-ticket.tsx), the view follows whole states and merge patches (a version gap asks `sync`) with
// game/room-sync.ts, which reads messages without the zod schema (the server is the authority on
// what it sends; keeping zod off the board's path), and the socket reconnects by itself after a
// drop. What the socket says also goes, as events, to `onEvent` (the board's machine listens there,
// and keeps the one view of the room: with a listener the hook keeps none of its own).
//
// A dropped link is noticed two ways (docs/decisions/036): the browser's offline event closes the
// socket at once (the room marks the seat away) and its online event reconnects; and a heartbeat
// `ping` (heartbeat.ts), with the link taken as lost when the room has said nothing for a while,
// reconnects a socket that died without a close.
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import ReconnectingWebSocket from 'partysocket/ws';
import type { RoomErrorCode } from '#game/messages.ts';
import type { ClientMessage, RoomView } from '#game/protocol.ts';
import { ROOM_CLOSE, ROOM_PROTOCOL } from '#game/protocol-version.ts';
import { readServerMessage, SYNC_MESSAGE, ViewFollower } from '#game/room-sync.ts';
import { getTicket } from './api';
import { takeEarlyTicket } from './early-ticket';
import { Heartbeat, PING_EVERY_MS } from './heartbeat';
import type { RoomSocketEvent } from './board-context';

export type Connection = 'connecting' | 'open' | 'reconnecting' | 'failed';

export interface RoomSocket {
  /** The room's view, kept here only for a caller without `onEvent` (the waiting room). */
  view: RoomView | null;
  connection: Connection;
  /** Why the socket gave up for good (e.g. `Invalid room ID.`), with the ticket call's status. */
  failure: { message: string; status: number } | null;
  /** False when the socket is not open (the message is not sent). */
  send(message: ClientMessage): boolean;
}

/** The room's socket URL, naming the room protocol this code speaks (docs/protocol.md). */
function withProtocol(url: string): string {
  const named = new URL(url);
  named.searchParams.set(ROOM_PROTOCOL.param, String(ROOM_PROTOCOL.version));
  return named.toString();
}

/** The board's code is older than the room's protocol: only loading the page again helps. */
export const RELOAD_STATUS = 426;

/** Ticket refusals that no retry can fix: unknown room, signed out, not allowed. */
function isFinal(status: number): boolean {
  return status === 400 || status === 401 || status === 403 || status === 404;
}

interface SocketState {
  /** The room these facts are about: another room starts from nothing. */
  roomId: string | null;
  view: RoomView | null;
  connection: Connection;
  failure: RoomSocket['failure'];
}

const startOf = (roomId: string | null): SocketState => ({
  roomId,
  view: null,
  connection: 'connecting',
  failure: null,
});

export function useRoomSocket(
  roomId: string | null,
  onEvent?: (event: RoomSocketEvent) => void,
): RoomSocket {
  const [state, setState] = useState<SocketState>(() => startOf(roomId));
  const socketRef = useRef<ReconnectingWebSocket | null>(null);
  const tell = useEffectEvent((event: RoomSocketEvent) => onEvent?.(event));
  const keepsView = onEvent === undefined;

  useEffect(() => {
    if (!roomId) return;
    let opened = false;
    let gaveUp = false;
    let offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    // Closing the socket below still fires its listeners: nobody is listening any more then.
    let live = true;
    const follower = new ViewFollower();
    const report = (event: RoomSocketEvent) => {
      if (live) tell(event);
    };
    const update = (patch: (now: SocketState) => Partial<SocketState>) =>
      setState((before) => {
        const now = before.roomId === roomId ? before : startOf(roomId);
        return { ...now, ...patch(now) };
      });

    const socket = new ReconnectingWebSocket(
      async () => {
        const answer = await getTicket(roomId, takeEarlyTicket(roomId));
        if (answer.ok) return withProtocol(answer.data.url);
        if (isFinal(answer.status)) {
          const failure = { message: answer.error, status: answer.status };
          update(() => ({ failure, connection: 'failed' }));
          report({ type: 'socket.failed', ...failure });
          gaveUp = true;
          socket.close();
        }
        throw new Error(answer.error);
      },
      null,
      {
        minReconnectionDelay: 500,
        maxReconnectionDelay: 5_000,
        connectionTimeout: 8_000,
        // A restart (1012) or anything else is reconnected; a protocol this code no longer speaks
        // is not: it must load the page again.
        shouldReconnectOnClose: (event) => event.code !== ROOM_CLOSE.reload.code,
      },
    );
    socketRef.current = socket;
    const heartbeat = new Heartbeat(
      {
        send: (text) => socket.send(text),
        lost: () => {
          lostLink();
          socket.reconnect();
        },
      },
      Date.now(),
    );

    // Live means the room has spoken since the socket (re)opened: its state arrives first.
    socket.addEventListener('open', () => {
      opened = true;
      follower.reset();
      heartbeat.opened(Date.now());
      report({ type: 'socket.open' });
    });
    socket.addEventListener('close', (event: CloseEvent) => {
      if (event.code === ROOM_CLOSE.reload.code && !gaveUp) {
        const failure = { message: ROOM_CLOSE.reload.reason, status: RELOAD_STATUS };
        gaveUp = true;
        update(() => ({ failure, connection: 'failed' }));
        report({ type: 'socket.failed', ...failure });
        return;
      }
      update((now) => ({
        connection:
          now.connection === 'failed' ? now.connection : opened ? 'reconnecting' : 'connecting',
      }));
      report({ type: 'socket.close' });
    });
    socket.addEventListener('message', (event: MessageEvent) => {
      heartbeat.heard(Date.now());
      if (typeof event.data !== 'string') return;
      const message = readServerMessage(event.data);
      if (!message) {
        console.warn('[room] ignored a message it cannot read');
        return;
      }
      switch (message.type) {
        case 'state':
        case 'patch': {
          const followed = follower.receive(message);
          if (followed.kind === 'gap') socket.send(SYNC_MESSAGE);
          if (followed.kind !== 'view') break;
          const view = followed.view;
          update(() => ({ view: keepsView ? view : null, connection: 'open' }));
          report({ type: 'socket.state', view, now: Date.now() });
          break;
        }
        case 'log':
          report({ type: 'socket.log', entry: message.entry });
          break;
        case 'pong':
          break;
        case 'error':
          if (message.code === ('room_not_loaded' satisfies RoomErrorCode))
            update(() => ({ connection: 'failed' }));
          report({
            type: 'socket.error',
            message: message.message,
            code: message.code ?? null,
            now: Date.now(),
          });
          break;
      }
    });

    const lostLink = () => {
      update((now) => ({
        connection: now.connection === 'failed' ? now.connection : 'reconnecting',
      }));
      report({ type: 'socket.close' });
    };
    const beating = window.setInterval(() => {
      if (offline || gaveUp || socket.readyState !== socket.OPEN) return;
      heartbeat.beat(Date.now());
    }, PING_EVERY_MS);
    const goneOffline = () => {
      offline = true;
      if (gaveUp) return;
      report({ type: 'browser.offline' });
      socket.close();
      lostLink();
    };
    const backOnline = () => {
      offline = false;
      report({ type: 'browser.online' });
      if (gaveUp) return;
      heartbeat.heard(Date.now());
      socket.reconnect();
    };
    window.addEventListener('offline', goneOffline);
    window.addEventListener('online', backOnline);

    return () => {
      live = false;
      window.clearInterval(beating);
      window.removeEventListener('offline', goneOffline);
      window.removeEventListener('online', backOnline);
      socketRef.current = null;
      socket.close();
    };
  }, [roomId, keepsView]);

  const send = useCallback((message: ClientMessage) => {
    const socket = socketRef.current;
    if (!socket || socket.readyState !== socket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }, []);

  const current = state.roomId === roomId ? state : startOf(roomId);
  return { view: current.view, connection: current.connection, failure: current.failure, send };
}
