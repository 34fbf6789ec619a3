// How to Play, sections 1–6: setting up a room, the board, turns, homes and fees, tiles, trucks.
// The board, fees, amounts and timers come from game/, the same tables the room server plays by.
import {
  BOARD,
  BOARD_SIZE,
  HOME_BOXES,
  MAX_PLAYERS,
  MAX_TRUCKS,
  MIN_PLAYERS,
  START_BALANCE,
  TRUCK_COST,
  truckFee,
} from '#game/board.ts';
import { STAKE_OPTIONS_ZMW as STAKES, TIME_OPTIONS_MINUTES as TIMES } from '#game/room-options.ts';
import { COUNTDOWN_MS, TURN_MS } from '#game/timing.ts';
import { BoardDiagram, DiceDiagram, TRUCKS_BOX, TruckDiagram } from './diagrams';

const TURN_SECONDS = TURN_MS / 1000;
const COUNTDOWN_SECONDS = COUNTDOWN_MS / 1000;

const TILE_ROWS = BOARD.filter((box) => box.kind !== 'home');

/** 1. Setting up a room: stakes, times, seats, the pot. */
export function SetupSection() {
  return (
    <section id="setup" aria-labelledby="setup-title">
      <h2 id="setup-title">1. Setting up a room</h2>
      <p>
        One player creates a room and becomes its host. The host picks four settings: the stake (ZMW{' '}
        {STAKES.join(', ')}), the game time ({TIMES.join(', ')} minutes), the number of players (
        {MIN_PLAYERS} to {MAX_PLAYERS}) and whether the room is public (anyone can find it under{' '}
        <em>Join a random room</em>) or private (only people with the link).
      </p>
      <p>
        Every player, the host included, pays the stake from their wallet when they take a seat. The
        stakes are held safely until the game ends; together they make the <strong>pot</strong>.
        When the last seat fills, a {COUNTDOWN_SECONDS}-second countdown starts and the game begins.
      </p>
    </section>
  );
}

/** 2. The board: the ring, the starting money, the homes. */
export function BoardSection() {
  return (
    <section id="board" aria-labelledby="board-title">
      <h2 id="board-title">2. The board</h2>
      <div className="content__figure">
        <BoardDiagram />
      </div>
      <p>
        The board is a ring of {BOARD_SIZE} tiles, box 1 to box {BOARD_SIZE}, played clockwise. Each
        player starts with {START_BALANCE.toLocaleString('en-GB')} in game money and one truck, off
        the board. Game money is only for playing: it is never real money and never mixes with your
        wallet.
      </p>
      <p>
        In the order players joined, player 1 is red, 2 blue, 3 green, 4 yellow, 5 pink and 6 light
        blue, and their homes are boxes {HOME_BOXES.map((id) => id.slice(3)).join(', ')}.
      </p>
    </section>
  );
}

/** 3. Your turn: rolling, sixes, the turn timer. */
export function TurnsSection() {
  return (
    <section id="turns" aria-labelledby="turns-title">
      <h2 id="turns-title">3. Your turn</h2>
      <div className="content__aside">
        <DiceDiagram />
        <div>
          <p>
            Players take turns in the order they joined. On your turn, press <strong>Roll</strong>.
            Your first roll puts you on the box with the number you rolled (a 4 puts you on box 4).
            After that you move forward by the roll, going round the ring again and again.
          </p>
          <p>
            Roll a <strong>6</strong> and you roll again. Otherwise the turn passes to the next
            player.
          </p>
          <p>
            You have {TURN_SECONDS} seconds to roll. If you do not, the game rolls for you, so
            nobody can freeze a timed game by waiting.
          </p>
        </div>
      </div>
      <p>
        What happens depends only on the box you <strong>land</strong> on. Passing over a box does
        nothing.
      </p>
    </section>
  );
}

/** 4. Homes and the truck fee table. */
export function HomesSection() {
  return (
    <section id="homes" aria-labelledby="homes-title">
      <h2 id="homes-title">4. Homes and truck fees</h2>
      <p>
        Land on another player&apos;s home and you pay them a truck fee: the more trucks they own,
        the more you pay. You book it as an expense (truck fee); they book it as revenue (truck
        revenue). Landing on your own home, or on a home with no owner, costs nothing.
      </p>
      <table className="content__table">
        <caption>Truck fee by the owner&apos;s number of trucks</caption>
        <thead>
          <tr>
            <th scope="col">Owner&apos;s trucks</th>
            <th scope="col">Fee you pay</th>
          </tr>
        </thead>
        <tbody>
          {[1, 2, 3, 4, 5, 6].map((trucks) => (
            <tr key={trucks}>
              <td>{trucks}</td>
              <td>{truckFee(trucks)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** 5. Every other tile and its effect. */
export function TilesSection() {
  return (
    <section id="tiles" aria-labelledby="tiles-title">
      <h2 id="tiles-title">5. The other tiles</h2>
      <table className="content__table">
        <caption>What each tile does when you land on it</caption>
        <thead>
          <tr>
            <th scope="col">Box</th>
            <th scope="col">Tile</th>
            <th scope="col">Effect</th>
          </tr>
        </thead>
        <tbody>
          {TILE_ROWS.map((box) => (
            <tr key={box.id}>
              <td>{box.id.slice(3)}</td>
              <td>{box.name}</td>
              <td>
                {box.kind === 'revenue'
                  ? `Revenue ${box.amount}`
                  : box.kind === 'expense'
                    ? `Expense ${box.amount}`
                    : box.kind === 'tax'
                      ? `Tax ${box.amount} (counted as tax, not as an expense)`
                      : `Offer to buy a truck for ${TRUCK_COST}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>Revenue adds to your balance; expenses and tax come out of it.</p>
    </section>
  );
}

/** 6. Buying trucks. */
export function TrucksSection() {
  return (
    <section id="trucks" aria-labelledby="trucks-title">
      <h2 id="trucks-title">6. Buying trucks</h2>
      <div className="content__aside">
        <TruckDiagram />
        <div>
          <p>
            Land on box {TRUCKS_BOX} with fewer than {MAX_TRUCKS} trucks and you are offered a truck
            for {TRUCK_COST.toLocaleString('en-GB')}. You need at least that much in your game
            balance. The offer stays open until you buy, decline or roll again.
          </p>
          <p>
            A truck is an asset, not an expense: buying one lowers your balance but not your profit.
            More trucks mean higher fees when rivals land on your home, and trucks break ties at the
            end.
          </p>
        </div>
      </div>
    </section>
  );
}
