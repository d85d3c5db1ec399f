import { useConfig } from '../../config/config-context';
import { useI18n } from '../../i18n/i18n-provider';
import { contactHref, contactText } from './contact-link';
import './footer.css';

/**
 * Who runs the portal, how to reach them, and its legal line: the default one
 * in the chosen language, an operator's own as written. Plain React and CSS:
 * it is part of the first load.
 */
export function Footer() {
  const { company, companyUrl, contact, legalNote } = useConfig();
  const { t, translate } = useI18n();
  const href = contactHref(contact);
  return (
    <footer className="footer">
      <p className="footer__row">
        <span>
          {t.footer.operatedBy}{' '}
          <a href={companyUrl} target="_blank" rel="noopener noreferrer">
            {company}
            <span className="visually-hidden"> {t.nav.newTab}</span>
          </a>
        </span>
        {contact !== '' && (
          <span>
            {t.footer.contact}:{' '}
            {href === null ? contact : <a href={href}>{contactText(contact)}</a>}
          </span>
        )}
      </p>
      {legalNote !== '' && <p className="footer__legal">{translate(legalNote)}</p>}
    </footer>
  );
}
