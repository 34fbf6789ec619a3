// What each of the 20 tiles shows: the roadside building's icon, its label (the words to try, the
// widest first: the label layout takes the first that fits), its tone (gain, cost, Tax, the dealer)
// and the amount on its price tag, signed. Homes are yards: their label is the owner's name.
import { BOARD, TRUCK_COST, truckFee, type Box, type PlayerColor } from '#game/board.ts';
import { TONES, type Tone } from './palette';

export type IconName =
  | 'certificate'
  | 'spanner'
  | 'handshake'
  | 'boomGate'
  | 'taxOffice'
  | 'townHall'
  | 'payEnvelope'
  | 'refundEnvelope'
  | 'megaphone'
  | 'shield'
  | 'permit'
  | 'briefcase'
  | 'weighbridge'
  | 'showroom';

/** A label: each entry is one try, a list of lines; the layout keeps the first that fits. */
export type LabelChoices = readonly (readonly string[])[];

export interface StopArt {
  kind: 'stop';
  box: Box;
  tone: Tone;
  icon: IconName;
  label: LabelChoices;
  /** The price tag's words to try, the widest first: "+210", "−150", "1,500". */
  tag: readonly string[];
}

/** A yard (a home tile): its owner's seat, or nobody's (an empty lot, "For rent"). */
export interface YardArt {
  kind: 'yard';
  box: Box;
  owner: YardOwner | null;
  label: LabelChoices;
  /** The fee a visitor pays the owner ("Fee 380", "380"), or null for an empty lot. */
  tag: readonly string[] | null;
}

export interface YardOwner {
  uid: string;
  name: string;
  color: PlayerColor;
  trucks: number;
}

export type TileArt = StopArt | YardArt;

/** Each tile key's icon and words: the full name first where it can fit, then one word. */
const STOPS: Readonly<Record<string, { icon: IconName; label: LabelChoices }>> = {
  bonds: { icon: 'certificate', label: [['Bonds']] },
  repairs: { icon: 'spanner', label: [['Repairs'], ['Repair']] },
  gudwill: { icon: 'handshake', label: [['Gud Will'], ['GudWill'], ['G.Will']] },
  tollfee: { icon: 'boomGate', label: [['Toll Fee'], ['Toll']] },
  tax: { icon: 'taxOffice', label: [['Tax']] },
  council: { icon: 'townHall', label: [['Council']] },
  salaries: { icon: 'payEnvelope', label: [['Wages']] },
  taxrefund: { icon: 'refundEnvelope', label: [['Tax Refund'], ['Refund']] },
  advert: { icon: 'megaphone', label: [['Advert'], ['Ads']] },
  insurance: { icon: 'shield', label: [['Insurance'], ['Insure']] },
  permits: { icon: 'permit', label: [['Permits'], ['Permit']] },
  professional: { icon: 'briefcase', label: [['Professional'], ['Prof.']] },
  weighbridge: { icon: 'weighbridge', label: [['Weigh Bridge'], ['Weigh']] },
};

export const FOR_RENT: LabelChoices = [['For rent'], ['For', 'rent']];

const GROUPED = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** In-game amounts with thousands commas: 1500 → "1,500". */
export function amountText(amount: number): string {
  return GROUPED.format(Math.abs(amount));
}

function toneOf(box: Box): Tone {
  if (box.kind === 'revenue') return 'gain';
  if (box.kind === 'tax') return 'tax';
  if (box.kind === 'trucks') return 'dealer';
  return 'cost';
}

function words(name: string): string[] {
  return name.replace(/\s+/g, ' ').trim().split(' ');
}

/**
 * A yard's label: the whole name, else one word of it that tells the owner apart: the first name
 * when no other player shares it, else the last ("Bot Careful" → "Careful"). The layout shortens
 * the last try with an ellipsis when even that does not fit.
 */
export function yardLabel(owner: YardOwner, others: readonly YardOwner[]): LabelChoices {
  const own = words(owner.name);
  const name = own.join(' ');
  if (own.length === 1) return [[name]];
  const rest = others.filter((o) => o.uid !== owner.uid).map((o) => words(o.name));
  const first = own[0] as string;
  if (!rest.some((w) => w[0] === first)) return [[name], [first]];
  const last = own[own.length - 1] as string;
  if (!rest.some((w) => w[w.length - 1] === last)) return [[name], [last]];
  return [[name]];
}

/** The art of the tile at `position`, given who owns each yard. */
export function tileArt(position: number, owners: ReadonlyMap<string, YardOwner>): TileArt {
  const box = BOARD[position];
  if (!box) throw new RangeError(`No tile at position ${position}`);
  if (box.kind === 'home') {
    const owner = owners.get(box.id) ?? null;
    if (!owner) return { kind: 'yard', box, owner: null, label: FOR_RENT, tag: null };
    return {
      kind: 'yard',
      box,
      owner,
      label: yardLabel(owner, [...owners.values()]),
      tag: [`Fee ${amountText(truckFee(owner.trucks))}`, amountText(truckFee(owner.trucks))],
    };
  }
  const tone = toneOf(box);
  if (box.kind === 'trucks') {
    return {
      kind: 'stop',
      box,
      tone,
      icon: 'showroom',
      label: [['Trucks']],
      tag: [amountText(TRUCK_COST)],
    };
  }
  const words = STOPS[box.key];
  if (!words) throw new Error(`No art for tile ${box.key}`);
  return {
    kind: 'stop',
    box,
    tone,
    icon: words.icon,
    label: words.label,
    tag: [`${TONES[tone].sign}${amountText(box.amount)}`],
  };
}
