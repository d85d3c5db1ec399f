import { useId, type ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title/page-title';
import { Spinner } from '../../../components/spinner/spinner';
import { useI18n } from '../../../i18n/i18n-provider';

/**
 * The consultation card and its title. The router shows it, with a spinner
 * inside, while the form's code downloads, so the page has its title at once.
 */
export function DocumentLoginFrame({ children }: { children?: ReactNode }) {
  const { t } = useI18n();
  const titleId = useId();
  return (
    <main className="plain-page">
      <PageTitle title={t.titles.consultation} />
      <section className="plain-card" aria-labelledby={titleId}>
        <header className="plain-card__header">
          <h1 id={titleId} className="plain-card__title">
            {t.documentLogin.title}
          </h1>
          <p className="plain-card__subtitle">{t.documentLogin.subtitle}</p>
        </header>
        <div className="plain-card__content">
          {children ?? (
            <div className="page-status" role="status">
              <Spinner diameter={48} label={t.common.loading} />
            </div>
          )}
        </div>
      </section>
    </main>
  );
}
