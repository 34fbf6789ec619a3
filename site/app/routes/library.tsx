// The library: the four pillars in depth, with a worked example and a checklist for each.
import { Link } from 'react-router';
import { PillarIcon } from '../components/icons';
import { BRAND, PILLARS, SERVICES, type PillarId } from '../content/brand';
import { staticPage } from '../islands';
import contentStyles from '../styles/content.css?url';
import type { Route } from './+types/library';
import { PATHS } from '#site/shared/paths.ts';

export const handle = staticPage;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Library · ${BRAND.name}` },
  {
    name: 'description',
    content:
      'Guides to the four pillars of a lasting Zambian business: Brain, Land, Air and Water, ' +
      'each with a worked example and a checklist.',
  },
];

interface Guide {
  idea: string;
  example: { title: string; lines: readonly string[] };
  checklist: readonly string[];
}

const GUIDES: Record<PillarId, Guide> = {
  brain: {
    idea:
      'A business that pays its owner a salary, instead of feeding the household from the till, ' +
      'can see whether it really makes money. Planning starts with that one separation.',
    example: {
      title: 'A tuck shop in Kanyama, one month',
      lines: [
        'Sales: K9,000. Stock bought: K6,300. Rent and talk time: K700.',
        'Profit before the owner: K2,000.',
        'Owner takes a fixed K1,200 salary, not "whatever is left".',
        'K800 stays in the business: next month it buys stock without borrowing.',
      ],
    },
    checklist: [
      'Open a separate mobile-money wallet or account for the business.',
      'Write down every sale and every cost for one full month.',
      'Pay yourself a fixed amount on a fixed day.',
      'Plan the big months (school fees in January, May and September) twelve weeks ahead.',
    ],
  },
  land: {
    idea:
      'Land and equipment hold value only when their paperwork is clean and their earnings cover ' +
      'their costs. Check both before you pay a single ngwee.',
    example: {
      title: 'A second-hand hammer mill',
      lines: [
        'Price K18,000, installation K2,000.',
        'Milling 40 bags a week at K15 a bag: K600 a week.',
        'Power, repairs and a helper: K300 a week.',
        'K300 a week pays back K20,000 in about 67 weeks, if the mill runs every week.',
      ],
    },
    checklist: [
      'Search the title at the Ministry of Lands before paying a deposit.',
      'Visit the plot with the neighbours and the headman or the council.',
      'Work out the payback period before buying equipment.',
      'Keep a repair fund: 10 % of what the asset earns.',
    ],
  },
  air: {
    idea:
      'Customers decide whether to trust you from your phone screen. Clear photos, quick answers ' +
      'and clean mobile-money records sell more than a bigger sign.',
    example: {
      title: 'A tailor who moved onto WhatsApp Business',
      lines: [
        'A catalogue of 12 photos with prices, updated every Monday.',
        'Quick replies for sizes, delivery and payment.',
        'Deposits taken by mobile money, with the reference written on each order.',
        'Orders grew from walk-in customers to buyers in three towns.',
      ],
    },
    checklist: [
      'Set up a business profile with hours, location and a catalogue.',
      'Answer every message within the hour during working time.',
      'Take payments to a business number and keep each reference.',
      'Post one useful thing a week: a tip, a finished job, a customer thank-you.',
    ],
  },
  water: {
    idea:
      'Profit is an opinion; cash is a fact. A business that sells on credit or holds too much ' +
      'stock can be profitable and still unable to pay its suppliers.',
    example: {
      title: 'One trip from Lusaka to Kasumbalesa',
      lines: [
        'Freight charged: K42,000. Fuel: K19,500. Driver and allowances: K4,500.',
        'Tolls, border fees and agent: K6,000. Tyres and service, per trip: K3,000.',
        'Margin per trip: K9,000, but the client pays 30 days after delivery.',
        'Working capital needed for two trips in a row: about K66,000.',
      ],
    },
    checklist: [
      'Forecast cash week by week for the next three months.',
      'Agree credit terms in writing, and follow up on the day they fall due.',
      'Know your cost per trip, per tonne or per item, not only your total costs.',
      'Keep one month of fixed costs in reserve.',
    ],
  },
};

export default function Library() {
  return (
    <article className="content container">
      <header className="content__header">
        <p className="eyebrow">Library</p>
        <h1>The four pillars, in depth</h1>
        <p className="content__lead">
          Brain, Land, Air and Water: the method we teach in every seminar and training, with a
          worked example from Zambian business and a checklist you can start on this week.
        </p>
      </header>

      <nav className="content__toc" aria-label="Pillars">
        <ol>
          {PILLARS.map((pillar) => (
            <li key={pillar.id}>
              <a href={`#${pillar.id}`}>{`${pillar.name}: ${pillar.theme}`}</a>
            </li>
          ))}
        </ol>
      </nav>

      {PILLARS.map((pillar) => {
        const guide = GUIDES[pillar.id];
        return (
          <section
            key={pillar.id}
            id={pillar.id}
            className={`guide guide--${pillar.id}`}
            aria-labelledby={`${pillar.id}-title`}
          >
            <div className="guide__head">
              <span className="guide__icon">
                <PillarIcon pillar={pillar.id} />
              </span>
              <div>
                <h2 id={`${pillar.id}-title`}>{pillar.name}</h2>
                <p className="guide__theme">{pillar.theme}</p>
              </div>
            </div>
            <p>{pillar.summary}</p>
            <p>
              <strong>The key idea.</strong> {guide.idea}
            </p>
            <h3>What you will learn</h3>
            <ul>
              {pillar.topics.map((topic) => (
                <li key={topic}>{topic}</li>
              ))}
            </ul>
            <div className="guide__example">
              <h3>Worked example: {guide.example.title}</h3>
              <ul>
                {guide.example.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
            <h3>Checklist</h3>
            <ul className="guide__checklist">
              {guide.checklist.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        );
      })}

      <section aria-labelledby="learn-title">
        <h2 id="learn-title">Learn it with us</h2>
        <ul className="content__cards" role="list">
          {SERVICES.map((service) => (
            <li key={service.name} className="content__card">
              <h3>{service.name}</h3>
              <p>{service.description}</p>
            </li>
          ))}
        </ul>
        <p className="content__cta">
          <Link to={PATHS.dashboard} className="button">
            Practise on the game board
          </Link>
          <Link to="/about" className="button button--ghost">
            About us and contact
          </Link>
        </p>
      </section>
    </article>
  );
}
