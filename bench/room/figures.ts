// The room benchmark's report: the figures and notes of a finished run, from its recorded state.
import { figure, median, percentile, type Section } from '../support/report';
import { PLAYERS } from './bots';
import { gameBytes, profileRoll, PROFILE_STEPS } from './profile';
import type { ConnectBytes, RunState } from './level';
import { mib, type Measured } from './measure';
import { groupProcesses, type Usage } from './procs';
import { LEVELS, ROLL_INTERVAL_MS, TIME_SCALE, WARMUP_MS, WINDOW_MS } from './settings';

/** What partykit dev logged as errors, by kind (stack traces left out). */
export function errorsIn(output: string): Map<string, number> {
  const kinds = new Map<string, number>();
  for (const line of output.split('\n')) {
    const match =
      /\[ERROR\]\s*(.*)$/.exec(line) ??
      /(room machine stopped.*|room server task failed.*|settlement attempt failed.*)$/.exec(line);
    if (!match) continue;
    const kind = (match[1] ?? '')
      .replace(/workerd\/server\/server\.c\+\+:\d+: error: /, '')
      .replace(/kj\/[\w-]+\.c\+\+:\d+: /g, '')
      .slice(0, 160);
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return kinds;
}

export interface RunEnd {
  /** Everything partykit dev printed. */
  partyOutput: string;
  partyGroup: number | null;
  /** Memory before any room. */
  idle: { party: Usage | null; bare: Usage | null };
  connectBytes: ConnectBytes;
}

/** The room part's figures and notes (appended to `state.notes`). */
export function reportRun(state: RunState, end: RunEnd): { figures: Section; notes: string[] } {
  const { real, echo, bareRef, skipped, echoSkipped, bareSkipped, filesAt, gameRooms, notes } =
    state;
  const { idle, connectBytes } = end;
  const errorKinds = errorsIn(end.partyOutput);
  if (errorKinds.size > 0) {
    notes.push(
      `partykit dev logged errors: ${[...errorKinds].map(([text, n]) => `${n}× "${text}"`).join('; ')}` +
        ` — by phase: ${state.phaseErrors.join(', ')}.`,
    );
  } else {
    notes.push('partykit dev logged no errors.');
  }
  if (end.partyGroup !== null) {
    const processes = groupProcesses(end.partyGroup);
    notes.push(
      `partykit dev process group at the end: ` +
        processes
          .map(
            (p) =>
              `${p.name} (pid ${p.pid}) ${mib(p.rssMiB)} MiB RSS, ${(p.cpuMs / 1000).toFixed(1)} s CPU`,
          )
          .join('; ') +
        '.',
    );
  }

  // -- figures --
  const figures: Section = {};
  const refOf = (
    map: Map<number, Measured>,
    rooms: number,
    pick: (m: Measured) => number | null,
  ) => {
    const m = map.get(rooms);
    return m ? pick(m) : null;
  };
  for (const rooms of LEVELS) {
    const m = real.get(rooms);
    const why = skipped.get(rooms);
    const echoWhy = echoSkipped.get(rooms);
    const bareWhy = bareSkipped.get(rooms);
    const group: Section = {};
    const add = (name: string, unit: string, pick: (m: Measured) => number | null) => {
      const value = m ? pick(m) : null;
      const note = m ? undefined : why;
      const echoValue = refOf(echo, rooms, pick);
      const bareValue = refOf(bareRef, rooms, pick);
      group[name] = figure(
        value,
        unit,
        { name: 'echo room', value: echoValue },
        note ?? (echoValue === null && m ? `echo room ${echoWhy ?? 'not measured'}` : undefined),
      );
      group[`${name}VsBareWs`] = figure(
        value,
        unit,
        { name: 'bare ws', value: bareValue },
        note ?? (bareValue === null && m ? `bare ws ${bareWhy ?? 'not measured'}` : undefined),
      );
    };
    add('rollToAllStateP50', 'ms', (x) => x.p50);
    add('rollToAllStateP99', 'ms', (x) => x.p99);
    add('rollsPerSecond', 'rolls/s', (x) => x.rollsPerSecond);
    add('serverCpuPerRoll', 'ms CPU', (x) => x.cpuPerRoll);
    group.botsCpu = figure(
      m ? m.botsCpuShare : null,
      '% of a core',
      { name: 'echo room', value: refOf(echo, rooms, (x) => x.botsCpuShare) },
      m ? 'the bot process itself (one core at most): near 100 % = the client is the limit' : why,
    );
    group.measuredRolls = figure(
      m ? m.samples : null,
      'rolls',
      undefined,
      m
        ? `lost ${m.level.lost}, refused ${m.level.refused}, taken by the turn timer ${m.level.autoRolls}` +
            (m.level.autoWaits.length > 0
              ? ` (those had waited ${Math.round(percentile(m.level.autoWaits, 50)!)} ms median, ` +
                `${Math.round(Math.max(...m.level.autoWaits))} ms max, when the timer's roll came back)`
              : '')
        : why,
    );
    figures[`rooms${rooms}`] = group;
  }

  const firstLevel = real.get(LEVELS[0]!);
  const all = [...real.values()];
  const stateBytes = all.flatMap((m) => m.level.stateBytes);
  const logBytes = all.flatMap((m) => m.level.logBytes);
  const logCounts = all.flatMap((m) => m.level.logCounts);
  const echoBytes = [...echo.values()].flatMap((m) => m.level.echoBytes);
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
  const firstStates = gameRooms.flatMap((room) =>
    room.firstStateBytes.filter((b): b is number => b !== null),
  );
  figures.bytes = {
    stateAfterMove: figure(
      median(stateBytes),
      'B',
      undefined,
      `median of ${stateBytes.length}; p99 ${percentile(stateBytes, 99)} B; one client, per roll: ` +
        'the patch that carries the roll (a whole state only to a socket that had none)',
    ),
    logPerMove: figure(
      mean(logBytes),
      'B',
      undefined,
      `mean; ${mean(logCounts)?.toFixed(2)} log messages per roll, sent to every client`,
    ),
    stateAndLogPerMove: figure(
      median(stateBytes) === null || mean(logBytes) === null
        ? null
        : median(stateBytes)! + mean(logBytes)!,
      'B',
      undefined,
      `one client, per roll; × ${PLAYERS} clients per room`,
    ),
    stateOnConnect: figure(
      connectBytes.state,
      'B',
      undefined,
      connectBytes.note ?? 'a spectator joining a room mid-game: its first state message',
    ),
    logsOnConnect: figure(
      connectBytes.logs,
      'B',
      undefined,
      connectBytes.note ?? `${connectBytes.logCount} log messages (the last 100 at most)`,
    ),
    stateOnConnectNewRoom: figure(
      median(firstStates),
      'B',
      undefined,
      'first state each bot got when it joined its new room (before any roll)',
    ),
    echoMessage: figure(
      median(echoBytes),
      'B',
      undefined,
      'what the echo bots send: padded to the median state message',
    ),
  };

  // One player's phone over a whole 10-minute game, and the pure steps of a roll (profile.ts).
  const game = gameBytes();
  const socket = game.patches + game.logs + game.heartbeat + game.sent;
  const before = game.wholeStates + game.logs + game.heartbeat + game.sent;
  figures.bytes.perGame10MinPhone = figure(
    socket + game.http,
    'B',
    { name: 'whole state after every change', value: before + game.http },
    `one player, a 4-player 10-minute game of ${game.moves} moves (a move 1–8 s after the turn ` +
      `comes), framing included: states and patches ${game.patches} B, logs ${game.logs} B, ` +
      `heartbeat ${game.heartbeat} B received, ${game.sent} B sent; HTTP ${game.http} B estimated ` +
      '(ticket call and upgrade headers; not measured by the web benchmark)',
  );
  profileRoll(1_000);
  const steps = profileRoll(5_000);
  const pure = PROFILE_STEPS.reduce((sum, step) => sum + steps[step], 0);
  const cpu = real.get(LEVELS[0]!)?.cpuPerRoll ?? null;
  const echoCpu = echo.get(LEVELS[0]!)?.cpuPerRoll ?? null;
  figures.profile = Object.fromEntries(
    PROFILE_STEPS.map((step) => [
      step,
      figure(
        steps[step],
        'µs',
        undefined,
        `per roll, on one core in this process; ${((100 * steps[step]) / pure).toFixed(0)} % of the pure steps`,
      ),
    ]),
  );
  figures.profile.pureTotal = figure(
    pure,
    'µs',
    cpu === null
      ? undefined
      : { name: `room server CPU per roll at ${LEVELS[0]} rooms`, value: cpu * 1000 },
    'the rest of the CPU per roll is workerd: storage writes, socket sends, the runtime (the echo room ' +
      `spends ${echoCpu === null ? '?' : Math.round(echoCpu * 1000)} µs per roll on the transport alone)`,
  );

  const memory: Section = {
    idle: figure(
      mib(idle.party?.rssMiB),
      'MiB',
      { name: 'bare ws server', value: mib(idle.bare?.rssMiB) },
      'partykit dev (node + workerd), before any room',
    ),
  };
  for (const rooms of LEVELS) {
    const m = real.get(rooms);
    const why = skipped.get(rooms);
    memory[`rooms${rooms}Before`] = figure(
      mib(m?.rssBefore),
      'MiB',
      undefined,
      m ? undefined : why,
    );
    memory[`rooms${rooms}Peak`] = figure(
      mib(m?.rssPeak),
      'MiB',
      { name: 'bare ws server peak', value: mib(bareRef.get(rooms)?.rssPeak) },
      m
        ? `echo room level peak (same process): ${mib(echo.get(rooms)?.rssPeak) ?? 'n/a'} MiB`
        : why,
    );
  }
  for (const rooms of LEVELS) {
    const files = filesAt.get(rooms);
    memory[`rooms${rooms}OpenFiles`] = figure(
      files?.open ?? null,
      'fds',
      undefined,
      files
        ? `workerd's open file descriptors after the level (soft limit ${files.limit ?? '?'})`
        : skipped.get(rooms),
    );
  }
  figures.memory = memory;

  notes.push(
    `Levels are cumulative: the rooms of a level stay connected (idle) for the next one, which adds ` +
      `rooms. Each room rolls in a closed loop, at most one roll every ${ROLL_INTERVAL_MS} ms ` +
      `(offered load ≤ ${1000 / ROLL_INTERVAL_MS} rolls/s per room); window ${WINDOW_MS / 1000} s ` +
      `after ${WARMUP_MS / 1000} s of warm-up; GAME_TIME_SCALE ${TIME_SCALE} (turn timer ${20 * TIME_SCALE} s).`,
    `Latency: from the bot sending {"type":"roll"} until all ${PLAYERS} connections got the state ` +
      `with the new lastRoll.nonce (echo: the echoed message on all ${PLAYERS}). Bots, echo party, ` +
      `partykit dev and the bare ws server share the machine's ${2} cores.`,
    `References run right after the room server at the same level; the room server's idle rooms ` +
      `stay connected meanwhile (their turn timers keep rolling: ≈ rooms / ${20 * TIME_SCALE} s).`,
  );
  if (firstLevel === undefined) notes.push('The room server could not be measured at all.');
  const stoppedAt = LEVELS.find((rooms) => skipped.has(rooms));
  if (stoppedAt !== undefined) {
    notes.push(`The room server series stopped at ${stoppedAt} rooms: ${skipped.get(stoppedAt)}.`);
  } else {
    notes.push(`The room server series ran every level (${LEVELS.join(', ')} rooms).`);
  }
  for (const why of echoSkipped.values()) notes.push(`Echo room ${why}.`);
  for (const why of bareSkipped.values()) notes.push(`Bare ws ${why}.`);
  const series = [
    ['room server', real],
    ['echo room', echo],
    ['bare ws', bareRef],
  ] as const;
  const foreign = LEVELS.flatMap((rooms) =>
    series.flatMap(([name, map]) => {
      const m = map.get(rooms);
      return m ? [`${name} ${rooms}: ${m.othersCpuShare.toFixed(0)}%`] : [];
    }),
  );
  notes.push(
    `CPU used by processes not part of this benchmark during each window (% of one core; the ` +
      `machine has 2 cores, so much above ~20% disturbs the figures): ${foreign.join(', ')}.`,
  );
  const lost = all.reduce((sum, m) => sum + m.level.lost, 0);
  const unparsable = gameRooms.reduce((sum, room) => sum + room.unparsable, 0);
  const dropped = gameRooms.reduce((sum, room) => sum + room.closedUnexpectedly, 0);
  notes.push(
    `Room server: ${lost} roll(s) lost, ${unparsable} unparsable message(s), ${dropped} socket(s) ` +
      `closed by the server, ${state.unpulledTotal} room(s) whose pull never reached the site.`,
  );

  return { figures, notes };
}
