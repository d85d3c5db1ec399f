import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A page holding one card, centred, with room to breathe on every screen size. */
export function CenteredPage({
  children,
  maxWidth = 480,
}: {
  children: ReactNode;
  maxWidth?: number;
}) {
  return (
    <Box
      component="main"
      sx={{
        px: { xs: 1.5, sm: 3 },
        py: { xs: 2, sm: 4 },
        display: 'flex',
        justifyContent: 'center',
      }}
    >
      <Box sx={{ width: '100%', maxWidth }}>{children}</Box>
    </Box>
  );
}
