import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { unitName, type DocumentDetail } from '@sufel/contract';
import '../../i18n/es-document';
import { useI18n } from '../../i18n/i18n-provider';
import { formatAmount, formatQuantity } from '../../lib/format';
import { InfoList } from './info-list';

type Line = DocumentDetail['lines'][number];

function Description({ line }: { line: Line }) {
  const { t } = useI18n();
  return (
    <>
      <Box component="span" sx={{ fontWeight: 500 }}>
        {line.description}
      </Box>
      {line.free && (
        <Chip label={t.documentView.lineFree} size="small" sx={{ ml: 1 }} color="secondary" />
      )}
      {line.code && (
        <Typography variant="caption" component="span" display="block" color="text.secondary">
          {t.documentView.lineCode}: {line.code}
        </Typography>
      )}
    </>
  );
}

/** Phones get one card per line, so nothing needs sideways scrolling at 360 px. */
function LineCards({ lines, currency }: { lines: Line[]; currency: string }) {
  const { t } = useI18n();
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {lines.map((line) => (
        <Box
          component="li"
          key={line.id}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
        >
          <Box sx={{ mb: 1 }}>
            <Description line={line} />
          </Box>
          <InfoList
            items={[
              {
                label: t.documentView.lineQuantity,
                value: `${formatQuantity(line.quantity)} ${unitName(line.unitCode)}`,
              },
              {
                label: t.documentView.lineUnitValue,
                value: formatAmount(line.unitValue, currency),
              },
              ...(line.unitPrice
                ? [
                    {
                      label: t.documentView.lineUnitPrice,
                      value: formatAmount(line.unitPrice, currency),
                    },
                  ]
                : []),
              {
                label: t.documentView.lineTotal,
                value: <strong>{formatAmount(line.lineTotal, currency)}</strong>,
              },
            ]}
          />
        </Box>
      ))}
    </Box>
  );
}

function LineTable({ lines, currency }: { lines: Line[]; currency: string }) {
  const { t } = useI18n();
  const number = { align: 'right' as const, sx: { whiteSpace: 'nowrap' } };
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t.documentView.lines}>
        <TableHead>
          <TableRow>
            <TableCell>{t.documentView.lineDescription}</TableCell>
            <TableCell {...number}>{t.documentView.lineQuantity}</TableCell>
            <TableCell {...number}>{t.documentView.lineUnitValue}</TableCell>
            <TableCell {...number}>{t.documentView.lineUnitPrice}</TableCell>
            <TableCell {...number}>{t.documentView.lineTotal}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.id}>
              <TableCell sx={{ minWidth: 200 }}>
                <Description line={line} />
              </TableCell>
              <TableCell {...number}>
                {formatQuantity(line.quantity)} {unitName(line.unitCode)}
              </TableCell>
              <TableCell {...number}>{formatAmount(line.unitValue, currency)}</TableCell>
              <TableCell {...number}>
                {line.unitPrice ? formatAmount(line.unitPrice, currency) : '—'}
              </TableCell>
              <TableCell {...number}>{formatAmount(line.lineTotal, currency)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function DocumentLines({ lines, currency }: { lines: Line[]; currency: string }) {
  const { t } = useI18n();
  const wide = useMediaQuery(useTheme().breakpoints.up('sm'));
  if (lines.length === 0) return <Typography variant="body2">{t.documentView.noLines}</Typography>;
  return wide ? (
    <LineTable lines={lines} currency={currency} />
  ) : (
    <LineCards lines={lines} currency={currency} />
  );
}
