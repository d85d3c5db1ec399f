import Button, { type ButtonProps } from '@mui/material/Button';
import { useI18n } from '../../i18n/i18n-provider';
import { Spinner } from './spinner';

/** A form's main button: it turns into a spinner while the request is under way. */
export function SubmitButton({ pending, children, ...props }: ButtonProps & { pending: boolean }) {
  const { t } = useI18n();
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={pending}
      aria-busy={pending}
      {...props}
    >
      {pending ? <Spinner diameter={24} label={t.common.loading} /> : children}
    </Button>
  );
}
