import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';

/** A mail as a supplier's system would send it, with these attachments. */
export function mailOptions(
  to: string,
  attachments: Mail.Attachment[],
  extra: Partial<Mail.Options> = {},
): Mail.Options {
  return {
    from: 'Facturación Proveedor <facturas@proveedor.pe>',
    to,
    subject: 'Factura electrónica F001-3',
    text: 'Adjuntamos el comprobante electrónico.',
    attachments,
    ...extra,
  };
}

/** The raw bytes (RFC 5322) of a mail, as a server receives them. */
export function rawMail(options: Mail.Options): Promise<Buffer> {
  return new MailComposer(options).compile().build();
}

/** `count` small XML attachments named F001-1.xml … */
export function xmlAttachments(count: number, prefix = 'F001'): Mail.Attachment[] {
  return Array.from({ length: count }, (_, index) => ({
    filename: `${prefix}-${index + 1}.xml`,
    content: `<Invoice><ID>${prefix}-${index + 1}</ID></Invoice>`,
    contentType: 'application/xml',
  }));
}
