import { CenteredPage } from '../../../components/layouts/centered-page';
import { ClientRegisterForm } from '../../../features/client/components/client-register-form';

export default function RegisterRoute({
  onRegistered,
}: {
  onRegistered: (message: string) => void;
}) {
  return (
    <CenteredPage maxWidth={560}>
      <ClientRegisterForm onRegistered={onRegistered} />
    </CenteredPage>
  );
}
