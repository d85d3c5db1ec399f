import Alert from '@mui/material/Alert';

/** The reason a form was refused, under the form; announced as soon as it appears. */
export function FormError({ message }: { message: string | null }) {
  if (message === null) return null;
  return (
    <Alert severity="error" sx={{ mt: 2 }}>
      {message.charAt(0).toUpperCase() + message.slice(1)}
    </Alert>
  );
}
