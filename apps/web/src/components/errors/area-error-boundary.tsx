import { Component, type ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n-provider';

function AreaFailure() {
  const { t } = useI18n();
  return (
    <main className="page-status" role="alert">
      <p>{t.common.sectionFailed}</p>
      <button type="button" className="page-status__button" onClick={() => location.reload()}>
        {t.common.reload}
      </button>
    </main>
  );
}

interface State {
  failed: boolean;
}

/**
 * Catches what an area throws while loading or rendering (a chunk that fails to
 * download, a render bug) so the navigation bar and the rest of the portal stay usable.
 * React reports the caught error on the console.
 */
export class AreaErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <AreaFailure /> : this.props.children;
  }
}
