// The room's WebSocket (docs/protocol.md) as a React hook. Each (re)connect asks the site for a
// fresh ticket (tickets are short-lived), every server message is checked with the shared schema from
// game/protocol.ts, and the socket reconnects by itself after a drop.
import { useCallback, useEffect, useRef, useState } from 'react';
import ReconnectingWebSocket from 'partysocket/ws';
import type { LogEntry } from '../../../game/log';
import { parseServerMessage, type ClientMessage, type RoomView } from '../../../game/protocol';
import { getTicket, LOAD_GAME_FAILED } from './api';

export type Connection = 'connecting' | 'open' | 'reconnecting' | 'failed';

export interface ServerNotice {
  message: string;
  /** Grows with every notice, so the same words said twice are announced twice. */
  id: number;
}

export interface RoomSocket {
  view: RoomView | null;
  /** Log entries received since this page connected, in order. */
  logs: LogEntry[];
  connection: Connection;
  /** Why the socket gave up for good (e.g. `Invalid room ID.`), with the ticket call's status. */
  failure: { message: string; status: number } | null;
  /** The room server's latest `{type: 'error'}` message, word for word. */
  notice: ServerNotice | null;
  /** False when the socket is not open (the message is not sent). */
  send(message: ClientMessage): boolean;
}

/** Ticket refusals that no retry can fix: unknown room, signed out, not allowed. */
function isFinal(status: number): boolean {
  return status === 400 || status === 401 || status === 403 || status === 404;
}

/** Keeps at most this many entries in memory (the finished game's record holds all of them). */
const MAX_LOGS = 500;

export function useRoomSocket(roomId: string | null): RoomSocket {
  const [view, setView] = useState<RoomView | null>(null);
  const [logs, setLogs] = useState<LogEntry[]>([]);
  const [connection, setConnection] = useState<Connection>('connecting');
  const [failure, setFailure] = useState<RoomSocket['failure']>(null);
  const [notice, setNotice] = useState<ServerNotice | null>(null);
  const socketRef = useRef<ReconnectingWebSocket | null>(null);

  useEffect(() => {
    if (!roomId) return;
    let opened = false;
    let noticeId = 0;
    setConnection('connecting');
    setFailure(null);

    const socket = new ReconnectingWebSocket(
      async () => {
        const answer = await getTicket(roomId);
        if (answer.ok) return answer.data.url;
        if (isFinal(answer.status)) {
          setFailure({ message: answer.error, status: answer.status });
          setConnection('failed');
          socket.close();
        }
        throw new Error(answer.error);
      },
      null,
      { minReconnectionDelay: 500, maxReconnectionDelay: 5_000, connectionTimeout: 8_000 },
    );
    socketRef.current = socket;

    // Live means the room has spoken since the socket (re)opened: its state arrives first.
    socket.addEventListener('open', () => {
      opened = true;
      // The room sends its recent log on every connect: start the list afresh, without duplicates.
      setLogs([]);
    });
    socket.addEventListener('close', () => {
      setConnection((now) => (now === 'failed' ? now : opened ? 'reconnecting' : 'connecting'));
    });
    socket.addEventListener('message', (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      const parsed = parseServerMessage(event.data);
      if (!parsed.ok) {
        console.warn(`[room] ignored a message: ${parsed.reason}`);
        return;
      }
      const message = parsed.message;
      switch (message.type) {
        case 'state':
          setView(message.state);
          setConnection('open');
          break;
        case 'log':
          setLogs((previous) => [...previous.slice(-(MAX_LOGS - 1)), message.entry as LogEntry]);
          break;
        case 'error':
          noticeId += 1;
          setNotice({ message: message.message, id: noticeId });
          if (message.message === LOAD_GAME_FAILED) setConnection('failed');
          break;
      }
    });

    return () => {
      socketRef.current = null;
      socket.close();
    };
  }, [roomId]);

  const send = useCallback((message: ClientMessage) => {
    const socket = socketRef.current;
    if (!socket || socket.readyState !== socket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }, []);

  return { view, logs, connection, failure, notice, send };
}
