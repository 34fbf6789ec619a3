// The brand's words in one place, so pages stay about layout and copy changes touch one file.
import { PATHS } from '#site/shared/paths.ts';

export const BRAND = {
  name: 'Zed Truck Company',
  tagline: 'Business education that keeps Zambia moving',
  city: 'Lusaka, Zambia',
  /** The copyright runs from this year to the current one. */
  firstYear: 2024,
} as const;

/** `2024–2026`: from the brand's first year to the year of `now`. */
export function copyrightYears(now: Date): string {
  const year = now.getFullYear();
  return year > BRAND.firstYear ? `${BRAND.firstYear}–${year}` : String(BRAND.firstYear);
}

/** The practice game a single tap starts (the home page's button; the practice form's defaults). */
export const DEFAULT_PRACTICE = { time: 5, bots: 3 } as const;

export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: PATHS.dashboard, label: 'Games' },
  { to: '/library', label: 'Library' },
  { to: '/about', label: 'About Us' },
] as const;

export type PillarId = 'brain' | 'land' | 'air' | 'water';

export interface Pillar {
  id: PillarId;
  name: string;
  theme: string;
  summary: string;
  topics: readonly string[];
}

export const PILLARS: readonly Pillar[] = [
  {
    id: 'brain',
    name: 'Brain',
    theme: 'Mindset, financial literacy and planning',
    summary:
      'Every business starts as a decision. Learn to separate business money from household money, ' +
      'read a profit-and-loss statement, and plan for restocking and school fees in the same month.',
    topics: [
      'Budgeting for the home and the business',
      'Reading income statements and balance sheets',
      'Saving habits, from chilimba to unit trusts',
      'Goals and plans for the year, the season and the week',
    ],
  },
  {
    id: 'land',
    name: 'Land',
    theme: 'Property, agri-business and physical assets',
    summary:
      'Land is the asset Zambian families trust most, and the easiest one to get wrong. Understand ' +
      'title deeds and leases, farming as a business, and when a building, a hammer mill or a truck ' +
      'really pays for itself.',
    topics: [
      'Title deeds, leases and checks before you buy',
      'Maize, soya, poultry and fish farming as businesses',
      'Buying equipment that earns its keep',
      'Rental property: yields, tenants and upkeep',
    ],
  },
  {
    id: 'air',
    name: 'Air',
    theme: 'Digital business, media and communication',
    summary:
      'Your customers are on WhatsApp, Facebook and TikTok long before they walk into your shop. ' +
      'Learn to sell from a phone, take mobile-money payments, and tell your story so people trust it.',
    topics: [
      'Selling with WhatsApp Business and social media',
      'Mobile-money payments and clean digital records',
      'Photos, video and content that sell',
      'Pitching to customers, partners and lenders',
    ],
  },
  {
    id: 'water',
    name: 'Water',
    theme: 'Cash flow, trade and logistics',
    summary:
      'Money has to flow like water: in, around and out again without drying up. Master working ' +
      'capital, stock and credit, and the real cost of moving goods along the Copperbelt and through ' +
      'Kasumbalesa, Chirundu and Nakonde.',
    topics: [
      'Cash-flow forecasts that survive a slow month',
      'Pricing, margins and customer credit',
      'Cross-border trade: permits, duty and agents',
      'Transport and logistics costs, per trip and per tonne',
    ],
  },
];

export interface Service {
  name: string;
  description: string;
}

export const SERVICES: readonly Service[] = [
  {
    name: 'Consultancy',
    description:
      'One-to-one sessions to sharpen your business plan, fix your pricing and get your books ready ' +
      'for PACRA, ZRA and the bank.',
  },
  {
    name: 'Seminars',
    description:
      'Half-day events in Lusaka, Kitwe and Ndola on one topic at a time, from budgeting to ' +
      'cross-border trade, with plenty of time for your questions.',
  },
  {
    name: 'Trainings',
    description:
      'Multi-week courses for cooperatives, churches, schools and companies, in person or online, ' +
      'with workbooks and follow-up visits.',
  },
  {
    name: 'Business Games',
    description:
      'Board games that turn accounting into play: run a truck company, collect revenue, pay your ' +
      'costs and read your own statement at the end.',
  },
  {
    name: 'Network Marketing',
    description:
      'Straight talk on direct selling: how to read a compensation plan, spot a pyramid scheme, and ' +
      'build a team around real products.',
  },
  {
    name: 'Media Production',
    description:
      'Adverts, explainer videos, podcasts and event coverage for businesses that need to be seen ' +
      'and heard, produced in our Lusaka studio.',
  },
];
