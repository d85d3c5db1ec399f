import { Link, useLocation } from 'wouter';
import { paths } from '../../config/paths';
import { useI18n } from '../../i18n/i18n-provider';
import { PageTitle } from '../page-title/page-title';
import './not-found-page.css';

/**
 * An address the portal has no page for: it says so, shows the address, and
 * leads home, rather than sending the visitor elsewhere without a word.
 */
export function NotFoundPage() {
  const { t } = useI18n();
  const [location] = useLocation();
  return (
    <main className="plain-page">
      <PageTitle title={t.notFound.title} />
      <section className="plain-card" aria-labelledby="not-found-title">
        <header className="plain-card__header">
          <h1 id="not-found-title" className="plain-card__title">
            {t.notFound.title}
          </h1>
        </header>
        <div className="plain-card__content">
          <p className="not-found__text">
            {t.notFound.text} <code className="not-found__address">{location}</code>
          </p>
          <Link href={paths.home.href()} className="button">
            {t.notFound.home}
          </Link>
        </div>
      </section>
    </main>
  );
}
