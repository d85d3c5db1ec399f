/**
 * Namespace URIs of the documents read here. Elements are always matched by
 * URI and local name: real files bind these URIs to any prefix, or make one of
 * them the default namespace.
 */

const OASIS = 'urn:oasis:names:specification:ubl:schema:xsd:';

/** Prefix of SUNAT's own document schemas (retention, perception, summaries…). */
export const SUNAT_SCHEMA_PREFIX = 'urn:sunat:names:specification:ubl:peru:schema:xsd:';

export const UBL_ROOT_NAMESPACES = {
  Invoice: `${OASIS}Invoice-2`,
  CreditNote: `${OASIS}CreditNote-2`,
  DebitNote: `${OASIS}DebitNote-2`,
  ApplicationResponse: `${OASIS}ApplicationResponse-2`,
  DespatchAdvice: `${OASIS}DespatchAdvice-2`,
} as const;

/** Roots of the receipts SUNAT defines itself: retention (20) and perception (40). */
export const SUNAT_ROOT_NAMESPACES = {
  Retention: `${SUNAT_SCHEMA_PREFIX}Retention-1`,
  Perception: `${SUNAT_SCHEMA_PREFIX}Perception-1`,
} as const;

/** The component namespaces, under the prefixes our query paths use. */
export const COMPONENT_NAMESPACES = {
  cac: `${OASIS}CommonAggregateComponents-2`,
  cbc: `${OASIS}CommonBasicComponents-2`,
  ext: `${OASIS}CommonExtensionComponents-2`,
  sac: `${SUNAT_SCHEMA_PREFIX}SunatAggregateComponents-1`,
  ds: 'http://www.w3.org/2000/09/xmldsig#',
} as const;
