import { useI18n } from '../../i18n/i18n-provider';
import { Spinner } from '../spinner/spinner';

/** Shown while a screen's code downloads; no MUI, since MUI may be what is downloading. */
export function PageLoading() {
  const { t } = useI18n();
  return (
    <div className="page-status" role="status">
      <Spinner diameter={48} label={t.common.loading} />
    </div>
  );
}
