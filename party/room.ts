// The room server: one instance per game (`/parties/main/<roomId>`), a thin shell around the room
// machine in game/. It checks tickets before any room state exists, turns messages, site pushes and
// the alarm into machine events carrying `now` (the room's game clock, party/room/clock.ts),
// broadcasts the projected view, persists the snapshot after every change, drives every deadline
// from one storage alarm, and reports the result to the site until the site acknowledges it.
import type * as Party from 'partykit/server';
import { createActor } from 'xstate';
import { intentEvent } from '#game/protocol.ts';
import { nextDeadline, roomMachine, type RoomEvent } from '#game/room-machine.ts';
import { RULES_VERSION } from '#game/rules.ts';
import type { LogEntry } from '#game/log.ts';
import { verifyTicket } from '#wire/signing.ts';
import {
  answerClose,
  closeSession,
  closeWith,
  onlineUids,
  hasOtherConnection,
  sendToAdmitted,
  viewerFrom,
  viewerOf,
  withViewer,
  type Viewer,
} from './room/connections';
import { readEnv, type PartyEnv } from './room/env';
import { errorMessage, logMessage, notAPlayer, notLoaded } from './room/messages';
import { MessageGate } from './room/message-gate';
import { CLOSE, ROOM_LIMITS, type CloseReason } from './room/limits';
import { AddressAdmissions } from './room/address-admissions';
import { jsonResponse, refusal } from './room/signed-request';
import { RoomAlarm } from './room/alarm';
import { dueBotEvent, MAX_BOT_MOVES_PER_TICK } from './room/bots';
import {
  EffectsCollector,
  seatedUidsOf,
  type PersistedSnapshot,
  type RoomActor,
} from './room/room-actor';
import { SettlementReporter } from './room/settlement-reporter';
import { pullRoom } from './room/site-client';
import { loadSignOuts, saveSignOuts, SignOuts } from './room/sign-outs';
import { inputOf, machineInput, seatsEvent } from './room/site-events';
import type { RoomForParty } from '#wire/site-room.ts';
import { RoomView } from './room/room-view';
import {
  loadRoom,
  saveChange,
  saveClock,
  saveRematch,
  saveRoomId,
  type StoredRematch,
} from './room/storage';
import { playableHere } from './room/snapshot-format';
import { TaskQueue } from './room/task-queue';
import { RoomClock, type ClockState } from './room/clock';
import type { TestClockCall } from '#wire/test-clock.ts';
import { clockAnswer, moveClock } from './room/clock-control';
import { followClock, nextMoment, wakeAt } from './room/deadlines';
import { closeSilent, presenceDrift } from './room/presence';
import { admissionFor, arrivalRefusal, closeForMessages } from './room/admission';
import { closeForRestart, routeRequest, type RoomRequestHandlers } from './room/requests';

/** How much of the log a connecting client receives (the finished game's record holds all of it). */
const RECENT_LOGS_ON_CONNECT = 100;

export default class RoomServer implements Party.Server {
  private readonly env: PartyEnv;
  private roomId = '';
  private actor: RoomActor | null = null;
  private logs: LogEntry[] = [];
  private readonly settlement: SettlementReporter;
  private readonly effects = new EffectsCollector();
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
  /** The rules this room's game is played under (stored with its snapshot). */
  private rules = RULES_VERSION;
  /** Until when new sockets are turned away because a restart is coming (call 7). */
  private restartingUntil = 0;
  /** The game's time; the wall clock itself unless a test holds it (tests only). */
  private clock = new RoomClock();
  /** What each of the room's HTTP calls does here (party/room/requests.ts routes them). */
  private readonly requests: RoomRequestHandlers;

  constructor(readonly room: Party.Room) {
    this.env = readEnv(room.env);
    this.settlement = new SettlementReporter(
      this.env,
      room,
      () => ({ roomId: this.roomId, actor: this.actor, logs: this.logs, rules: this.rules }),
      () => this.armAlarm(),
    );
    this.view = new RoomView(
      room,
      () => this.actor,
      (task) => this.serial(task),
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
    this.logs = stored.logs;
    this.settlement.record = stored.settlement;
    this.rules = stored.rules;
    if (this.env.testClockKey && stored.clock) this.clock = new RoomClock(stored.clock);
    const restored = stored.snapshot ? this.restore(stored.snapshot) : false;
    if (stored.unreadable) console.warn(`room ${this.roomId}: ${stored.unreadable}`);
    if (restored) {
      this.view.setRematch(stored.rematch);
      // Nobody is connected to a room that just started: clear the presence it was stored with.
      await this.syncPresence();
    } else {
      // No game here (none stored, or one this release cannot play on): the site's word decides,
      // and a game that should have started long ago comes back closed (decision 079).
      this.logs = [];
      this.settlement.record = undefined;
      this.rules = RULES_VERSION;
      await this.pullFromSite();
    }
    // Deadlines that passed while the server was down are due now.
    await this.tick();
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
    const decidedEarly = this.actor !== null;
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
      const earlier = this.logs.slice(-RECENT_LOGS_ON_CONNECT);
      if (this.isSeated(viewer.uid) && !hasOtherConnection(this.room, viewer.uid, connection)) {
        await this.apply({ type: 'PRESENCE', uid: viewer.uid, connected: true, now: this.now() });
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
      if (!this.actor) return;
      const changed =
        this.isSeated(viewer.uid) &&
        !hasOtherConnection(this.room, viewer.uid, connection) &&
        (await this.apply(
          { type: 'PRESENCE', uid: viewer.uid, connected: false, now: this.now() },
          undefined,
          connection,
        ));
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
          (uid) => this.isSeated(uid),
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
      if (!viewer || !this.isSeated(viewer.uid) || gated.message.type === 'sync') {
        sender.send(notAPlayer());
        return;
      }
      // 4. the machine decides (at the game's time); then broadcast and persist
      await this.apply(intentEvent(gated.message, viewer.uid, this.now(now)), sender);
    });
  }

  onRequest(request: Party.Request): Promise<Response> {
    return routeRequest(request, this.requests);
  }

  onAlarm(): Promise<void> {
    this.alarm.fired();
    return this.serial(async () => {
      await this.dropSilent(Date.now());
      await this.tick();
      await this.armAlarm();
    }).then(() => this.settlement.settle());
  }

  /** Why `viewer` may not be let in now (party/room/admission.ts), or null. */
  private refusalFor(viewer: Viewer, spendAdmission: boolean): CloseReason | null {
    const state = {
      room: this.room,
      signOuts: this.signOuts,
      admissions: this.admissions,
      seated: this.seatedUids(),
    };
    return admissionFor(state, viewer, spendAdmission, Date.now());
  }

  // ---- the machine ----

  /**
   * Starts the machine from a stored snapshot (already brought to today's format). A game this
   * release cannot play on (an unfinished one under other rules), or a snapshot the machine cannot
   * read, is not started: the room then holds no game (docs/decisions/093).
   */
  private restore(snapshot: PersistedSnapshot): boolean {
    const finished = this.settlement.record !== undefined;
    if (!playableHere(this.rules, finished)) {
      console.warn(`room ${this.roomId}: its game is played under rules ${this.rules}, not here`);
      return false;
    }
    try {
      this.startActor(createActor(roomMachine, { snapshot, input: inputOf(snapshot) }));
      return true;
    } catch (error) {
      console.warn(`room ${this.roomId}: the stored game cannot be restored: ${String(error)}`);
      this.actor = null;
      return false;
    }
  }

  private startActor(actor: RoomActor): void {
    this.actor = this.effects.start(actor);
  }

  private async createFromSite(room: RoomForParty): Promise<void> {
    if (!this.roomId) this.roomId = room.roomId;
    this.startActor(createActor(roomMachine, { input: machineInput(room, this.env.timeScale) }));
    this.unknownToSite = false;
    await saveRoomId(this.room.storage, room.roomId);
    // Written even when unchanged: a rematch stored beside a game that could not be restored goes.
    this.view.setRematch(room.rematch);
    await saveRematch(this.room.storage, room.rematch);
    // The fresh machine has no seats yet; the site's seats arrive as its first event. A room the
    // site already finished has nothing left to play here.
    await this.apply(seatsEvent(room, this.now(), onlineUids(this.room), room.status === 'ended'));
  }

  /** Call 1: a room not loaded yet starts from the site's; a loaded one takes its seats. */
  private async pushRoom(pushed: RoomForParty): Promise<void> {
    if (!this.actor) {
      await this.createFromSite(pushed);
    } else {
      await this.apply(seatsEvent(pushed, this.now(), onlineUids(this.room)));
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
    if (this.actor) await saveSignOuts(this.room.storage, this.signOuts);
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
      if (!this.isSeated(uid)) continue;
      await this.apply(
        { type: 'PRESENCE', uid, connected: false, now: this.now(wall) },
        undefined,
        connection,
      );
    }
  }

  /** Brings each seat's presence in line with the live connections (a restored room). */
  private async syncPresence(): Promise<void> {
    const actor = this.actor;
    if (!actor) return;
    for (const { uid, connected } of presenceDrift(actor, this.room)) {
      await this.apply({ type: 'PRESENCE', uid, connected, now: this.now() });
    }
  }

  /**
   * Sends one event to the machine, then broadcasts and persists what it produced. Refusals go to
   * the sender only. Returns whether anything changed.
   */
  private async apply(
    event: RoomEvent,
    sender?: Party.Connection,
    closing?: Party.Connection,
  ): Promise<boolean> {
    const actor = this.actor;
    if (!actor) return false;
    if (actor.getSnapshot().status !== 'active') {
      // The room reached its final state (closed by the site): nothing changes any more.
      sender?.send(errorMessage('room_closed'));
      return false;
    }
    const effects = this.effects.send(actor, event);

    for (const code of effects.refusals) sender?.send(errorMessage(code));
    if (!effects.changed && effects.logs.length === 0 && !effects.finished) return false;

    const firstIndex = this.logs.length;
    this.logs.push(...effects.logs);
    for (const entry of effects.logs) sendToAdmitted(this.room, logMessage(entry));
    this.view.broadcastState(closing);

    if (effects.finished) this.settlement.begin(Date.now());
    const clock = this.followClock(event.now);
    await saveChange(this.room.storage, {
      snapshot: actor.getPersistedSnapshot(),
      rules: this.rules,
      logs: { firstIndex, entries: effects.logs },
      settlement: this.settlement.record,
      clock,
    });
    await this.armAlarm();
    if (effects.finished) void this.settlement.settle();
    return true;
  }

  /** Processes every deadline that has passed (countdown end, turn timer, game end). */
  private async tick(): Promise<void> {
    if (!this.actor) return;
    const now = this.now();
    const due = nextDeadline(this.actor.getSnapshot());
    if (due !== null && due <= now) await this.apply({ type: 'TICK', now });
    await this.moveBots(now);
  }

  /** Practice: the bots whose pause is over move, as a player would. */
  private async moveBots(now: number): Promise<void> {
    for (let i = 0; i < MAX_BOT_MOVES_PER_TICK; i++) {
      const event = dueBotEvent(this.actor, now, this.env.timeScale);
      if (!event || !(await this.apply(event))) return;
    }
  }

  /**
   * One alarm per room: the earliest of the machine's next deadline, a bot's next move (both on the
   * game's clock, none while a test holds it still), the moment a socket would count as silent, and
   * the next settlement try.
   */
  private armAlarm(): Promise<void> {
    const wall = Date.now();
    const deadline = wakeAt(this.clock, this.nextMoment(), this.gate.nextSilenceAt(), wall);
    return this.alarm.arm(this.room.storage, deadline, this.settlement.nextAttemptAt(), wall);
  }

  /** The room's next moment on the game's clock: its next deadline or bot move, or null. */
  private nextMoment(): number | null {
    return nextMoment(this.actor, this.now(), this.env.timeScale);
  }

  // ---- the game's clock ----

  /** The game's time when the wall clock reads `wall`: every machine event carries it. */
  private now(wall = Date.now()): number {
    return this.clock.now(wall);
  }

  /**
   * After a change at game time `time`: a held clock stops once the room waits for it, and runs
   * on once the game is over. Answers the clock's state when that moved it (to be stored).
   */
  private followClock(time: number): ClockState | undefined {
    return followClock(this.clock, time, Date.now(), () => this.nextMoment() !== null);
  }

  /** A test's call on the room's clock (tests only: wire/test-clock.ts, docs/decisions/083). */
  private async testClock(action: TestClockCall['action']): Promise<Response> {
    if (!(await this.ensureActor()) || !this.actor) {
      return this.unknownToSite ? refusal(404, 'room_not_found') : refusal(503, 'room_unavailable');
    }
    if (action === 'step' && !this.clock.stopped) return refusal(409, 'clock_running');
    if (moveClock(this.clock, action, Date.now(), () => this.nextMoment())) {
      await saveClock(this.room.storage, this.clock.snapshot());
      // What is due at the clock's new time happens now (a step's deadline or bot move).
      await this.tick();
      await this.armAlarm();
    }
    return jsonResponse(clockAnswer(this.actor, this.clock, this.now(), this.nextMoment()));
  }

  // ---- the site ----

  private async ensureActor(): Promise<boolean> {
    if (!this.actor) await this.pullFromSite();
    return this.actor !== null;
  }

  private async pullFromSite(): Promise<void> {
    if (!this.roomId) return;
    const pulled = await pullRoom(this.env, this.roomId, Date.now());
    this.unknownToSite = !pulled.ok && pulled.reason === 'not-found';
    if (pulled.ok && !this.actor) await this.createFromSite(pulled.room);
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

  private seatedUids(): Set<string> {
    return seatedUidsOf(this.actor);
  }

  private isSeated(uid: string): boolean {
    return this.seatedUids().has(uid);
  }
}

RoomServer satisfies Party.Worker;
