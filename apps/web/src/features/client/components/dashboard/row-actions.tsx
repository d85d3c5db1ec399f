import Download from '@mui/icons-material/Download';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import type { DocumentDto, FileType } from '@sufel/contract';
import { useId, useState, type MouseEvent } from 'react';
import { useI18n } from '../../../../i18n/i18n-provider';
import { documentName } from './document-name';

export interface RowActionsProps {
  doc: DocumentDto;
  onOpen: (doc: DocumentDto) => void;
  onDownload: (doc: DocumentDto, type: FileType) => void;
  /** The document's file being downloaded, if any. */
  pending: FileType | null;
}

/** The files a document has: its PDF and XML, and SUNAT's CDR when there is one. */
export function filesOf(doc: DocumentDto): FileType[] {
  return doc.cdr ? ['pdf', 'xml', 'cdr'] : ['pdf', 'xml'];
}

/** The grid's row itself opens the document on a click: a control's own action is enough. */
const keepFromRow = {
  onClick: (event: MouseEvent) => event.stopPropagation(),
  onKeyDown: (event: { stopPropagation: () => void }) => event.stopPropagation(),
};

/**
 * Desktop rows: see the document, and download any of its files from one
 * menu (PDF, XML, CDR), so the amounts and names beside keep their room.
 */
export function RowActions({ doc, onOpen, onDownload, pending }: RowActionsProps) {
  const { t } = useI18n();
  const name = documentName(t, doc);
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = (type: FileType) => (type === 'cdr' ? t.dashboard.cdr : type.toUpperCase());
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }} {...keepFromRow}>
      <Tooltip title={t.dashboard.view}>
        <IconButton size="small" aria-label={t.dashboard.open(name)} onClick={() => onOpen(doc)}>
          <VisibilityIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t.dashboard.downloads(name)}>
        <IconButton
          size="small"
          aria-label={t.dashboard.downloads(name)}
          aria-haspopup="menu"
          aria-controls={anchor === null ? undefined : menuId}
          aria-expanded={anchor !== null}
          // Not disabled while a file downloads: that would drop the keyboard's focus.
          aria-disabled={pending !== null}
          onClick={(event) => {
            if (pending === null) setAnchor(event.currentTarget);
          }}
        >
          <Download fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {filesOf(doc).map((type) => (
          <MenuItem
            key={type}
            aria-label={t.dashboard.downloadOf(label(type), name)}
            onClick={() => {
              setAnchor(null);
              onDownload(doc, type);
            }}
          >
            {label(type)}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}

/** Phone cards: each file of the document as its own button, named for the document. */
export function FileButtons({ doc, onDownload, pending }: Omit<RowActionsProps, 'onOpen'>) {
  const { t } = useI18n();
  const name = documentName(t, doc);
  return (
    <>
      {filesOf(doc).map((type) => {
        const label = type === 'cdr' ? t.dashboard.cdr : type.toUpperCase();
        return (
          <Button
            key={type}
            size="small"
            startIcon={<Download fontSize="small" />}
            aria-label={t.dashboard.downloadOf(label, name)}
            aria-disabled={pending !== null}
            onClick={() => {
              if (pending === null) onDownload(doc, type);
            }}
            sx={{ minWidth: 0 }}
          >
            {label}
          </Button>
        );
      })}
    </>
  );
}
