// The game as people play it, on 360 × 640 phones: one player signs up and deposits through the
// forms and creates a room through the option grid, a second joins from the live list, both play by
// pressing Roll until the game ends, a guest watches the board move, and the history shows the
// result, the balance change and the dice check. The rooms around a game (private rooms, screen
// sizes, sign-in redirects, reconnecting) are in game-rooms.spec.ts.
import {
  anotherPerson,
  balanceOf,
  depositViaApi,
  expect,
  isPixi,
  screenshot,
  signUpViaApi,
  test,
  trackScripts,
  uniqueEmail,
  waitForHydration,
} from './support/fixtures';
import { canvasColours, framesDuring, rendersDuring } from './support/canvas';
import { playOnce } from './support/play';

test('two players play a whole game while a guest watches; the history shows the result', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  // Player one signs up through the form and deposits through the form.
  await page.goto('/auth?returnTo=%2Frentalgame%2Fcreatenewgame');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  const signUp = page.getByRole('form', { name: 'Sign up' });
  await waitForHydration(page);
  await signUp.getByLabel('First name').fill('Mwila');
  await signUp.getByLabel('Surname').fill('Banda');
  await signUp.getByLabel('Phone number').fill('0961234567');
  await signUp.getByLabel('Email').fill(uniqueEmail('host'));
  await signUp.getByLabel('Password', { exact: true }).fill('truck-company-1');
  await signUp.getByLabel('I am 18 years old or older.').check();
  await signUp.getByRole('checkbox', { name: /I accept the Terms and Conditions/ }).check();
  await signUp.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/rentalgame\/createnewgame$/);

  await page.goto('/rentalgame/deposit');
  await waitForHydration(page);
  await page.getByLabel('Mobile money number').fill('0961234567');
  await page.getByLabel('Amount (ZMW)').fill('50');
  await page.getByRole('button', { name: 'Deposit ZMW 50.00' }).click();
  await expect(page.getByTestId('header-balance')).toHaveText('ZMW 50.00', { timeout: 15_000 });

  // The create screen loads no canvas code.
  const scripts = trackScripts(page);
  await page.goto('/rentalgame/createnewgame');
  await waitForHydration(page, 'form[aria-label="Create a game"]');
  const grid = page.getByRole('form', { name: 'Create a game' });
  await grid
    .getByRole('group', { name: 'Amount (stake per player)' })
    .getByRole('radio', { name: 'ZMW 10' })
    .check();
  await grid.getByRole('group', { name: 'Time' }).getByRole('radio', { name: '10 min' }).check();
  await grid
    .getByRole('group', { name: 'Players' })
    .getByRole('radio', { name: '2 players' })
    .check();
  await grid.getByRole('group', { name: 'Privacy' }).getByRole('radio', { name: 'Public' }).check();
  await expect(page.getByTestId('summary-stake')).toHaveText('ZMW 10.00');
  await expect(page.getByTestId('summary-pot')).toHaveText('ZMW 20.00');
  await expect(page.getByTestId('summary-prize')).toHaveText('ZMW 16.00');
  await screenshot(page, 'create-game');
  expect(scripts.scripts.filter(isPixi)).toEqual([]);
  await grid.getByRole('button', { name: 'Create game' }).click();

  await expect(page).toHaveURL(/\/rentalgame\/playerwaitingroom\/[A-Za-z0-9_-]+$/);
  const roomId = page.url().split('/').pop() as string;
  await expect(page.getByRole('heading', { name: "Mwila's Room", level: 1 })).toBeVisible();
  await expect(page.getByTestId('room-players')).toHaveText('1 / 2');
  await expect(page.getByTestId('joined-players')).toContainText('Mwila Banda (you)');
  await expect(page.getByTestId('joined-players')).toContainText('Host');
  await expect(page.getByRole('button', { name: 'Exit Room' })).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('ZMW 40.00');
  await screenshot(page, 'waiting-room');
  expect(scripts.scripts.filter(isPixi)).toEqual([]);

  // Player two joins from the live list.
  const two = await anotherPerson(browser);
  await signUpViaApi(two.page.request, { firstName: 'Bwalya', lastName: 'Phiri' });
  await depositViaApi(two.page.request, 30);
  await two.page.goto('/rentalgame/joinrandomroom');
  const card = two.page.locator(`[data-room-id="${roomId}"]`);
  await expect(card).toContainText("Mwila's Room");
  await expect(card).toContainText('ZMW 10.00');
  await expect(card).toContainText('1 / 2');
  await expect(card).toContainText('Mwila Banda');
  await screenshot(two.page, 'join-random');
  await card.getByRole('button', { name: /^Join Mwila's Room/ }).click();

  // The room is full: both go to the board after the countdown.
  await expect(page).toHaveURL(new RegExp(`/rentalgame/boardgame/${roomId}$`), { timeout: 20_000 });
  await expect(two.page).toHaveURL(new RegExp(`/rentalgame/boardgame/${roomId}$`), {
    timeout: 20_000,
  });
  await expect(page.locator('[data-testid="board"] canvas')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('turn-label')).toHaveText(/^(Your turn|Bwalya Phiri's turn)$/);
  expect(scripts.scripts.some(isPixi)).toBe(true);

  // A guest opens the room link and watches.
  const guest = await anotherPerson(browser);
  // When the guest's board receives a new state, whole or as a patch (a render is due then).
  const guestStates: number[] = [];
  guest.page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      if (
        typeof payload === 'string' &&
        (payload.startsWith('{"type":"state"') || payload.startsWith('{"type":"patch"'))
      )
        guestStates.push(Date.now());
    }),
  );
  await guest.page.goto(`/rentalgame/boardgame/${roomId}`);
  await screenshot(guest.page, 'board-signed-out');
  await guest.page.getByRole('button', { name: 'Watch as guest' }).click();
  await expect(guest.page.getByTestId('spectator-note')).toContainText(
    'You are watching as a guest',
  );
  await expect(guest.page.locator('[data-testid="board"] canvas')).toBeVisible({ timeout: 20_000 });
  await expect(guest.page.getByRole('button', { name: 'Roll', exact: true })).toHaveCount(0);

  // Both play by pressing Roll (the test server's clock makes the game about 30 s long).
  const buys = [{ done: false }, { done: false }];
  let screenshotTaken = false;
  let framesWhileMoving = 0;
  const gameOver = page.getByRole('dialog', { name: 'Game over' });
  const deadline = Date.now() + 150_000;
  while (!(await gameOver.isVisible())) {
    expect(Date.now(), 'the game should end').toBeLessThan(deadline);
    await playOnce(page, buys[0] as { done: boolean });
    await playOnce(two.page, buys[1] as { done: boolean });
    const logLines = await guest.page.getByTestId('game-log').locator('li').count();
    if (!screenshotTaken && logLines >= 4) {
      screenshotTaken = true;
      expect(await canvasColours(guest.page)).toBeGreaterThan(5);
      await screenshot(page, 'board');
      await screenshot(guest.page, 'board-spectator');
      // The spectator's log keeps growing and the canvas draws frames while trucks move.
      await expect
        .poll(() => guest.page.getByTestId('game-log').locator('li').count(), { timeout: 10_000 })
        .toBeGreaterThan(logLines);
    }
    if (screenshotTaken && framesWhileMoving === 0)
      framesWhileMoving = await framesDuring(guest.page, 1_200);
    await page.waitForTimeout(150);
  }
  expect(screenshotTaken).toBe(true);
  expect(framesWhileMoving, 'frames are drawn while the dice and trucks move').toBeGreaterThan(5);

  // Game over, on the board: winners, the prize and why; the history a tap away.
  await expect(gameOver.getByTestId('game-over-winners')).toContainText(/ZMW (16|8)\.00/);
  await expect(gameOver.getByTestId('game-over-why')).toContainText(/net profit/i);
  // …and the player's business lesson from this game's numbers.
  await expect(gameOver.getByTestId('lesson').locator('li')).toHaveCount(6);
  await expect(two.page.getByRole('dialog', { name: 'Game over' })).toBeVisible();
  await screenshot(page, 'board-game-over');
  await expect(guest.page.getByRole('dialog', { name: 'Game over' })).toBeVisible();
  // Nothing moves any more: the board renders no frames.
  await guest.page.waitForTimeout(1_500);
  expect(
    await framesDuring(guest.page, 1_500),
    'no frames while nothing moves',
  ).toBeLessThanOrEqual(1);
  // …and renders only for a new state, although the page around it ticks every 250 ms.
  const windowStart = Date.now();
  const renders = await rendersDuring(guest.page, 1_500);
  const newStates = guestStates.filter((at) => at >= windowStart).length;
  expect(renders, `renders while nothing moves (${newStates} new states)`).toBeLessThanOrEqual(
    newStates + 1,
  );

  // The board stays until a player leaves it.
  await expect(page).toHaveURL(/\/rentalgame\/boardgame\//);
  await gameOver.getByRole('link', { name: 'Game history' }).click();
  await two.page
    .getByRole('dialog', { name: 'Game over' })
    .getByRole('link', { name: 'Game history' })
    .click();
  await expect(page).toHaveURL(/\/rentalgame\/gamehistory/, { timeout: 15_000 });
  await expect(two.page).toHaveURL(/\/rentalgame\/gamehistory/, { timeout: 15_000 });
  const mine = page.locator(`[data-room-id="${roomId}"]`);
  await expect(mine).toBeVisible({ timeout: 20_000 });
  const result = (await mine.getByTestId('history-result').textContent()) ?? '';
  const prize = { Won: 16, Lost: 0, Tied: 8 }[result];
  expect(prize, `result "${result}"`).toBeDefined();
  await expect(mine.getByTestId('history-prize')).toHaveText(`ZMW ${prize}.00`);
  await expect.poll(() => balanceOf(page)).toBe(50 - 10 + (prize as number));
  const theirs = two.page.locator(`[data-room-id="${roomId}"]`);
  await expect(theirs).toBeVisible({ timeout: 20_000 });
  const theirPrize = { Won: 16, Lost: 0, Tied: 8 }[
    (await theirs.getByTestId('history-result').textContent()) ?? ''
  ];
  // The two shares are the whole prize: 16 to one, or 8 each.
  expect((prize as number) + (theirPrize as number)).toBe(16);
  await expect.poll(() => balanceOf(two.page)).toBe(30 - 10 + (theirPrize as number));

  // The game just played opens by itself: its lesson, the statements and the dice check,
  // recomputed in the browser.
  await expect(mine.getByRole('link', { name: 'Hide details' })).toBeVisible();
  await expect(mine.getByTestId('lesson').locator('li')).toHaveCount(6);
  await expect(mine.getByRole('table').first()).toContainText('Net profit');
  await mine.getByRole('button', { name: 'Verify the dice' }).click();
  await expect(mine.getByTestId('verify-summary')).toContainText(/^✔ All \d+ rolls match the seed/);
  await expect(mine.locator('.verify-table tbody tr').first()).toContainText('✔');
  await screenshot(page, 'game-history');

  await two.context.close();
  await guest.context.close();
  expect(
    [...two.problems, ...guest.problems],
    'console errors and page errors on the other pages',
  ).toEqual([]);
});
