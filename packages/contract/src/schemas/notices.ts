import { z } from 'zod';

/** What a receiver is told when a document addressed to it is published. */
export const NOTICE_MODES = ['each', 'digest', 'none'] as const;
export type NoticeMode = (typeof NOTICE_MODES)[number];

export const NoticeModeSchema = z
  .enum(NOTICE_MODES, { message: 'Elija una opción de avisos: each, digest o none.' })
  .meta({
    description:
      'each: one e-mail per new document; digest: one daily summary; none: no notices. Sent only to confirmed addresses.',
  });

export const NoticePreferencesSchema = z
  .object({ mode: NoticeModeSchema })
  .meta({ id: 'NoticePreferences' });
export type NoticePreferences = z.infer<typeof NoticePreferencesSchema>;

/** The token of an unsubscribe link, in its query string. */
export const NoticeUnsubscribeQuerySchema = z.object({
  token: z
    .string({ message: 'Falta el código del enlace.' })
    .min(1, 'Falta el código del enlace.')
    .max(2048, 'El enlace no es válido.'),
});

/** Answers of the notice endpoints. */
export const NOTICE_MESSAGES = {
  saved: 'Preferencia de avisos guardada.',
  unsubscribed: 'Listo: esta cuenta ya no recibirá avisos de nuevos comprobantes por correo.',
  invalidLink: 'El enlace para dejar de recibir avisos no es válido.',
} as const;
