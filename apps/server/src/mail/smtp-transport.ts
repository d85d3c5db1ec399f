import nodemailer from 'nodemailer';

export interface MailEnvelope {
  from: string;
  to: string;
  subject: string;
  text: string;
  /** Stable per queued mail, so a retried send can be recognised as the same message. */
  messageId: string;
  headers?: Readonly<Record<string, string>>;
}

/** Hands one mail to a server; rejects when it was not accepted. */
export interface MailTransport {
  send(mail: MailEnvelope): Promise<void>;
  close(): void;
}

/** @see https://nodemailer.com/smtp/ — `smtp://user:pass@host:587` or `smtps://…:465`. */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}
