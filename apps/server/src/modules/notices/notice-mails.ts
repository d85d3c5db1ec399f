import {
  DOCUMENT_TYPES,
  formatMoney,
  formatPeruvianDate,
  isDocumentTypeCode,
  needsSunatCheck,
  SUNAT_VALIDITY_CHECK_HINT,
  SUNAT_VALIDITY_CHECK_URL,
  VERDICT_WORDS,
  type Verdict,
} from '@sufel/contract';
import type { MailLanguage, MailTemplate, RenderedMail } from '../../mail/mail-template.js';

/** What a notice tells about one document; all of it belongs to the receiver it is sent to. */
export interface NoticeDocument {
  id: number;
  emisor: string;
  emisorNombre: string;
  tipo: string;
  serie: string;
  numero: number;
  /** `YYYY-MM-DD` */
  fecha: string;
  total: string;
  moneda: string;
  /** Judged when the notice is written. */
  verdict: Verdict;
}

export interface NoticeLinks {
  /** Opens the document in the portal. */
  open: (documentId: number) => string;
  unsubscribe: string;
}

const ENGLISH_TYPES: Readonly<Record<string, string>> = {
  '01': 'Invoice',
  '03': 'Sales receipt',
  '07': 'Credit note',
  '08': 'Debit note',
};

function typeName(tipo: string, language: MailLanguage): string {
  if (language === 'en') return ENGLISH_TYPES[tipo] ?? `Document ${tipo}`;
  return isDocumentTypeCode(tipo) ? DOCUMENT_TYPES[tipo].label : `Comprobante ${tipo}`;
}

/** Names come from the issuer's XML: one line, and short enough for a subject. */
function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

function dateText(fecha: string, language: MailLanguage): string {
  return language === 'es' ? formatPeruvianDate(fecha) : fecha;
}

const ENGLISH_VERDICTS: Readonly<Record<Verdict, string>> = {
  xml_alterado: 'XML altered: do not use these amounts',
  anulado: 'Voided',
  rechazado: 'Rejected by SUNAT',
  cdr_de_otro: "SUNAT's receipt is for another document",
  observado: 'Accepted with observations',
  aceptado: 'Accepted by SUNAT',
  sin_cdr: 'No receipt from SUNAT',
};

const ENGLISH_CHECK_HINT =
  'Check at SUNAT that the document appears as accepted with the RUC, series, number, date and total of this document.';

/** The verdict in words; without a constancia of SUNAT, where and what to check. */
function verdictLines(verdict: Verdict, language: MailLanguage): string[] {
  const words = language === 'es' ? VERDICT_WORDS[verdict] : ENGLISH_VERDICTS[verdict];
  const lines = [`${language === 'es' ? 'Estado' : 'Status'}: ${words}`];
  if (needsSunatCheck(verdict)) {
    lines.push(
      `  ${language === 'es' ? SUNAT_VALIDITY_CHECK_HINT : ENGLISH_CHECK_HINT}`,
      `  ${SUNAT_VALIDITY_CHECK_URL}`,
    );
  }
  return lines;
}

function summaryLines(doc: NoticeDocument, language: MailLanguage, links: NoticeLinks): string[] {
  const labels =
    language === 'es'
      ? { issuer: 'Emisor', type: 'Tipo', number: 'Serie-número', date: 'Fecha', total: 'Total' }
      : { issuer: 'Issuer', type: 'Type', number: 'Series-number', date: 'Date', total: 'Total' };
  return [
    `${labels.issuer}: ${oneLine(doc.emisorNombre, 200)} (RUC ${doc.emisor})`,
    `${labels.type}: ${typeName(doc.tipo, language)}`,
    `${labels.number}: ${doc.serie}-${doc.numero}`,
    `${labels.date}: ${dateText(doc.fecha, language)}`,
    `${labels.total}: ${formatMoney(doc.total, doc.moneda)}`,
    ...verdictLines(doc.verdict, language),
    links.open(doc.id),
  ];
}

function footer(language: MailLanguage, unsubscribe: string): string[] {
  return language === 'es'
    ? [
        '',
        '--',
        'Recibe este aviso porque su cuenta de SUFEL lo tiene activado en su perfil.',
        `Para dejar de recibir avisos: ${unsubscribe}`,
      ]
    : [
        '',
        '--',
        'You receive this notice because your SUFEL account has it turned on in its profile.',
        `To stop receiving notices: ${unsubscribe}`,
      ];
}

export interface DocumentNoticeParams {
  doc: NoticeDocument;
  links: NoticeLinks;
}

/** One mail per newly published document. */
export const documentNoticeMail: MailTemplate<DocumentNoticeParams> = {
  es: ({ doc, links }): RenderedMail => ({
    subject: `Nuevo comprobante: ${typeName(doc.tipo, 'es')} ${doc.serie}-${doc.numero} de ${oneLine(doc.emisorNombre, 80)}`,
    text: [
      'Se publicó un nuevo comprobante a nombre de su empresa en SUFEL:',
      '',
      ...summaryLines(doc, 'es', links),
      ...footer('es', links.unsubscribe),
    ].join('\n'),
  }),
  en: ({ doc, links }): RenderedMail => ({
    subject: `New document: ${typeName(doc.tipo, 'en')} ${doc.serie}-${doc.numero} from ${oneLine(doc.emisorNombre, 80)}`,
    text: [
      'A new document addressed to your company was published on SUFEL:',
      '',
      ...summaryLines(doc, 'en', links),
      ...footer('en', links.unsubscribe),
    ].join('\n'),
  }),
};

/** A digest lists at most this many documents; the portal shows the rest. */
export const DIGEST_MAX_LISTED = 100;

export interface DigestParams {
  /** Lima calendar day, `YYYY-MM-DD`. */
  day: string;
  /** How many documents were published that day (may exceed those listed). */
  count: number;
  docs: readonly NoticeDocument[];
  links: NoticeLinks & { portal: string };
}

function digestBody(params: DigestParams, language: MailLanguage): string[] {
  const lines: string[] = [];
  for (const doc of params.docs) lines.push(...summaryLines(doc, language, params.links), '');
  const rest = params.count - params.docs.length;
  if (rest > 0) {
    lines.push(
      language === 'es'
        ? `… y ${rest} más. Véalos todos en ${params.links.portal}`
        : `… and ${rest} more. See them all at ${params.links.portal}`,
    );
  }
  return lines;
}

/** One mail a day listing the documents published for the receiver that day. */
export const digestMail: MailTemplate<DigestParams> = {
  es: (params): RenderedMail => ({
    subject: `Resumen del ${dateText(params.day, 'es')}: ${params.count} ${params.count === 1 ? 'comprobante nuevo' : 'comprobantes nuevos'}`,
    text: [
      `Comprobantes publicados a nombre de su empresa en SUFEL el ${dateText(params.day, 'es')}:`,
      '',
      ...digestBody(params, 'es'),
      ...footer('es', params.links.unsubscribe),
    ].join('\n'),
  }),
  en: (params): RenderedMail => ({
    subject: `Summary for ${params.day}: ${params.count} new ${params.count === 1 ? 'document' : 'documents'}`,
    text: [
      `Documents addressed to your company published on SUFEL on ${params.day}:`,
      '',
      ...digestBody(params, 'en'),
      ...footer('en', params.links.unsubscribe),
    ].join('\n'),
  }),
};
