import { CenteredPage } from '../../../components/layouts/centered-page';
import { RequestResetForm } from '../../../features/client/password-reset/request-reset-form';

export default function ResetPasswordRoute() {
  return (
    <CenteredPage maxWidth={560}>
      <RequestResetForm />
    </CenteredPage>
  );
}
