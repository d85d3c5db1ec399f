import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useI18n } from '../../../i18n/i18n-provider';
import { EmailsSection } from '../emails/emails-section';
import { ReceiverAccessCard } from './access/receiver-access-card';
import { InboxSection } from './inbox-section';
import { NoticePreferences } from './notice-preferences';
import { ProfileForm } from './profile-form';

// Few receivers set up SUNAT's API: its form downloads with the profile, not with the area.
const SunatCredentialsSection = lazy(() =>
  import('../sunat/sunat-credentials-section').then((module) => ({
    default: module.SunatCredentialsSection,
  })),
);

/**
 * The receiver's profile: which issuers' documents it sees (and adding one),
 * its e-mail addresses, its password, the notices it wants, the address its
 * suppliers mail documents to, and its credentials for SUNAT's API.
 */
export function ProfilePage() {
  const { t } = useI18n();
  return (
    <Stack spacing={3} sx={{ maxWidth: 560, mx: 'auto' }}>
      <Typography component="h1" variant="h5">
        {t.clientLayout.profile}
      </Typography>
      <ReceiverAccessCard />
      <EmailsSection />
      <ProfileForm />
      <NoticePreferences />
      <InboxSection />
      <Suspense fallback={<Skeleton variant="rounded" height={160} />}>
        <SunatCredentialsSection />
      </Suspense>
    </Stack>
  );
}
