import type { ResourceType } from '@sufel/contract';
import type { DocumentRow } from '../../db/types.js';
import { AppError } from '../../errors.js';
import type { DocumentsRepository } from '../documents/documents.repository.js';
import type { FileAccessService, Resource } from './file-access.service.js';
import type { SignedLinks } from './signed-links.js';

/** Who asks for one document's resource, as its route admitted them. */
export type ResourceAsker =
  /** A consultation: its session names the one document it proved. */
  | { by: 'consultation'; documentId: number }
  /** A signed-in receiver, for any document its account may see. */
  | { by: 'receiver'; receiver: string; documentId: number }
  /** Whoever holds a signed link an issuer was given after publishing. */
  | { by: 'link'; hash: string };

/**
 * Serves a document's info, detail or files to whoever asks, once it is sure
 * they may have it. A document they may not see does not exist, as far as they
 * can tell: the same 404 as an unknown id.
 */
export class DocumentResourcesService {
  constructor(
    private readonly documents: DocumentsRepository,
    private readonly links: SignedLinks,
    private readonly documentFiles: FileAccessService,
  ) {}

  async serve(asker: ResourceAsker, type: ResourceType): Promise<Resource> {
    const row = await this.find(asker);
    if (row === undefined) {
      throw AppError.of('not_found', asker.by === 'link' ? 'signedLinkGone' : 'documentNotFound');
    }
    return this.documentFiles.resource(row, type);
  }

  private find(asker: ResourceAsker): Promise<DocumentRow | undefined> {
    switch (asker.by) {
      case 'consultation':
        return this.documents.findById(asker.documentId);
      case 'receiver':
        return this.documents.findForReceiver(asker.receiver, asker.documentId);
      case 'link': {
        const id = this.links.open(asker.hash);
        return id === null ? Promise.resolve(undefined) : this.documents.findById(id);
      }
    }
  }
}
