import { useId } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import './challenge-progress.css';

/** "Verificando que no es un robot…" with a bar, while a verification is being solved. */
export function ChallengeProgress({ progress }: { progress: number | null }) {
  const { t } = useI18n();
  const labelId = useId();
  if (progress === null) return null;
  return (
    <div className="challenge-progress" role="status">
      <span id={labelId}>{t.challenge.verifying}</span>
      <progress aria-labelledby={labelId} max={100} value={Math.round(progress * 100)} />
    </div>
  );
}

/** How many attempts remain before a verification is asked, under a refused form. */
export function AttemptsLeft({ count }: { count: number | null }) {
  const { t } = useI18n();
  if (count === null) return null;
  return <p className="challenge-progress">{t.challenge.attemptsLeft(count)}</p>;
}
