import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useI18n } from '../../i18n/i18n-provider';
import {
  PASSWORD_MIN_LENGTH,
  usePasswordRating,
  type PasswordAccount,
} from './use-password-rating';

/** Under a new password: how hard it is to guess, and why not, while one types. */
export function PasswordStrengthHint({
  password,
  account,
}: {
  password: string;
  account: PasswordAccount;
}) {
  const { t } = useI18n();
  const texts = t.passwordStrength;
  const rating = usePasswordRating(password, account);
  let text: string;
  if (password === '') text = texts.empty;
  else if (password.length < PASSWORD_MIN_LENGTH) text = texts.tooShort(password.length);
  else if (rating === null) text = texts.rating;
  else {
    const why = rating.warning === null ? null : texts.warnings[rating.warning];
    text = [texts.levels[rating.score], why, rating.strongEnough ? null : texts.advice]
      .filter((part) => part !== null)
      .join(' ');
  }
  return (
    <Box component="span" sx={{ display: 'block' }}>
      {rating !== null && password.length >= PASSWORD_MIN_LENGTH && (
        <LinearProgress
          variant="determinate"
          value={(rating.score + 1) * 20}
          color={rating.strongEnough ? 'success' : rating.score <= 1 ? 'error' : 'warning'}
          aria-hidden="true"
          sx={{ my: 0.5, height: 4, borderRadius: 2 }}
        />
      )}
      <span aria-live="polite">{text}</span>
    </Box>
  );
}
