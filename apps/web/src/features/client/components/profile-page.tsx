import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useI18n } from '../../../i18n/i18n-provider';
import { EmailsSection } from '../emails/emails-section';
import { InboxSection } from './inbox-section';
import { NoticePreferences } from './notice-preferences';
import { ProfileForm } from './profile-form';

/**
 * The receiver's profile: its e-mail addresses, its password, the notices it
 * wants, and the address its suppliers mail documents to.
 */
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
      <InboxSection />
    </Stack>
  );
}
