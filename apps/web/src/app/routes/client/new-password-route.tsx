import { CenteredPage } from '../../../components/layouts/centered-page';
import { NewPasswordForm } from '../../../features/client/password-reset/new-password-form';

export default function NewPasswordRoute({
  onReset,
}: {
  onReset: (message: string, ruc: string | undefined) => void;
}) {
  return (
    <CenteredPage maxWidth={560}>
      <NewPasswordForm onReset={onReset} />
    </CenteredPage>
  );
}
