import { CenteredPage } from '../../../components/layouts/centered-page';
import { ConfirmEmailPage } from '../../../features/client/emails/confirm-email-page';

export default function ConfirmEmailRoute() {
  return (
    <CenteredPage maxWidth={560}>
      <ConfirmEmailPage />
    </CenteredPage>
  );
}
