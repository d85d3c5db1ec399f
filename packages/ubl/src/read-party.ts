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
 * A party as a document names it: the role element (AccountingSupplierParty,
 * AgentParty…) and the element holding the party's data, which is the role's
 * `cac:Party` in invoices and the role itself in retention and perception
 * receipts. `element` names the role in messages.
 */
interface PartyPlace {
  role: XmlElement | null;
  party: XmlElement | null;
  element: string;
}

function roleOf(root: XmlElement, element: string): PartyPlace {
  const role = first(root, element);
  return { role, party: first(role, 'cac:Party'), element };
}

function selfRoleOf(root: XmlElement, element: string): PartyPlace {
  const role = first(root, element);
  return { role, party: role, element };
}

/**
 * Where a party's document is written: UBL 2.1 `PartyIdentification/ID`
 * (type in `@schemeID`), the early 2.1 draft's `PartyTaxScheme/CompanyID`, or
 * UBL 2.0 `CustomerAssignedAccountID` (type in `AdditionalAccountID`).
 */
function identificationOf({ role, party }: PartyPlace): Identification | null {
  const legacyType = textAt(role, 'cbc:AdditionalAccountID');
  for (const path of ['cac:PartyIdentification/cbc:ID', 'cac:PartyTaxScheme/cbc:CompanyID']) {
    const id = first(party, path);
    const number = textOf(id);
    if (number !== null) return { number, type: attributeOf(id, 'schemeID') ?? legacyType };
  }
  const number = textAt(role, 'cbc:CustomerAssignedAccountID');
  return number === null ? null : { number, type: legacyType };
}

/** The legal name, wherever the version puts it. */
function registrationNameOf(party: XmlElement | null): string | null {
  return (
    textAt(party, 'cac:PartyLegalEntity/cbc:RegistrationName') ??
    textAt(party, 'cac:PartyTaxScheme/cbc:RegistrationName')
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

function addressOf(party: XmlElement | null): string | null {
  for (const path of [
    'cac:PartyLegalEntity/cac:RegistrationAddress',
    'cac:PostalAddress',
    'cac:PartyTaxScheme/cac:RegistrationAddress',
  ]) {
    const address = first(party, path);
    const formatted = address === null ? null : formatAddress(address);
    if (formatted !== null) return formatted;
  }
  return null;
}

function issuerOf(place: PartyPlace): UblIssuer {
  const identification = identificationOf(place);
  if (place.role === null || identification === null) {
    throw missingField(`Falta el RUC del emisor (${place.element}).`);
  }
  const ruc = identification.number;
  if (!RUC.test(ruc)) {
    throw new UblError(
      'invalid_value',
      `El RUC del emisor ${quoteValue(ruc)} no tiene 11 dígitos.`,
    );
  }
  const tradeName = textAt(place.party, 'cac:PartyName/cbc:Name');
  const meaningfulTradeName = meaningful(tradeName) ? tradeName : null;
  const name = registrationNameOf(place.party) ?? meaningfulTradeName;
  if (name === null) {
    throw missingField('Falta la razón social del emisor (cbc:RegistrationName).');
  }
  return { ruc, name, tradeName: meaningfulTradeName, address: addressOf(place.party) };
}

/** `noun` is who the party is to the issuer, as messages name it: cliente, proveedor. */
function counterpartOf(place: PartyPlace, noun: string): UblParty {
  const identification = identificationOf(place);
  if (place.role === null || identification === null) {
    throw missingField(`Falta el documento del ${noun} (${place.element}).`);
  }
  const { number } = identification;
  // Catalogue 06 letters are upper case; some issuers write them in lower case.
  const type = identification.type?.toUpperCase() ?? null;
  if (type === null) {
    throw missingField(`Falta el tipo de documento del ${noun} ${quoteValue(number)}.`);
  }
  if (!CUSTOMER_DOCUMENT_TYPES.has(type)) {
    throw new UblError(
      'invalid_value',
      `El tipo de documento del ${noun} ${quoteValue(type)} no existe en el catálogo 06 de SUNAT.`,
    );
  }
  if (type === RUC_DOCUMENT_TYPE && !RUC.test(number)) {
    throw new UblError(
      'invalid_value',
      `El RUC del ${noun} ${quoteValue(number)} no tiene 11 dígitos.`,
    );
  }
  return {
    documentType: type,
    documentNumber: number,
    // A boleta's buyer may stay anonymous: no name is not an error.
    name: registrationNameOf(place.party) ?? textAt(place.party, 'cac:PartyName/cbc:Name') ?? '',
    address: addressOf(place.party),
  };
}

export function readIssuer(root: XmlElement): UblIssuer {
  return issuerOf(roleOf(root, 'cac:AccountingSupplierParty'));
}

export function readCustomer(root: XmlElement): UblParty {
  return counterpartOf(roleOf(root, 'cac:AccountingCustomerParty'), 'cliente');
}

/** The retention or perception agent, who issues the receipt. */
export function readAgent(root: XmlElement): UblIssuer {
  return issuerOf(selfRoleOf(root, 'cac:AgentParty'));
}

/** Whom a retention or perception receipt is issued to. */
export function readReceiver(root: XmlElement, noun: string): UblParty {
  return counterpartOf(selfRoleOf(root, 'cac:ReceiverParty'), noun);
}
