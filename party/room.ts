// The room server: one instance per game (`/parties/main/<roomId>`), a thin shell around the room's
// game (party/room/game.ts: the machine in game/, its log, its clock, what one event does). It
// checks tickets before any room state exists, lets sockets in or turns them away, turns their
// messages, the site's calls and the one storage alarm into the game's events, one at a time, and
// reports the result to the site until the site acknowledges it.
import type * as Party from 'partykit/server';
import { intentEvent } from '#game/protocol.ts';
import { RULES_VERSION } from '#game/rules.ts';
import type { LogEntry } from '#game/log.ts';
import { verifyTicket } from '#wire/signing.ts';
import {
  answerClose,
  closeSession,
  closeWith,
  onlineUids,
  hasOtherConnection,
  viewerFrom,
  viewerOf,
  withViewer,
  type Viewer,
} from './room/connections';
import { readEnv, type PartyEnv } from './room/env';
import { logMessage, notAPlayer, notLoaded } from './room/messages';
import { MessageGate } from './room/message-gate';
import { CLOSE, ROOM_LIMITS, type CloseReason } from './room/limits';
import { AddressAdmissions } from './room/address-admissions';
import { jsonResponse, refusal } from './room/signed-request';
import { RoomAlarm } from './room/alarm';
import { RoomGame } from './room/game';
import type { PersistedSnapshot } from './room/room-actor';
import { SettlementReporter } from './room/settlement-reporter';
import { pullRoom } from './room/site-client';
import { loadSignOuts, saveSignOuts, SignOuts } from './room/sign-outs';
import { seatsEvent } from './room/site-events';
import type { RoomForParty } from '#wire/site-room.ts';
import { RoomView } from './room/room-view';
import { loadRoom, saveClock, saveRematch, saveRoomId, type StoredRematch } from './room/storage';
import { TaskQueue } from './room/task-queue';
import { RoomClock } from './room/clock';
import type { TestClockCall } from '#wire/test-clock.ts';
import { clockAnswer, moveClock } from './room/clock-control';
import { wakeAt } from './room/deadlines';
import { closeSilent } from './room/presence';
import { admissionFor, arrivalRefusal, closeForMessages } from './room/admission';
import { closeForRestart, routeRequest, type RoomRequestHandlers } from './room/requests';

/** How much of the log a connecting client receives (the finished game's record holds all of it). */
const RECENT_LOGS_ON_CONNECT = 100;

export default class RoomServer implements Party.Server {
  private readonly env: PartyEnv;
  private roomId = '';
  private readonly game: RoomGame;
  private readonly settlement: SettlementReporter;
  private readonly gate = new MessageGate();
  /** Watcher sockets let in per address (reopening sockets costs the whole state each time). */
  private readonly admissions = new AddressAdmissions(ROOM_LIMITS.spectatorAdmissionsPerAddress);
  /** Every handler that touches the machine runs here, one at a time, in arrival order. */
  private readonly queue = new TaskQueue();
  /** Whether the site answered that it does not know this room (then nothing is stored). */
  private unknownToSite = false;
  private signOuts = new SignOuts(undefined, 0);
  private readonly view: RoomView;
  private readonly alarm = new RoomAlarm();
  /** Until when new sockets are turned away because a restart is coming (call 7). */
  private restartingUntil = 0;
  /** What each of the room's HTTP calls does here (party/room/requests.ts routes them). */
  private readonly requests: RoomRequestHandlers;

  constructor(readonly room: Party.Room) {
    this.env = readEnv(room.env);
    this.view = new RoomView(
      room,
      () => this.game.actor,
      (task) => this.serial(task),
    );
    this.game = new RoomGame({
      room,
      env: this.env,
      view: this.view,
      settlement: () => this.settlement,
      roomId: () => this.roomId,
      armAlarm: () => this.armAlarm(),
    });
    this.settlement = new SettlementReporter(
      this.env,
      room,
      () => {
        const { actor, logs, rules } = this.game;
        return { roomId: this.roomId, actor, logs, rules };
      },
      () => this.armAlarm(),
    );
    this.requests = {
      env: this.env,
      roomId: () => this.roomId,
      serial: (task) => this.serial(task),
      status: () => this.view.publicStatus(this.roomId, this.settlement.acknowledged),
      spectatorView: async () => ((await this.ensureActor()) ? this.view.spectatorView() : null),
      pushRoom: (room) => this.pushRoom(room),
      signOut: (sessionKey) => this.signOut(sessionKey),
      restarting: () => this.restarting(),
      testClock: (action) => this.testClock(action),
    };
  }

  static onBeforeConnect(request: Party.Request, lobby: Party.Lobby): Party.Request | Response {
    const { keys } = readEnv(lobby.env);
    const ticket = new URL(request.url).searchParams.get('ticket');
    const verdict = verifyTicket(keys.tickets, ticket, lobby.id, Date.now());
    if (!verdict.ok) return new Response('Unauthorized', { status: 401 });
    const { uid, name, sk, ak } = verdict.payload;
    return withViewer(request, { uid, name, sessionKey: sk, addressKey: ak });
  }

  async onStart(): Promise<void> {
    const stored = await loadRoom<PersistedSnapshot, LogEntry>(this.room.storage);
    // Nothing is written here: only a room the site knows gets storage (createFromSite).
    this.roomId = this.currentRoomId() ?? stored.roomId ?? '';
    this.signOuts = await loadSignOuts(this.room.storage, Date.now());
    this.game.logs = stored.logs;
    this.settlement.record = stored.settlement;
    this.game.rules = stored.rules;
    if (this.env.testClockKey && stored.clock) this.game.clock = new RoomClock(stored.clock);
    const restored = stored.snapshot ? this.game.restore(stored.snapshot) : false;
    if (stored.unreadable) console.warn(`room ${this.roomId}: ${stored.unreadable}`);
    if (restored) {
      this.view.setRematch(stored.rematch);
      // Nobody is connected to a room that just started: clear the presence it was stored with.
      await this.game.syncPresence();
    } else {
      // No game here (none stored, or one this release cannot play on): the site's word decides,
      // and a game that should have started long ago comes back closed (decision 079).
      this.game.logs = [];
      this.settlement.record = undefined;
      this.game.rules = RULES_VERSION;
      await this.pullFromSite();
    }
    // Deadlines that passed while the server was down are due now.
    await this.game.tick();
    await this.armAlarm();
    void this.settlement.settle();
  }

  onConnect(connection: Party.Connection<Viewer>, context: Party.ConnectionContext): Promise<void> {
    const viewer = viewerFrom(context.request);
    if (!viewer) {
      closeWith(connection, CLOSE.unauthorized);
      return Promise.resolve();
    }
    const arrival = arrivalRefusal(context.request, this.restartingUntil, Date.now());
    if (arrival) {
      closeWith(connection, arrival);
      return Promise.resolve();
    }
    // A loaded room decides before the queue, so that sockets refused in a flood never wait in
    // line ahead of a roll; the caps are checked again in the queue, against the sockets let in
    // meanwhile.
    const decidedEarly = this.game.actor !== null;
    const early = decidedEarly ? this.refusalFor(viewer, true) : null;
    if (early) {
      closeWith(connection, early);
      return Promise.resolve();
    }
    return this.serial(async () => {
      if (this.signOuts.has(viewer.sessionKey, Date.now())) {
        return closeWith(connection, CLOSE.signedOut);
      }
      if (!(await this.ensureActor())) {
        connection.send(notLoaded());
        if (this.unknownToSite) closeWith(connection, CLOSE.unknownRoom);
        return;
      }
      const refusal = this.refusalFor(viewer, !decidedEarly);
      if (refusal) return closeWith(connection, refusal);
      connection.setState(viewer);
      const earlier = this.game.logs.slice(-RECENT_LOGS_ON_CONNECT);
      if (
        this.game.isSeated(viewer.uid) &&
        !hasOtherConnection(this.room, viewer.uid, connection)
      ) {
        await this.game.presence(viewer.uid, true);
      }
      // The newcomer gets the whole state at once (with the presence change, if it made one);
      // everyone else the new spectator count, soon.
      if (!this.view.holds(connection.id)) this.view.sendState(connection);
      this.view.announceSpectators();
      // …and the recent log, so that a (re)connecting board can tell what happened so far.
      for (const entry of earlier) connection.send(logMessage(entry));
    });
  }

  onClose(connection: Party.Connection<Viewer>): Promise<void> {
    answerClose(connection);
    this.gate.forget(connection.id);
    this.view.forget(connection.id);
    const viewer = viewerOf(connection);
    // Never let in: nothing to tell anyone.
    if (!viewer) return Promise.resolve();
    return this.serial(async () => {
      if (!this.game.actor) return;
      const changed =
        this.game.isSeated(viewer.uid) &&
        !hasOtherConnection(this.room, viewer.uid, connection) &&
        (await this.game.presence(viewer.uid, false, connection));
      if (!changed) this.view.announceSpectators();
    });
  }

  onError(connection: Party.Connection<Viewer>): Promise<void> {
    return this.onClose(connection);
  }

  onMessage(
    message: string | ArrayBuffer | ArrayBufferView,
    sender: Party.Connection<Viewer>,
  ): Promise<void> {
    // 1. rate, 2. size and shape: before the queue, so a flood never waits in line ahead of a roll.
    const heartbeats = this.gate.heartbeats;
    const gated = this.gate.check(message, sender.id, Date.now());
    // A socket's first ping: the alarm now also watches for its silence.
    const firstPing = this.gate.heartbeats > heartbeats;
    if (gated.kind === 'refused') {
      if (gated.reply) sender.send(gated.reply);
      if (gated.close) {
        closeForMessages(
          sender,
          gated.close,
          this.admissions,
          (uid) => this.game.isSeated(uid),
          Date.now(),
        );
      }
      return Promise.resolve();
    }
    return this.serial(async () => {
      const now = Date.now();
      await this.dropSilent(now);
      if (firstPing) await this.armAlarm();
      if (gated.kind === 'pong') {
        sender.send(gated.reply);
        return;
      }
      // 3. a seat (the site's word, never the client's)
      const viewer = viewerOf(sender);
      if (!(await this.ensureActor())) {
        sender.send(notLoaded());
        return;
      }
      // A client that missed a version, seated or watching, gets the whole state (after the same
      // size, shape and rate checks as any message).
      if (viewer && gated.message.type === 'sync') {
        this.view.sendState(sender);
        return;
      }
      if (!viewer || !this.game.isSeated(viewer.uid) || gated.message.type === 'sync') {
        sender.send(notAPlayer());
        return;
      }
      // 4. the machine decides (at the game's time); then broadcast and persist
      await this.game.apply(intentEvent(gated.message, viewer.uid, this.game.now(now)), sender);
    });
  }

  onRequest(request: Party.Request): Promise<Response> {
    return routeRequest(request, this.requests);
  }

  onAlarm(): Promise<void> {
    this.alarm.fired();
    return this.serial(async () => {
      await this.dropSilent(Date.now());
      await this.game.tick();
      await this.armAlarm();
    }).then(() => this.settlement.settle());
  }

  /** Why `viewer` may not be let in now (party/room/admission.ts), or null. */
  private refusalFor(viewer: Viewer, spendAdmission: boolean): CloseReason | null {
    const state = {
      room: this.room,
      signOuts: this.signOuts,
      admissions: this.admissions,
      seated: this.game.seatedUids(),
    };
    return admissionFor(state, viewer, spendAdmission, Date.now());
  }

  // ---- the site's calls ----

  private async createFromSite(room: RoomForParty): Promise<void> {
    if (!this.roomId) this.roomId = room.roomId;
    this.game.startFromSite(room);
    this.unknownToSite = false;
    await saveRoomId(this.room.storage, room.roomId);
    // Written even when unchanged: a rematch stored beside a game that could not be restored goes.
    this.view.setRematch(room.rematch);
    await saveRematch(this.room.storage, room.rematch);
    // The fresh machine has no seats yet; the site's seats arrive as its first event. A room the
    // site already finished has nothing left to play here.
    const ended = room.status === 'ended';
    await this.game.apply(seatsEvent(room, this.game.now(), onlineUids(this.room), ended));
  }

  /** Call 1: a room not loaded yet starts from the site's; a loaded one takes its seats. */
  private async pushRoom(pushed: RoomForParty): Promise<void> {
    if (!this.game.actor) {
      await this.createFromSite(pushed);
    } else {
      await this.game.apply(seatsEvent(pushed, this.game.now(), onlineUids(this.room)));
      if (await this.takeRematch(pushed.rematch)) this.view.broadcastState();
    }
  }

  /**
   * The site's word on the finished game's rematch (call 1), stored with the
   * room so that a restarted server still shows it (decision 120). True when it changed.
   */
  private async takeRematch(rematch: StoredRematch | undefined): Promise<boolean> {
    if (!this.view.setRematch(rematch)) return false;
    await saveRematch(this.room.storage, rematch);
    return true;
  }

  /** Call 5: closes the session's sockets here and refuses its tickets for as long as they live. */
  private async signOut(sessionKey: string): Promise<Response> {
    const now = Date.now();
    this.signOuts.add(sessionKey, now);
    // A room without storage keeps it in memory only: nothing is written for an unknown room.
    if (this.game.actor) await saveSignOuts(this.room.storage, this.signOuts);
    const closed = closeSession(this.room, sessionKey, CLOSE.signedOut);
    return jsonResponse({ ok: true, closed });
  }

  /**
   * Call 7: the process is about to stop for a restart. Every socket closes with 1012, so the
   * clients know to reconnect (they do by themselves); nothing is written, since every change was
   * stored when it was made.
   */
  private restarting(): Response {
    this.restartingUntil = Date.now() + ROOM_LIMITS.restartingForMs;
    return jsonResponse({ ok: true, closed: closeForRestart(this.room) });
  }

  /**
   * Closes sockets whose heartbeat stopped (docs/decisions/036) and marks their seats away, so the
   * others see it. Run on every message and by the alarm, so silence is noticed even when nobody
   * else speaks.
   */
  private async dropSilent(wall: number): Promise<void> {
    for (const [uid, connection] of closeSilent(this.room, this.gate, wall)) {
      if (this.game.isSeated(uid)) await this.game.presence(uid, false, connection, wall);
    }
  }

  /**
   * One alarm per room: the earliest of the machine's next deadline, a bot's next move (both on the
   * game's clock, none while a test holds it still), the moment a socket would count as silent, and
   * the next settlement try.
   */
  private armAlarm(): Promise<void> {
    const wall = Date.now();
    const { clock } = this.game;
    const deadline = wakeAt(clock, this.game.nextMoment(), this.gate.nextSilenceAt(), wall);
    return this.alarm.arm(this.room.storage, deadline, this.settlement.nextAttemptAt(), wall);
  }

  /** A test's call on the room's clock (tests only: wire/test-clock.ts, docs/decisions/083). */
  private async testClock(action: TestClockCall['action']): Promise<Response> {
    const { game } = this;
    if (!(await this.ensureActor()) || !game.actor) {
      return this.unknownToSite ? refusal(404, 'room_not_found') : refusal(503, 'room_unavailable');
    }
    if (action === 'step' && !game.clock.stopped) return refusal(409, 'clock_running');
    if (moveClock(game.clock, action, Date.now(), () => game.nextMoment())) {
      await saveClock(this.room.storage, game.clock.snapshot());
      // What is due at the clock's new time happens now (a step's deadline or bot move).
      await game.tick();
      await this.armAlarm();
    }
    return jsonResponse(clockAnswer(game.actor, game.clock, game.now(), game.nextMoment()));
  }

  // ---- the site ----

  private async ensureActor(): Promise<boolean> {
    if (!this.game.actor) await this.pullFromSite();
    return this.game.actor !== null;
  }

  private async pullFromSite(): Promise<void> {
    if (!this.roomId) return;
    const pulled = await pullRoom(this.env, this.roomId, Date.now());
    this.unknownToSite = !pulled.ok && pulled.reason === 'not-found';
    if (pulled.ok && !this.game.actor) await this.createFromSite(pulled.room);
  }

  // ---- helpers ----

  private serial<T>(task: () => Promise<T>): Promise<T> {
    return this.queue.run(task);
  }

  private currentRoomId(): string | null {
    try {
      return this.room.id;
    } catch {
      // Not readable while handling an alarm; storage has it.
      return null;
    }
  }
}

RoomServer satisfies Party.Worker;
