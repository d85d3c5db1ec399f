import Box from '@mui/material/Box';
import type { GridColDef } from '@mui/x-data-grid';
import type { DocumentDto } from '@sufel/contract';
import { SignatureIcon } from '../../../../components/document-status/signature-status';
import { SunatStatusIcon } from '../../../../components/document-status/sunat-status';
import { ValidityIcon } from '../../../../components/document-status/validity-status';
import type { Messages } from '../../../../i18n/es';

/**
 * SUNAT's answer (CDR), the signature check and SUNAT's current state (once
 * checked) of one row, as icons with tooltips.
 */
export function DocumentStatusCell({ doc }: { doc: DocumentDto }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, height: '100%' }}>
      <SunatStatusIcon status={doc.estado_sunat} />
      <SignatureIcon firma={doc.firma} />
      <ValidityIcon doc={doc} />
    </Box>
  );
}

/** The grid's status column. */
export function documentStatusColumn(t: Messages): GridColDef<DocumentDto> {
  return {
    field: 'estado_sunat',
    headerName: t.documentStatus.statusColumn,
    width: 110,
    sortable: false,
    renderCell: ({ row }) => <DocumentStatusCell doc={row} />,
  };
}
