// "Verify the dice" in game history, as a script island (no React, no zod): the server renders the
// revealed seeds and the logged rolls on the section; pressing the button recomputes every roll in
// the browser with the very code the room server rolled with (game/dice.ts) and writes the result
// table and its summary. The check is the browser's own, so the server's word is not needed.
import { hashServerSeed, rollDie } from '#game/dice.ts';
import { scriptIsland } from '../../islands';

export const diceCheckScript = scriptIsland('dice-check');

/** One roll as the game's log recorded it, with the roller's name. */
export interface LoggedRoll {
  nonce: number;
  name: string;
  roll: number;
  auto: boolean;
}

/** The section's data attributes (written by dice-check.tsx, read here). */
export const DICE_CHECK = {
  section: 'data-dice-check',
  serverSeed: 'data-server-seed',
  serverSeedHash: 'data-server-seed-hash',
  clientSeed: 'data-client-seed',
  rolls: 'data-rolls',
} as const;

export interface RollCheck extends LoggedRoll {
  computed: number;
  ok: boolean;
}

/** Every roll recomputed from the seeds, and whether the seed matches its published hash. */
export function checkRolls(
  seeds: { serverSeed: string; serverSeedHash: string; clientSeed: string },
  rolls: readonly LoggedRoll[],
): { hashMatches: boolean; rolls: RollCheck[]; allOk: boolean } {
  const hashMatches = hashServerSeed(seeds.serverSeed) === seeds.serverSeedHash.toLowerCase();
  const checked = rolls.map((roll) => {
    const computed = rollDie(seeds.serverSeed, seeds.clientSeed, roll.nonce);
    return { ...roll, computed, ok: computed === roll.roll };
  });
  return { hashMatches, rolls: checked, allOk: hashMatches && checked.every((r) => r.ok) };
}

/** The summary line people read (✔ or ✘ first). */
export function summaryOf(result: ReturnType<typeof checkRolls>): string {
  if (result.allOk) {
    return `✔ All ${result.rolls.length} rolls match the seed, and the seed matches its published hash.`;
  }
  const wrong = result.rolls.filter((r) => !r.ok).length;
  const hash = result.hashMatches ? '' : 'The seed does not match its published hash. ';
  return `✘ ${hash}${wrong} of ${result.rolls.length} rolls do not match.`;
}

function cell(row: HTMLTableRowElement, text: string, label?: string): void {
  const td = row.insertCell();
  td.textContent = text;
  if (label) td.setAttribute('aria-label', label);
}

function showResult(section: HTMLElement, out: HTMLElement): void {
  const read = (name: string) => section.getAttribute(name) ?? '';
  const rolls = JSON.parse(read(DICE_CHECK.rolls) || '[]') as LoggedRoll[];
  const result = checkRolls(
    {
      serverSeed: read(DICE_CHECK.serverSeed),
      serverSeedHash: read(DICE_CHECK.serverSeedHash),
      clientSeed: read(DICE_CHECK.clientSeed),
    },
    rolls,
  );
  const summary = document.createElement('p');
  summary.className = result.allOk ? 'verify verify--ok' : 'verify verify--bad';
  summary.dataset.testid = 'verify-summary';
  summary.textContent = summaryOf(result);
  const scroll = document.createElement('div');
  scroll.className = 'verify-table__scroll';
  const table = document.createElement('table');
  table.className = 'verify-table';
  const head = table.createTHead().insertRow();
  for (const title of ['#', 'Player', 'Logged', 'From seed', '']) {
    const th = document.createElement('th');
    th.scope = 'col';
    if (title) th.textContent = title;
    else th.innerHTML = '<span class="visually-hidden">Check</span>';
    head.append(th);
  }
  const body = table.createTBody();
  for (const roll of result.rolls) {
    const row = body.insertRow();
    cell(row, String(roll.nonce));
    cell(row, `${roll.name}${roll.auto ? ' (auto)' : ''}`);
    cell(row, String(roll.roll));
    cell(row, String(roll.computed));
    cell(row, roll.ok ? '✔' : '✘', roll.ok ? 'matches' : 'does not match');
  }
  scroll.append(table);
  out.replaceChildren(summary, scroll);
}

/** Shows each dice check's button and answers it. */
export function startDiceChecks(): void {
  for (const section of document.querySelectorAll<HTMLElement>(`[${DICE_CHECK.section}]`)) {
    const button = section.querySelector<HTMLButtonElement>('button[data-verify]');
    const out = section.querySelector<HTMLElement>('[data-verify-result]');
    if (!button || !out) continue;
    button.hidden = false;
    section.querySelector('[data-verify-needs-script]')?.remove();
    button.addEventListener('click', () => showResult(section, out));
  }
}
