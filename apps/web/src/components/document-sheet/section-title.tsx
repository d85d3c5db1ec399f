import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The heading of one part of a document (DOCUMENTO, CLIENTE, DETALLE…). */
export function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Typography
      component="h2"
      variant="overline"
      sx={{ display: 'block', color: 'primary.dark', fontWeight: 500, lineHeight: 2, mb: 1 }}
    >
      {children}
    </Typography>
  );
}
