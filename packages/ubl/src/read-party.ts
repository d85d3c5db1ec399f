import { quoteValue, UblError } from './errors.js';
import { missingField } from './read-values.js';
import type { UblIssuer, UblParty } from './types.js';
import { attributeOf, first, textAt, textOf } from './xml-query.js';
import type { XmlElement } from './xml-tree.js';

/** Catalogue 06 document types, plus "-" for buyers of a boleta left anonymous. */
const CUSTOMER_DOCUMENT_TYPES: ReadonlySet<string> = new Set([
  '0',
  '1',
  '4',
  '6',
  '7',
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'G',
  '-',
]);

const RUC_DOCUMENT_TYPE = '6';
const RUC = /^\d{11}$/;

interface Identification {
  number: string;
  type: string | null;
}

/**
 * Where a party's document is written: UBL 2.1 `PartyIdentification/ID`
 * (type in `@schemeID`), the early 2.1 draft's `PartyTaxScheme/CompanyID`, or
 * UBL 2.0 `CustomerAssignedAccountID` (type in `AdditionalAccountID`).
 */
function identificationOf(role: XmlElement): Identification | null {
  const legacyType = textAt(role, 'cbc:AdditionalAccountID');
  for (const path of [
    'cac:Party/cac:PartyIdentification/cbc:ID',
    'cac:Party/cac:PartyTaxScheme/cbc:CompanyID',
  ]) {
    const id = first(role, path);
    const number = textOf(id);
    if (number !== null) return { number, type: attributeOf(id, 'schemeID') ?? legacyType };
  }
  const number = textAt(role, 'cbc:CustomerAssignedAccountID');
  return number === null ? null : { number, type: legacyType };
}

/** The legal name, wherever the version puts it. */
function registrationNameOf(role: XmlElement): string | null {
  return (
    textAt(role, 'cac:Party/cac:PartyLegalEntity/cbc:RegistrationName') ??
    textAt(role, 'cac:Party/cac:PartyTaxScheme/cbc:RegistrationName')
  );
}

/** A part of an address that says something ("-" is a common placeholder). */
function meaningful(part: string | null): part is string {
  return part !== null && part !== '-';
}

/** "street, urbanisation, district - province - department", or null when the address is empty. */
function formatAddress(address: XmlElement): string | null {
  const street = textAt(address, 'cac:AddressLine/cbc:Line') ?? textAt(address, 'cbc:StreetName');
  const area = [
    textAt(address, 'cbc:District'),
    textAt(address, 'cbc:CityName'),
    textAt(address, 'cbc:CountrySubentity'),
  ].filter(meaningful);
  const parts = [street, textAt(address, 'cbc:CitySubdivisionName')].filter(meaningful);
  if (area.length > 0) parts.push(area.join(' - '));
  return parts.length > 0 ? parts.join(', ') : null;
}

function addressOf(role: XmlElement): string | null {
  for (const path of [
    'cac:Party/cac:PartyLegalEntity/cac:RegistrationAddress',
    'cac:Party/cac:PostalAddress',
    'cac:Party/cac:PartyTaxScheme/cac:RegistrationAddress',
  ]) {
    const address = first(role, path);
    const formatted = address === null ? null : formatAddress(address);
    if (formatted !== null) return formatted;
  }
  return null;
}

export function readIssuer(root: XmlElement): UblIssuer {
  const supplier = first(root, 'cac:AccountingSupplierParty');
  const identification = supplier === null ? null : identificationOf(supplier);
  if (supplier === null || identification === null) {
    throw missingField('Falta el RUC del emisor (cac:AccountingSupplierParty).');
  }
  const ruc = identification.number;
  if (!RUC.test(ruc)) {
    throw new UblError(
      'invalid_value',
      `El RUC del emisor ${quoteValue(ruc)} no tiene 11 dígitos.`,
    );
  }
  const tradeName = textAt(supplier, 'cac:Party/cac:PartyName/cbc:Name');
  const meaningfulTradeName = meaningful(tradeName) ? tradeName : null;
  const name = registrationNameOf(supplier) ?? meaningfulTradeName;
  if (name === null) {
    throw missingField('Falta la razón social del emisor (cbc:RegistrationName).');
  }
  return { ruc, name, tradeName: meaningfulTradeName, address: addressOf(supplier) };
}

export function readCustomer(root: XmlElement): UblParty {
  const customer = first(root, 'cac:AccountingCustomerParty');
  const identification = customer === null ? null : identificationOf(customer);
  if (customer === null || identification === null) {
    throw missingField('Falta el documento del cliente (cac:AccountingCustomerParty).');
  }
  const { number } = identification;
  // Catalogue 06 letters are upper case; some issuers write them in lower case.
  const type = identification.type?.toUpperCase() ?? null;
  if (type === null) {
    throw missingField(`Falta el tipo de documento del cliente ${quoteValue(number)}.`);
  }
  if (!CUSTOMER_DOCUMENT_TYPES.has(type)) {
    throw new UblError(
      'invalid_value',
      `El tipo de documento del cliente ${quoteValue(type)} no existe en el catálogo 06 de SUNAT.`,
    );
  }
  if (type === RUC_DOCUMENT_TYPE && !RUC.test(number)) {
    throw new UblError(
      'invalid_value',
      `El RUC del cliente ${quoteValue(number)} no tiene 11 dígitos.`,
    );
  }
  return {
    documentType: type,
    documentNumber: number,
    // A boleta's buyer may stay anonymous: no name is not an error.
    name:
      registrationNameOf(customer) ?? textAt(customer, 'cac:Party/cac:PartyName/cbc:Name') ?? '',
    address: addressOf(customer),
  };
}
