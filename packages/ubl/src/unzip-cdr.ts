import { UblError } from './errors.js';
import { openZip, type ZipArchive, type ZipEntry } from './zip-archive.js';

/**
 * The XML of a CDR ZIP (`R-<name>.zip`), read through the safe ZIP reader:
 * the whole archive may hold at most `CDR_MAX_XML_BYTES` and a few dozen files,
 * and no archive of its own.
 */

export const CDR_MAX_XML_BYTES = 5 * 1024 * 1024;
const CDR_MAX_ENTRIES = 64;

/** The response XML: `R-….xml` when there are several XML files, ignoring `dummy`. */
function chooseXmlEntry(entries: readonly ZipEntry[]): ZipEntry {
  const xmlFiles = entries.filter((entry) => /\.xml$/i.test(entry.name));
  const baseName = (entry: ZipEntry): string => entry.name.slice(entry.name.lastIndexOf('/') + 1);
  const chosen = xmlFiles.find((entry) => /^R-/i.test(baseName(entry))) ?? xmlFiles[0];
  if (chosen === undefined) {
    throw new UblError('not_ubl', 'El ZIP no contiene la constancia de recepción (CDR) en XML.');
  }
  return chosen;
}

/** The bytes of the CDR's XML inside an archive already opened, such as a CDR ZIP inside an upload. */
export function readCdrXml(archive: ZipArchive): Uint8Array {
  return chooseXmlEntry(archive.entries).read();
}

/** The bytes of the CDR's XML file inside `zip`. */
export function unzipCdrXml(zip: Uint8Array, maxXmlBytes: number = CDR_MAX_XML_BYTES): Uint8Array {
  return readCdrXml(
    openZip(zip, {
      subject: 'El ZIP del CDR',
      cdrArchives: false,
      maxEntries: CDR_MAX_ENTRIES,
      maxTotalBytes: maxXmlBytes,
    }),
  );
}
