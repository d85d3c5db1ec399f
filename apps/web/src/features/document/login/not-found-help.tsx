import { useId } from 'react';
import { useI18n } from '../../../i18n/i18n-provider';
import './not-found-help.css';

/**
 * After a consultation that matched nothing: which data must be as printed,
 * with the issue date singled out while it is still the pre-filled today.
 * Loaded with the form's rules, so the page's first load stays light.
 */
export function NotFoundHelp({
  withIssuer,
  dateLeftAtToday,
}: {
  withIssuer: boolean;
  dateLeftAtToday: boolean;
}) {
  const { t } = useI18n();
  const titleId = useId();
  return (
    <div className="not-found-help" role="alert" aria-labelledby={titleId}>
      <p id={titleId} className="not-found-help__title">
        {t.documentLogin.notFound}
      </p>
      <p>{t.consultationHelp.mustMatch}</p>
      <ul>
        {withIssuer && <li>{t.proof.issuer}</li>}
        <li>{t.proof.seriesNumber}</li>
        <li>{t.proof.type}</li>
        <li>
          {t.proof.date}
          {dateLeftAtToday && <strong>: {t.consultationHelp.dateStillToday}</strong>}
        </li>
        <li>{t.proof.total}</li>
      </ul>
    </div>
  );
}
