import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { useI18n } from '../../../i18n/i18n-provider';
import { CardLine, CardList, ListCard, PHONE_QUERY } from '../components/dashboard/list-cards';

export interface MoneyColumn<Row> {
  header: string;
  /** `documentLink` is the row's document name as a link that opens it, for the column that names it. */
  cell: (row: Row, documentLink: ReactNode) => ReactNode;
  /** Amounts and percentages: right-aligned, digits under digits, never broken. */
  numeric?: boolean;
  /** Short values (days, series-numbers, accounts) that read wrong when broken. */
  nowrap?: boolean;
}

export interface MoneyListProps<Row> {
  /** Names the table for screen readers. */
  label: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The document a row belongs to, opened by its link, a click on the row or a tap on its card. */
  documentOf: (row: Row) => { id: number; name: string };
  onOpen: (documentId: number) => void;
  columns: readonly MoneyColumn<Row>[];
  /** A phone's card of the row: it should start with the document's name. */
  card: (row: Row) => ReactNode;
  empty: string;
}

/** The first line of a money view's card: the document's name, and its amount in bold. */
export function CardHeading({ name, amount }: { name: string; amount: ReactNode }) {
  return (
    <CardLine>
      <Typography component="span" sx={{ fontWeight: 600, minWidth: 0 }}>
        {name}
      </Typography>
      <Typography component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
        {amount}
      </Typography>
    </CardLine>
  );
}

/** The document's name as a link that opens it: Tab reaches it, Enter opens it. */
function OpenDocumentLink({ name, onOpen }: { name: string; onOpen: () => void }) {
  const { t } = useI18n();
  return (
    <Link
      component="button"
      type="button"
      aria-label={t.moneyViews.open(name)}
      onClick={(event) => {
        // The row opens the same document on a click: once is enough.
        event.stopPropagation();
        onOpen();
      }}
      sx={{ fontWeight: 600, textAlign: 'left' }}
    >
      {name}
    </Link>
  );
}

const cellStyle = (column: { numeric?: boolean; nowrap?: boolean }) =>
  column.numeric
    ? { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }
    : column.nowrap
      ? { whiteSpace: 'nowrap' }
      : undefined;

/**
 * A money view's rows: a table on a desktop, one card per row on a phone (as
 * the dashboard's grid and cards), every row opening its document.
 */
export function MoneyList<Row>({
  label,
  rows,
  rowKey,
  documentOf,
  onOpen,
  columns,
  card,
  empty,
}: MoneyListProps<Row>) {
  const phone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  if (rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        {empty}
      </Typography>
    );
  }
  if (phone) {
    return (
      <CardList>
        {rows.map((row) => (
          <ListCard key={rowKey(row)} onOpen={() => onOpen(documentOf(row).id)}>
            {card(row)}
          </ListCard>
        ))}
      </CardList>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column.header}
                align={column.numeric ? 'right' : 'left'}
                sx={column.numeric ? { whiteSpace: 'nowrap' } : undefined}
              >
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const document = documentOf(row);
            const link = (
              <OpenDocumentLink name={document.name} onOpen={() => onOpen(document.id)} />
            );
            return (
              <TableRow
                key={rowKey(row)}
                hover
                onClick={() => onOpen(document.id)}
                sx={{ cursor: 'pointer' }}
              >
                {columns.map((column) => (
                  <TableCell
                    key={column.header}
                    align={column.numeric ? 'right' : 'left'}
                    sx={cellStyle(column)}
                  >
                    {column.cell(row, link)}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
