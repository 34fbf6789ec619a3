import { Link } from 'react-router';
import { BRAND, copyrightYears, NAV_LINKS } from '../content/brand';
import { SupportContact } from './support-contact';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="site-footer__title">
            {BRAND.name}
          </h2>
          <p>{`${BRAND.tagline}. Based in ${BRAND.city}.`}</p>
        </section>
        <section aria-labelledby="footer-support">
          <h2 id="footer-support" className="site-footer__title">
            Support
          </h2>
          <SupportContact />
        </section>
        <nav aria-label="Footer" className="site-footer__links">
          <h2 className="site-footer__title">Explore</h2>
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container">
        <p className="site-footer__legal">
          {`© ${copyrightYears(new Date())} ${BRAND.name}. All rights reserved.`} Real-money games
          are for adults aged 18 and over. <Link to="/responsible-play">Responsible play</Link>
        </p>
      </div>
    </footer>
  );
}
