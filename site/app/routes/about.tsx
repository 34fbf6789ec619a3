// About us: the story, the mission, the services and how to reach us.
import { Link } from 'react-router';
import { SupportContact } from '../components/support-contact';
import { BRAND, PILLARS, SERVICES } from '../content/brand';
import { staticPage } from '../islands';
import contentStyles from '../styles/content.css?url';
import type { Route } from './+types/about';
import { PATHS } from '#site/shared/paths.ts';

export const handle = staticPage;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `About us · ${BRAND.name}` },
  {
    name: 'description',
    content: `${BRAND.name}: business education for Zambian entrepreneurs, based in ${BRAND.city}.`,
  },
];

export default function About() {
  return (
    <article className="content container">
      <header className="content__header">
        <p className="eyebrow">About us</p>
        <h1>{BRAND.tagline}</h1>
        <p className="content__lead">
          {BRAND.name} teaches Zambian entrepreneurs to run their businesses like owners: to plan,
          to buy assets that pay, to sell where their customers are, and to keep cash flowing.
        </p>
      </header>

      <section aria-labelledby="story-title">
        <h2 id="story-title">Our story</h2>
        <p>
          We started with a simple observation from years of working with traders, farmers and
          transporters in Lusaka and on the Copperbelt: most businesses that close do not fail for
          lack of customers. They fail because the owner could not see where the money went, bought
          an asset that never paid for itself, or ran out of cash while waiting to be paid.
        </p>
        <p>
          Lectures alone did not change that. What did was practice: working through a real month of
          figures, pricing a real trip, reading a statement that showed our own decisions. So we
          built our trainings around practice, and then built a game around it. In the Truck Company
          game you earn revenue, pay for repairs, tolls and salaries, decide when to buy a truck,
          and finish by reading your own finance statement, exactly as an owner does.
        </p>
      </section>

      <section aria-labelledby="mission-title">
        <h2 id="mission-title">Our mission</h2>
        <p className="content__statement">
          To turn people who earn money into people who build assets.
        </p>
        <p>
          Our team&apos;s mission is to make business knowledge practical, local and affordable:
          taught in plain language, with Zambian prices, Zambian laws and Zambian markets, and
          followed up until it shows in the books.
        </p>
        <ul className="content__cards" role="list">
          {PILLARS.map((pillar) => (
            <li key={pillar.id} className="content__card">
              <h3>{pillar.name}</h3>
              <p>{pillar.theme}.</p>
              <p>
                <Link to={`/library#${pillar.id}`}>Read the {pillar.name} guide</Link>
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="services-title">
        <h2 id="services-title">What we do</h2>
        <dl className="content__list">
          {SERVICES.map((service) => (
            <div key={service.name}>
              <dt>{service.name}</dt>
              <dd>{service.description}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="contact-title" className="content__contact">
        <h2 id="contact-title">Contact us</h2>
        <p>
          For trainings, seminars, consultancy or help with the game, write or call us. We answer as
          soon as we can.
        </p>
        <SupportContact>
          <span>{BRAND.city}</span>
        </SupportContact>
        <p className="content__cta">
          <Link to={PATHS.dashboard} className="button">
            Play the Truck Company game
          </Link>
        </p>
      </section>
    </article>
  );
}
