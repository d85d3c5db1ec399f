export {
  MIN_PASSWORD_SCORE,
  RATED_LENGTH,
  accountWords,
  loadPasswordRater,
  type PasswordRating,
  type PasswordScore,
  type PasswordWarning,
  type RatePassword,
} from './rate-password.js';
