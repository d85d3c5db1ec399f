import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import type { ReactNode } from 'react';

/** Phones get cards instead of a table's columns. */
export const PHONE_QUERY = '(max-width: 600px)';

/** Phones: a list of cards, one under the other, nothing to scroll sideways. */
export function CardList({ children }: { children: ReactNode }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {children}
    </Box>
  );
}

/**
 * One entry of a `CardList`, whose whole face is the button that opens it.
 * The button is named by what it shows, so that text should start with what
 * identifies the entry (the document's type and series-number).
 */
export function ListCard({
  onOpen,
  actions,
  selected = false,
  children,
}: {
  onOpen: () => void;
  /** Controls of their own under the card's face (a choice, downloads), outside its button. */
  actions?: ReactNode;
  selected?: boolean;
  children: ReactNode;
}) {
  return (
    <li>
      <Card
        variant="outlined"
        sx={selected ? { borderColor: 'primary.main', bgcolor: 'action.selected' } : undefined}
      >
        <CardActionArea
          onClick={onOpen}
          sx={{ p: 1.5, display: 'grid', gap: 0.5, justifyContent: 'stretch', textAlign: 'left' }}
        >
          {children}
        </CardActionArea>
        {actions !== undefined && (
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              flexWrap: 'wrap',
              gap: 0.5,
              px: 0.5,
              pb: 0.5,
              borderTop: 1,
              borderColor: 'divider',
            }}
          >
            {actions}
          </Box>
        )}
      </Card>
    </li>
  );
}

/** A line of a card with its two ends apart: what it is, and its state or amount. */
export function CardLine({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>{children}</Box>;
}
