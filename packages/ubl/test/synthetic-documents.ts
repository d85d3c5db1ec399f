/**
 * Small hand-written documents for the cases no real sample covers. Each part
 * can be replaced to break exactly one thing.
 */

export const NAMESPACES =
  'xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" ' +
  'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" ' +
  'xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2" ' +
  'xmlns:ds="http://www.w3.org/2000/09/xmldsig#"';

export interface InvoiceParts {
  root: string;
  signature: string;
  version: string;
  id: string;
  issueDate: string;
  extraHeader: string;
  typeCode: string;
  currency: string;
  supplier: string;
  customer: string;
  extraBody: string;
  total: string;
  lines: string;
}

export const INVOICE_PARTS: InvoiceParts = {
  root: `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" ${NAMESPACES}>`,
  signature:
    '<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent><ds:Signature Id="S">' +
    '<ds:SignedInfo><ds:Reference URI=""><ds:DigestValue>abc=</ds:DigestValue></ds:Reference></ds:SignedInfo>' +
    '<ds:SignatureValue>c2lnbmVk</ds:SignatureValue></ds:Signature>' +
    '</ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>',
  version: '<cbc:UBLVersionID>2.1</cbc:UBLVersionID>',
  id: '<cbc:ID>F001-00000123</cbc:ID>',
  issueDate: '<cbc:IssueDate>2024-11-25</cbc:IssueDate>',
  extraHeader: '',
  typeCode: '<cbc:InvoiceTypeCode listID="0101">01</cbc:InvoiceTypeCode>',
  currency: '<cbc:DocumentCurrencyCode>PEN</cbc:DocumentCurrencyCode>',
  supplier:
    '<cac:AccountingSupplierParty><cac:Party>' +
    '<cac:PartyIdentification><cbc:ID schemeID="6">20606433094</cbc:ID></cac:PartyIdentification>' +
    '<cac:PartyLegalEntity><cbc:RegistrationName>EMISOR S.A.C.</cbc:RegistrationName></cac:PartyLegalEntity>' +
    '</cac:Party></cac:AccountingSupplierParty>',
  customer:
    '<cac:AccountingCustomerParty><cac:Party>' +
    '<cac:PartyIdentification><cbc:ID schemeID="6">20415932376</cbc:ID></cac:PartyIdentification>' +
    '<cac:PartyLegalEntity><cbc:RegistrationName>CLIENTE S.A.</cbc:RegistrationName></cac:PartyLegalEntity>' +
    '</cac:Party></cac:AccountingCustomerParty>',
  extraBody: '',
  total:
    '<cac:LegalMonetaryTotal><cbc:PayableAmount currencyID="PEN">118.00</cbc:PayableAmount></cac:LegalMonetaryTotal>',
  lines:
    '<cac:InvoiceLine><cbc:ID>1</cbc:ID>' +
    '<cbc:InvoicedQuantity unitCode="NIU">1</cbc:InvoicedQuantity>' +
    '<cbc:LineExtensionAmount currencyID="PEN">100.00</cbc:LineExtensionAmount>' +
    '<cac:Item><cbc:Description>Servicio</cbc:Description></cac:Item>' +
    '<cac:Price><cbc:PriceAmount currencyID="PEN">100.00</cbc:PriceAmount></cac:Price>' +
    '</cac:InvoiceLine>',
};

/** A minimal valid UBL 2.1 factura, with some parts replaced. */
export function syntheticInvoice(overrides: Partial<InvoiceParts> = {}): string {
  const parts = { ...INVOICE_PARTS, ...overrides };
  const rootName = /^<([\w:]+)/.exec(parts.root)![1]!;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    parts.root +
    parts.signature +
    parts.version +
    parts.id +
    parts.issueDate +
    parts.extraHeader +
    parts.typeCode +
    parts.currency +
    parts.supplier +
    parts.customer +
    parts.extraBody +
    parts.total +
    parts.lines +
    `</${rootName}>`
  );
}

/** A CDR (ApplicationResponse) with the given response code and notes. */
export function syntheticCdr(responseCode: string, notes: readonly string[] = []): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<ar:ApplicationResponse xmlns:ar="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2" ${NAMESPACES}>` +
    '<cbc:UBLVersionID>2.0</cbc:UBLVersionID><cbc:ID>1</cbc:ID>' +
    '<cbc:IssueDate>2024-11-25</cbc:IssueDate>' +
    notes.map((note) => `<cbc:Note>${note}</cbc:Note>`).join('') +
    '<cac:ReceiverParty><cac:PartyIdentification><cbc:ID>20606433094</cbc:ID></cac:PartyIdentification></cac:ReceiverParty>' +
    '<cac:DocumentResponse><cac:Response><cbc:ReferenceID>F001-123</cbc:ReferenceID>' +
    `<cbc:ResponseCode>${responseCode}</cbc:ResponseCode>` +
    '<cbc:Description>Respuesta</cbc:Description></cac:Response>' +
    '<cac:DocumentReference><cbc:ID>F001-123</cbc:ID></cac:DocumentReference>' +
    '</cac:DocumentResponse></ar:ApplicationResponse>'
  );
}
