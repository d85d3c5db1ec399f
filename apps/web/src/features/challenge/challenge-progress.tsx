import { useId } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import './challenge-progress.css';
import type { ChallengeStatus } from './use-challenge';

/** What the verification being solved is, in words, with a bar. */
export function ChallengeProgress({ progress }: { progress: ChallengeStatus | null }) {
  const { t } = useI18n();
  const labelId = useId();
  if (progress === null) return null;
  return (
    <div className="challenge-progress" role="status">
      <span id={labelId}>
        {progress.level === 'address' ? t.challenge.verifyingAddress : t.challenge.verifying}
      </span>
      <progress aria-labelledby={labelId} max={100} value={Math.round(progress.fraction * 100)} />
    </div>
  );
}

/** How many attempts remain before a verification is asked, under a refused form. */
export function AttemptsLeft({ count }: { count: number | null }) {
  const { t } = useI18n();
  if (count === null) return null;
  return <p className="challenge-progress">{t.challenge.attemptsLeft(count)}</p>;
}
