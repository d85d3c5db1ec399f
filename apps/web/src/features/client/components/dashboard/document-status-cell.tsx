import Box from '@mui/material/Box';
import type { GridColDef } from '@mui/x-data-grid';
import type { DocumentDto } from '@sufel/contract';
import type { ReactNode } from 'react';
import { ValidityWarningWords } from '../../../../components/document-status/validity-status';
import { VerdictLabel } from '../../../../components/document-status/verdict-status';
import type { Messages } from '../../../../i18n/es';

/** The verdict on one row in words, and what SUNAT warns of today (once checked). */
export function DocumentStatusCell({ doc }: { doc: DocumentDto }) {
  return (
    <Box sx={{ display: 'grid', alignContent: 'center', justifyItems: 'start', gap: 0.25 }}>
      <VerdictLabel verdict={doc.estado} />
      <ValidityWarningWords doc={doc} />
    </Box>
  );
}

/** A document's amount, struck through once it is voided: it no longer counts. */
export function VoidableAmount({ doc, children }: { doc: DocumentDto; children: ReactNode }) {
  return (
    <Box
      component={doc.estado === 'anulado' ? 'del' : 'span'}
      sx={{ textDecorationThickness: '2px' }}
    >
      {children}
    </Box>
  );
}

/** The grid's status column. */
export function documentStatusColumn(t: Messages): GridColDef<DocumentDto> {
  return {
    field: 'estado',
    headerName: t.documentStatus.statusColumn,
    width: 190,
    sortable: false,
    renderCell: ({ row }) => (
      <Box sx={{ display: 'flex', alignItems: 'center', minHeight: 56, py: 0.75 }}>
        <DocumentStatusCell doc={row} />
      </Box>
    ),
  };
}
