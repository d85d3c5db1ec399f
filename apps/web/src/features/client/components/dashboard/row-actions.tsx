import Download from '@mui/icons-material/Download';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { DocumentDto, FileType } from '@sufel/contract';
import type { MouseEvent, ReactNode } from 'react';
import { useI18n } from '../../../../i18n/i18n-provider';
import { documentName } from './document-name';

export interface RowActionsProps {
  doc: DocumentDto;
  onOpen: (doc: DocumentDto) => void;
  onDownload: (doc: DocumentDto, type: FileType) => void;
  /** The document's file being downloaded, if any. */
  pending: FileType | null;
}

/** See, XML and PDF of one document, with no selection first. */
export function RowActions({ doc, onOpen, onDownload, pending }: RowActionsProps) {
  const { t } = useI18n();
  const name = documentName(t, doc);
  const action = (label: string, title: string, icon: ReactNode, run: () => void) => (
    <Tooltip title={title}>
      <IconButton
        size="small"
        aria-label={label}
        // Not disabled while a file downloads: that would drop the keyboard's focus.
        aria-disabled={pending !== null}
        onClick={(event: MouseEvent) => {
          // The row itself opens the document on a click: the button's own action is enough.
          event.stopPropagation();
          if (pending === null) run();
        }}
        onKeyDown={(event) => event.stopPropagation()}
      >
        {icon}
      </IconButton>
    </Tooltip>
  );
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }}>
      {action(t.dashboard.open(name), t.dashboard.view, <VisibilityIcon fontSize="small" />, () =>
        onOpen(doc),
      )}
      {action(t.dashboard.downloadOf('XML', name), 'XML', <Download fontSize="small" />, () =>
        onDownload(doc, 'xml'),
      )}
      {action(t.dashboard.downloadOf('PDF', name), 'PDF', <PictureAsPdf fontSize="small" />, () =>
        onDownload(doc, 'pdf'),
      )}
    </Box>
  );
}
