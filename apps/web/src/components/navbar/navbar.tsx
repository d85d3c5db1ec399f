import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useConfig } from '../../config/config-context';
import { paths } from '../../config/paths';
import { useI18n } from '../../i18n/i18n-provider';
import { BusinessIcon } from '../icons/business-icon';
import './navbar.css';

/**
 * The one bar at the top of every screen; the company area adds its menu and
 * "Salir" to it (see `NavbarItems`); `account` is the way into that area. Plain React and CSS: it is part of the first load.
 */
export function Navbar({ account }: { account?: ReactNode }) {
  const { logo, product, company, companyUrl } = useConfig();
  const { t, language, setLanguage } = useI18n();

  return (
    <header className="navbar">
      <nav className="navbar__row" aria-label={t.nav.label}>
        {/* Slots for the controls a screen adds with `NavbarItems`. */}
        <div id="navbar-start" className="navbar__slot" />
        <Link href={paths.home.href()} className="navbar__brand">
          <img className="navbar__logo" src={logo} alt="" height={26} />
          <span className="navbar__product">{product}</span>
        </Link>
        <span className="navbar__spacer" />
        {account}
        <div id="navbar-end" className="navbar__slot" />
        <button
          type="button"
          className="navbar__language"
          aria-label={`${t.nav.otherLanguage}: ${t.nav.switchLanguage}`}
          onClick={() => setLanguage(language === 'es' ? 'en' : 'es')}
        >
          {t.nav.otherLanguage}
        </button>
        <a className="navbar__company" href={companyUrl} target="_blank" rel="noopener noreferrer">
          <BusinessIcon className="navbar__company-icon" />
          <span className="navbar__company-name">{company}</span>
          <span className="visually-hidden"> {t.nav.newTab}</span>
        </a>
      </nav>
    </header>
  );
}
