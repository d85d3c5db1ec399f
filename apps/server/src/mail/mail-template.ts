/** Languages a mail can be written in; an address keeps the one its owner used. */
export const MAIL_LANGUAGES = ['es', 'en'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

export interface RenderedMail {
  subject: string;
  /** Plain text: readable in any client, and links stay copyable. */
  text: string;
}

/** One kind of mail, written once per language from the same parameters. */
export type MailTemplate<P> = Readonly<Record<MailLanguage, (params: P) => RenderedMail>>;

export function mailLanguage(value: string | null | undefined): MailLanguage {
  return value === 'en' ? 'en' : 'es';
}
