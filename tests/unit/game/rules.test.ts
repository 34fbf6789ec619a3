import { describe, expect, it } from 'vitest';
import { ROOM_ERROR_MESSAGES } from '#game/messages.ts';
import { applyRoll, buyTruck, closeGame, declineTruck, type MoveResult } from '#game/rules.ts';
import { createGame, type GameState } from '#game/game-state.ts';
import { game, players, withPlayer, withTurn } from './helpers';

const NOW = 1_700_000_000_000;

function ok(result: MoveResult) {
  if (!result.ok) throw new Error(`refused: ${result.code}`);
  return result;
}

/** `uid` (the current player) rolls 1 from the box before `boxNumber`, landing on it. */
function landOn(state: GameState, uid: string, boxNumber: number) {
  const before = withTurn(withPlayer(state, uid, { position: (boxNumber - 2 + 20) % 20 }), uid);
  return {
    before,
    result: ok(applyRoll(before, { by: uid, roll: 1, nonce: 9, auto: false, now: NOW })),
  };
}

describe('createGame', () => {
  it('seats players in joinedOrder with colours, home boxes, 5100 and one truck at -1', () => {
    const state = createGame({ players: players(6) });
    expect(state.joinedOrder).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
    expect(state.turn).toEqual({ currentPlayer: 'p1', round: 1 });
    expect(state.pendingPurchase).toBeNull();
    expect(state.lastRoll).toBeNull();
    expect(state.players.p1).toEqual({
      uid: 'p1',
      name: 'Player 1',
      position: -1,
      balance: 5100,
      trucks: 1,
      color: 'red',
      homeBox: 'box2',
      revenue: {},
      expenses: {},
      tax: 0,
    });
    expect(Object.values(state.players).map((p) => [p.color, p.homeBox])).toEqual([
      ['red', 'box2'],
      ['blue', 'box6'],
      ['green', 'box9'],
      ['yellow', 'box12'],
      ['pink', 'box16'],
      ['lightblue', 'box19'],
    ]);
  });

  it('refuses fewer than 2 or more than 6 players and a repeated uid', () => {
    expect(() => createGame({ players: players(1) })).toThrow();
    expect(() => createGame({ players: players(7) })).toThrow();
    expect(() => createGame({ players: [...players(2), { uid: 'p1', name: 'again' }] })).toThrow();
  });
});

describe('movement', () => {
  it.each([1, 2, 3, 4, 5, 6])('a first roll of %s places the player at roll − 1', (roll) => {
    const result = ok(applyRoll(game(), { by: 'p1', roll, nonce: 0, auto: false, now: NOW }));
    expect(result.state.players.p1?.position).toBe(roll - 1);
  });

  it.each([
    [0, 1, 1],
    [14, 5, 19],
    [15, 5, 0],
    [18, 5, 3],
    [19, 6, 5],
  ])('from %s a roll of %s goes to %s', (from, roll, to) => {
    const state = withPlayer(game(), 'p1', { position: from });
    const result = ok(applyRoll(state, { by: 'p1', roll, nonce: 0, auto: false, now: NOW }));
    expect(result.state.players.p1?.position).toBe(to);
    expect(result.logs[0]).toEqual({
      type: 'dice_roll',
      player: 'p1',
      roll,
      newPosition: to,
      extraTurn: roll === 6,
      nonce: 0,
      auto: false,
      timestamp: NOW,
    });
  });

  it('applies effects only where the player lands, never on passing', () => {
    // From box19 (position 18) a 4 passes box20 and box1 and lands on box3 (repairs).
    const state = withPlayer(game(), 'p1', { position: 18 });
    const result = ok(applyRoll(state, { by: 'p1', roll: 4, nonce: 0, auto: false, now: NOW }));
    expect(result.state.pendingPurchase).toBeNull();
    expect(result.state.players.p1?.revenue).toEqual({});
    expect(result.state.players.p1?.expenses).toEqual({ repairs: 150 });
  });
});

describe('tiles', () => {
  it.each([
    [1, 'revenue', 'bonds', 210],
    [3, 'expense', 'repairs', 150],
    [4, 'revenue', 'gudwill', 900],
    [5, 'expense', 'tollfee', 20],
    [7, 'tax', 'tax', 150],
    [8, 'expense', 'council', 80],
    [10, 'expense', 'salaries', 150],
    [11, 'revenue', 'taxrefund', 250],
    [13, 'expense', 'advert', 240],
    [14, 'expense', 'insurance', 100],
    [15, 'expense', 'permits', 75],
    [17, 'expense', 'professional', 150],
    [18, 'expense', 'weighbridge', 100],
  ] as const)('box%s: %s %s %s', (boxNumber, type, key, amount) => {
    const { result } = landOn(game(), 'p1', boxNumber);
    const p1 = result.state.players.p1;
    const sign = type === 'revenue' ? 1 : -1;
    expect(p1?.balance).toBe(5100 + sign * amount);
    expect(p1?.revenue).toEqual(type === 'revenue' ? { [key]: amount } : {});
    expect(p1?.expenses).toEqual(type === 'expense' ? { [key]: amount } : {});
    expect(p1?.tax).toBe(type === 'tax' ? amount : 0);
    expect(result.logs).toHaveLength(2);
    expect(result.logs[1]).toEqual({
      type,
      player: 'p1',
      boxId: `box${boxNumber}`,
      key,
      amount,
      timestamp: NOW,
    });
  });

  it('adds up repeated landings per key', () => {
    const once = landOn(game(), 'p1', 4).result.state;
    const twice = landOn(once, 'p1', 4).result.state;
    expect(twice.players.p1?.revenue).toEqual({ gudwill: 1800 });
    expect(twice.players.p1?.balance).toBe(5100 + 1800);
  });
});

describe('truck fees', () => {
  it.each([
    [1, 100],
    [2, 200],
    [3, 380],
    [4, 470],
    [5, 520],
    [6, 700],
    [0, 100],
    [7, 100],
  ])('an owner with %s trucks receives %s', (trucks, fee) => {
    const state = withPlayer(game(3), 'p2', { trucks });
    const { result } = landOn(state, 'p1', 6); // box6 is p2's home
    expect(result.state.players.p1?.balance).toBe(5100 - fee);
    expect(result.state.players.p1?.expenses).toEqual({ truckfee: fee });
    expect(result.state.players.p2?.balance).toBe(5100 + fee);
    expect(result.state.players.p2?.revenue).toEqual({ truckrevenue: fee });
    expect(result.logs[1]).toEqual({
      type: 'truck_fee',
      from: 'p1',
      to: 'p2',
      boxId: 'box6',
      amount: fee,
      timestamp: NOW,
    });
  });

  it.each([
    ['their own home', 'p1', 2],
    ['a home without an owner (seat 4 in a 3-player game)', 'p1', 12],
    ['a home without an owner (seat 6)', 'p3', 19],
  ] as const)('nothing happens on %s', (_, uid, boxNumber) => {
    const { before, result } = landOn(game(3), uid, boxNumber);
    expect(result.logs).toHaveLength(1);
    for (const p of Object.values(result.state.players)) {
      const was = before.players[p.uid];
      expect([p.balance, p.revenue, p.expenses, p.tax]).toEqual([
        was?.balance,
        was?.revenue,
        was?.expenses,
        was?.tax,
      ]);
    }
  });

  it('pays every seated owner, seat 1 to seat 6', () => {
    const six = game(6);
    const homes = [2, 6, 9, 12, 16, 19];
    homes.forEach((boxNumber, i) => {
      const owner = `p${i + 1}`;
      const payer = owner === 'p1' ? 'p2' : 'p1';
      const { result } = landOn(six, payer, boxNumber);
      expect(result.logs[1]).toMatchObject({ type: 'truck_fee', from: payer, to: owner });
    });
  });
});

describe('turn order', () => {
  it('passes the turn in joinedOrder, keeps it on a 6, and counts rounds on the wrap', () => {
    let state = game(3);
    const seen: string[] = [];
    const rolls: [string, number][] = [
      ['p1', 2],
      ['p2', 6],
      ['p2', 6],
      ['p2', 1],
      ['p3', 3],
      ['p1', 6],
      ['p1', 4],
      ['p2', 5],
      ['p3', 6],
      ['p3', 2],
    ];
    for (const [by, roll] of rolls) {
      const result = ok(applyRoll(state, { by, roll, nonce: 0, auto: false, now: NOW }));
      state = result.state;
      seen.push(`${state.turn.currentPlayer}@${state.turn.round}`);
    }
    expect(seen).toEqual([
      'p2@1',
      'p2@1',
      'p2@1',
      'p3@1',
      'p1@2',
      'p1@2',
      'p2@2',
      'p3@2',
      'p3@2',
      'p1@3',
    ]);
  });

  it('records the last roll', () => {
    const result = ok(applyRoll(game(), { by: 'p1', roll: 6, nonce: 4, auto: true, now: NOW }));
    expect(result.state.lastRoll).toEqual({
      player: 'p1',
      roll: 6,
      newPosition: 5,
      extraTurn: true,
      nonce: 4,
      auto: true,
      timestamp: NOW,
    });
  });

  it.each([
    ['p2', 3, 'not_your_turn'],
    ['nobody', 3, 'player_not_found'],
    ['p1', 0, 'invalid_roll'],
    ['p1', 7, 'invalid_roll'],
    ['p1', 2.5, 'invalid_roll'],
  ])('refuses a roll by %s of %s', (by, roll, code) => {
    const state = game();
    expect(applyRoll(state, { by, roll, nonce: 0, auto: false, now: NOW })).toEqual({
      ok: false,
      code,
    });
  });

  it('uses the spec’s exact words', () => {
    expect(ROOM_ERROR_MESSAGES.not_your_turn).toBe("It's not your turn to roll.");
    expect(ROOM_ERROR_MESSAGES.player_not_found).toBe('Player data not found.');
    expect(ROOM_ERROR_MESSAGES.insufficient_balance).toBe(
      'Insufficient balance to purchase truck.',
    );
    expect(ROOM_ERROR_MESSAGES.max_trucks).toBe('Maximum truck limit reached.');
  });
});

describe('truck purchase', () => {
  const offered = () => landOn(game(3), 'p1', 20).result.state;

  it('landing on box20 with fewer than 6 trucks opens an offer', () => {
    for (let trucks = 1; trucks < 6; trucks++) {
      const state = withPlayer(game(3), 'p1', { trucks });
      expect(landOn(state, 'p1', 20).result.state.pendingPurchase).toBe('p1');
    }
  });

  it('landing on box20 with 6 trucks opens none', () => {
    const state = withPlayer(game(3), 'p1', { trucks: 6 });
    expect(landOn(state, 'p1', 20).result.state.pendingPurchase).toBeNull();
  });

  it('buying costs 1500 of balance, adds a truck, is not an expense and closes the offer', () => {
    const result = ok(buyTruck(offered(), { by: 'p1', now: NOW + 1 }));
    expect(result.state.players.p1).toMatchObject({ balance: 3600, trucks: 2, expenses: {} });
    expect(result.state.pendingPurchase).toBeNull();
    expect(result.logs).toEqual([
      { type: 'truck_purchase', player: 'p1', cost: 1500, newTrucks: 2, timestamp: NOW + 1 },
    ]);
  });

  it('buys with exactly 1500 and refuses with 1499 (the offer stays open)', () => {
    const exact = withPlayer(offered(), 'p1', { balance: 1500 });
    expect(ok(buyTruck(exact, { by: 'p1', now: NOW })).state.players.p1?.balance).toBe(0);
    const short = withPlayer(offered(), 'p1', { balance: 1499 });
    expect(buyTruck(short, { by: 'p1', now: NOW })).toEqual({
      ok: false,
      code: 'insufficient_balance',
    });
  });

  it.each([
    ['a player at 6 trucks', 'p1', { trucks: 6 }, 'max_trucks'],
    ['someone without an offer', 'p2', {}, 'no_offer'],
    ['someone not seated', 'ghost', {}, 'player_not_found'],
  ] as const)('refuses %s', (_, by, patch, code) => {
    const state = withPlayer(offered(), 'p1', patch);
    expect(buyTruck(state, { by, now: NOW })).toEqual({ ok: false, code });
    if (by !== 'p1') expect(declineTruck(state, { by, now: NOW })).toEqual({ ok: false, code });
  });

  it('refuses to buy or decline when no offer is open', () => {
    expect(buyTruck(game(), { by: 'p1', now: NOW })).toEqual({
      ok: false,
      code: 'no_offer',
    });
    expect(declineTruck(game(), { by: 'p1', now: NOW })).toEqual({
      ok: false,
      code: 'no_offer',
    });
  });

  it('declining closes the offer, changes nothing else and is logged', () => {
    const before = offered();
    const result = ok(declineTruck(before, { by: 'p1', now: NOW + 2 }));
    expect(result.state).toEqual({ ...before, pendingPurchase: null });
    expect(result.logs).toEqual([
      { type: 'truck_declined', player: 'p1', lapsed: false, timestamp: NOW + 2 },
    ]);
  });

  it('stays open while others roll and closes (logged as lapsed) when its holder rolls again', () => {
    let state = offered(); // p1 landed with a 1: it is p2's turn now
    let rolled = ok(applyRoll(state, { by: 'p2', roll: 2, nonce: 0, auto: false, now: NOW }));
    expect(rolled.logs.some((e) => e.type === 'truck_declined')).toBe(false);
    state = rolled.state;
    expect(state.pendingPurchase).toBe('p1');
    state = ok(applyRoll(state, { by: 'p3', roll: 2, nonce: 0, auto: true, now: NOW })).state;
    expect(state.pendingPurchase).toBe('p1');
    rolled = ok(applyRoll(state, { by: 'p1', roll: 2, nonce: 0, auto: true, now: NOW + 5 }));
    state = rolled.state;
    expect(state.pendingPurchase).toBeNull();
    expect(rolled.logs[1]).toEqual({
      type: 'truck_declined',
      player: 'p1',
      lapsed: true,
      timestamp: NOW + 5,
    });
    expect(buyTruck(state, { by: 'p1', now: NOW })).toEqual({
      ok: false,
      code: 'no_offer',
    });
  });

  it('a new offer replaces an older one', () => {
    const { state, logs } = landOn(offered(), 'p2', 20).result;
    expect(state.pendingPurchase).toBe('p2');
    expect(logs.slice(1)).toEqual([
      { type: 'truck_declined', player: 'p1', lapsed: true, timestamp: NOW },
    ]);
    expect(buyTruck(state, { by: 'p1', now: NOW })).toEqual({
      ok: false,
      code: 'no_offer',
    });
    expect(ok(buyTruck(state, { by: 'p2', now: NOW })).state.players.p2?.trucks).toBe(2);
  });

  it('a player at 6 trucks landing on box20 leaves another’s offer open', () => {
    const state = withPlayer(offered(), 'p2', { trucks: 6 });
    expect(landOn(state, 'p2', 20).result.state.pendingPurchase).toBe('p1');
  });

  it('every offer lapses when the game ends', () => {
    expect(closeGame(offered()).pendingPurchase).toBeNull();
    const quiet = game();
    expect(closeGame(quiet)).toBe(quiet);
  });

  it('never mutates the state it was given', () => {
    const before = offered();
    const copy = structuredClone(before);
    buyTruck(before, { by: 'p1', now: NOW });
    declineTruck(before, { by: 'p1', now: NOW });
    applyRoll(withTurn(before, 'p1'), { by: 'p1', roll: 3, nonce: 0, auto: false, now: NOW });
    expect(before).toEqual(copy);
  });
});
