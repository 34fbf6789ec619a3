// The board as a game on a 360 × 740 phone: a practice game against bots from its first screen to
// game over. The page's clock is held and run forward by the test, so each moment of a roll (the
// die, the truck between tiles, the landing, a 6, a fee, a purchase) can be stopped and
// photographed at the three sizes; what the board showed is recorded in the page as it happened
// (its markers: `data-motion-phase`, `data-die-face`, `data-hud-turn`) and checked against the
// finished game's record: the die shown after each roll's motion is the roll, the steps come in
// order, each line names its player, the hud and the dice bar name the same turn, nothing sounds
// before the first tap, and game over opens on the winner. With reduced motion each roll shows at
// once. (A staked game: board-feel-staked.spec.ts.)
import { createPracticeViaApi, expect, startGuest, test } from './support/fixtures';
import {
  holdableRoom,
  holdTheClock,
  IDLE_STEP_MS,
  keep,
  lookAt,
  photograph,
  recordTheBoard,
  tap,
  type Seen,
} from './support/board-watch';
import { holdClock, readClock, releaseClock, stepClock } from './support/clock';
import { expectAccessible, expectOnScreen, PORTRAIT, SIZES } from './support/screens';
import { SOCKET_CLOSE_CODES } from '#game/messages.ts';
import { BOARD_LIVE_MS, budgetFromAlone } from './support/budget';

interface Roll {
  nonce: number;
  roll: number;
  player: string;
}

test('a practice game reveals each roll in order: the die shows the roll, sound waits for a tap, game over opens on the winner', async ({
  page,
}, testInfo) => {
  budgetFromAlone(72);
  await page.setViewportSize(PORTRAIT);
  await page.addInitScript(recordTheBoard);
  const room = await holdableRoom(page);
  await startGuest(page.request);
  const roomId = await createPracticeViaApi(page.request, { time: 10, bots: 3 });
  await page.goto(`/rentalgame/boardgame/${roomId}`);
  await expect(page.locator('[data-die]')).toBeAttached({ timeout: BOARD_LIVE_MS });
  await expect(page.locator('[data-testid="board"] canvas')).toBeVisible({
    timeout: BOARD_LIVE_MS,
  });
  // Connected: a loaded machine can take seconds to open the room's socket, and meanwhile the
  // "Reconnecting…" line stands above the board.
  await expect(page.getByTestId('reconnecting')).toHaveCount(0, { timeout: BOARD_LIVE_MS });

  // While a moment is photographed the game stands still: the room's clock held (no turn timer or
  // bot moves on, so no reveal piles up to be hurried past and no offer lapses meanwhile) and its
  // news held back.
  const pause = async () => {
    room.hold();
    await holdClock(roomId);
  };
  const resume = async () => {
    await releaseClock(roomId);
    room.release();
  };

  // From here the page's time moves only as the test runs it forward.
  await holdTheClock(page);
  await pause();
  await photograph(page, testInfo, 'feel-first-screen');
  await resume();

  const moments: Record<string, (s: Awaited<ReturnType<typeof lookAt>>) => boolean> = {
    'feel-die': (s) => s.phase === 'die',
    'feel-mid-motion': (s) => s.phase === 'hops',
    'feel-landing': (s) => s.phase === 'effect' && /gain|cost|tax/.test(s.effect),
    'feel-six': (s) => s.phase === 'six',
    'feel-fee': (s) => s.phase === 'effect' && s.effect.includes('fee'),
    'feel-purchase': (s) => s.phase === 'buy',
    'feel-offer': (s) => s.offer,
  };
  const captured = new Set<string>();
  const revealsBeforeTap = new Set<string>();
  let tapped = false;
  let heard = false;
  let bought = false;
  const deadline = Date.now() + 110_000;
  let now = await lookAt(page);
  for (;;) {
    expect(Date.now(), 'the practice game should end').toBeLessThan(deadline);
    // On to the next step of the motion (so that every step is seen), or a little while idle.
    await page.clock.runFor(now.stepLeft === null ? IDLE_STEP_MS : Math.max(1, now.stepLeft + 1));
    now = await lookAt(page);
    if (now.over) break;
    for (const [name, matches] of Object.entries(moments)) {
      if (captured.has(name) || !matches(now)) continue;
      // A moment gone by the time the game is paused is left for the next one.
      await pause();
      if (matches(await lookAt(page))) {
        captured.add(name);
        await photograph(page, testInfo, name);
      }
      await resume();
    }
    if (!tapped) {
      if (now.reveal) revealsBeforeTap.add(now.reveal);
      // Rolls have played, with their sounds due: none made before the player's first tap.
      if (revealsBeforeTap.size >= 3) {
        expect(now.audio, 'no audio before the first tap').toEqual({ contexts: 0, starts: 0 });
        tapped = await tap(page, '[data-testid="practice-note"]');
        expect(tapped, 'the practice note tapped').toBe(true);
      }
    } else if (!heard && now.audio.starts > 0) {
      heard = true;
    }
    // The player's own taps wait for the sound check above: any tap (Roll too) lets sound play.
    if (!tapped) continue;
    // A tap lands where the button was looked at: the game stands still meanwhile, so that game
    // over cannot open under the finger (a tap on its history link would leave the board).
    const wantsOffer = now.offer && !bought && captured.has('feel-offer');
    if (wantsOffer || (now.rollEnabled && !now.offer)) {
      await pause();
      const still = await lookAt(page);
      if (!still.over && wantsOffer && still.offer) {
        bought = await tap(page, '[data-testid="truck-offer"] button');
      } else if (!still.over && !wantsOffer && still.rollEnabled && !still.offer) {
        await tap(page, '.dice-bar__roll');
      }
      await resume();
    }
  }
  await page.clock.resume();
  if (room.closedByRoom.length > 0) {
    testInfo.annotations.push({
      type: 'closed by the room',
      description: room.closedByRoom.join(),
    });
  }
  // The room never took the board's link as lost (the test keeps its heartbeat, board-watch.ts).
  expect(room.closedByRoom, 'the room dropped the socket as silent').not.toContain(
    SOCKET_CLOSE_CODES.silent,
  );
  const audioAfter = await lookAt(page);
  expect(
    { tapped, heard, audio: audioAfter.audio },
    'sounds play once the player has tapped',
  ).toMatchObject({ tapped: true, heard: true });
  expect(
    await page.evaluate(
      () => (window as unknown as { __audio: { contexts: number } }).__audio.contexts,
    ),
  ).toBe(1);

  // Game over opens at its top: the heading has focus, the player's line and the winner's in view.
  const over = page.getByRole('dialog', { name: 'Practice game over' });
  await expect(over).toBeVisible();
  await expect(over.getByRole('heading', { name: 'Practice game over' })).toBeFocused();
  await expectOnScreen(page, over.getByTestId('game-over-you'), 'the player’s place at game over');
  await expectOnScreen(
    page,
    over.getByTestId('podium').locator('li').first(),
    'the winner on the podium',
  );
  await expectOnScreen(page, over.getByRole('link', { name: 'Game history' }), 'the history link');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await keep(page, testInfo, 'feel-game-over');
  }
  await page.setViewportSize(PORTRAIT);
  await expectAccessible(page, 'practice game over');

  // The moments that every game has were photographed; the rarer ones when they happened.
  for (const name of ['feel-die', 'feel-mid-motion', 'feel-landing']) {
    expect(captured, `a screenshot of ${name}`).toContain(name);
  }
  const missed = Object.keys(moments).filter((name) => !captured.has(name));
  if (missed.length)
    testInfo.annotations.push({ type: 'not seen in this game', description: missed.join(', ') });

  // What the board showed, against the game's record.
  const answer = await page.request.get(`/api/games/${roomId}`);
  expect(answer.status()).toBe(200);
  const { game } = (await answer.json()) as {
    game: {
      participants: Record<string, { name: string }>;
      logs: { type: string; nonce?: number; roll?: number; player?: string }[];
    };
  };
  const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
  const rolls = new Map<number, Roll>(
    game.logs
      .filter((e) => e.type === 'dice_roll')
      .map((e) => [e.nonce as number, { nonce: e.nonce!, roll: e.roll!, player: e.player! }]),
  );
  const seen = await page.evaluate(() => (window as unknown as { __seen: Seen[] }).__seen);

  // The die: whenever it was not tumbling, it showed the face of the roll it stood for.
  const landed = seen.filter((s) => !s.rolling && s.nonce !== '');
  expect(landed.length).toBeGreaterThan(10);
  for (const s of landed) {
    expect(s.face, `the die for roll ${s.nonce}`).toBe(String(rolls.get(Number(s.nonce))?.roll));
  }
  // …and it ended on the game's last roll.
  const lastRoll = [...rolls.values()].at(-1);
  expect(seen.at(-1)?.face).toBe(String(lastRoll?.roll));

  // The steps of each roll in order: die, hops, the landing, then a 6.
  const order = ['die', 'hops', 'effect', 'six'];
  const phases = new Map<string, string[]>();
  for (const s of seen) {
    if (!s.reveal.startsWith('roll:')) continue;
    const list = phases.get(s.reveal) ?? [];
    if (list.at(-1) !== s.phase) list.push(s.phase);
    phases.set(s.reveal, list);
  }
  expect(phases.size).toBeGreaterThan(5);
  for (const [reveal, list] of phases) {
    const ranks = list.map((p) => order.indexOf(p));
    expect(ranks, `${reveal}: ${list.join(' → ')}`).toEqual([...ranks].sort((a, b) => a - b));
  }

  // The town square and the dice bar name the same turn at every moment (neither runs ahead).
  const turns = seen.filter((s) => s.panelTurn !== null);
  expect(turns.filter((s) => s.hudTurn !== s.panelTurn).slice(0, 3)).toEqual([]);
  expect(new Set(turns.map((s) => s.panelTurn)).size).toBeGreaterThan(2);

  // Every line names the player it belongs to (on the board, and as said to screen readers).
  const lines = new Map([
    ...seen.filter((s) => s.saidFor.startsWith('roll:')).map((s) => [s.saidFor, s.said] as const),
    ...seen.filter((s) => s.lineFor.startsWith('roll:')).map((s) => [s.lineFor, s.line] as const),
  ]);
  expect(lines.size).toBeGreaterThan(5);
  for (const [id, text] of lines) {
    const roll = rolls.get(Number(id.slice('roll:'.length)));
    expect(roll, id).toBeDefined();
    if (roll!.player === me.user.id) expect(text).toMatch(/^You rolled|for you/);
    else expect(text).toContain(game.participants[roll!.player]?.name ?? '?');
  }
});

test('reduced motion: each roll shows at once, with the same words and the die on the roll', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addInitScript(recordTheBoard);
  await startGuest(page.request);
  const roomId = await createPracticeViaApi(page.request, { time: 5, bots: 2 });
  // The game moves only as the test steps its clock: on a loaded machine a running game would be
  // over, or many rolls on, before the page had shown one.
  await holdClock(roomId);
  await page.goto(`/rentalgame/boardgame/${roomId}`);
  // The live board (its code comes after the first paint), connected.
  await expect(page.locator('.board-overlay [data-die]')).toBeAttached({ timeout: BOARD_LIVE_MS });
  await expect(page.getByTestId('reconnecting')).toHaveCount(0, { timeout: BOARD_LIVE_MS });
  // Several rolls later (their words said in the board's centre and in the log), each one shown
  // before the clock moves on to the next…
  const rollLinesShown = () =>
    page.evaluate(
      () =>
        new Set(
          (window as unknown as { __seen: Seen[] }).__seen
            .filter((s) => s.lineFor.startsWith('roll:'))
            .map((s) => s.lineFor),
        ).size,
    );
  let rolls = (await readClock(roomId)).rolls;
  for (let steps = 0; (await rollLinesShown()) < 4; steps += 1) {
    expect(steps, 'clock steps before four rolls were shown').toBeLessThan(40);
    const shown = await rollLinesShown();
    const clock = await stepClock(roomId);
    if (clock.rolls > rolls) {
      await expect.poll(rollLinesShown, { timeout: 30_000 }).toBeGreaterThan(shown);
    }
    rolls = clock.rolls;
  }
  const seen = await page.evaluate(() => (window as unknown as { __seen: Seen[] }).__seen);
  // …no step ever played: the board went from one end state to the next…
  expect(seen.filter((s) => s.phase !== 'idle' || s.rolling)).toEqual([]);
  // …and each line came with the die on its roll (the line says "rolled N").
  const withLines = seen.filter((s) => s.lineFor.startsWith('roll:'));
  expect(withLines.length).toBeGreaterThan(3);
  for (const s of withLines) {
    expect(s.line).toMatch(new RegExp(`rolled ${s.face}\\b`));
  }
});
