import { Link } from 'wouter';
import { ReceiptIcon } from '../../../components/icons/receipt-icon';
import { paths } from '../../../config/paths';
import { useI18n } from '../../../i18n/i18n-provider';
import './home-card.css';

export function HomeCard() {
  const { t } = useI18n();
  return (
    <section className="home-card" aria-labelledby="home-title">
      <div className="home-card__icon">
        <ReceiptIcon />
      </div>
      <h1 id="home-title" className="home-card__title">
        {t.home.title}
      </h1>
      <p className="home-card__subtitle">{t.home.subtitle}</p>
      <div className="home-card__actions">
        <Link href={paths.document.login.href()} className="button">
          {t.home.individual}
        </Link>
        <Link href={paths.client.login.href()} className="button button--outlined">
          {t.home.companies}
        </Link>
      </div>
    </section>
  );
}
