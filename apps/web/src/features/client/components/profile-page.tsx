import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useI18n } from '../../../i18n/i18n-provider';
import { EmailsSection } from '../emails/emails-section';
import { NoticePreferences } from './notice-preferences';
import { ProfileForm } from './profile-form';

/** The receiver's profile: its e-mail addresses, its password and the notices it wants. */
export function ProfilePage() {
  const { t } = useI18n();
  return (
    <Stack spacing={3} sx={{ maxWidth: 560, mx: 'auto' }}>
      <Typography component="h1" variant="h5">
        {t.clientLayout.profile}
      </Typography>
      <EmailsSection />
      <ProfileForm />
      <NoticePreferences />
    </Stack>
  );
}
