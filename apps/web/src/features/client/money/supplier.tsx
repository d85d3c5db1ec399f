import Box from '@mui/material/Box';

/**
 * A supplier as the money views show it: its name, and its RUC under it. The
 * name keeps room for a few words a line, so a table does not squeeze it.
 */
export function Supplier({ name, ruc }: { name: string; ruc: string }) {
  return (
    <>
      <Box component="span" sx={{ display: 'block', minWidth: '11rem' }}>
        {name}
      </Box>
      <Box
        component="span"
        sx={{ display: 'block', color: 'text.secondary', typography: 'caption' }}
      >
        {ruc}
      </Box>
    </>
  );
}
