import { CenteredPage } from '../../../components/layouts/centered-page';
import { ResetPasswordForm } from '../../../features/client/components/reset-password-form';

export default function ResetPasswordRoute({ onReset }: { onReset: (message: string) => void }) {
  return (
    <CenteredPage maxWidth={560}>
      <ResetPasswordForm onReset={onReset} />
    </CenteredPage>
  );
}
