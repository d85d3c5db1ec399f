import type { MailTemplate } from '../../mail/mail-template.js';

/** The link that sets a new password. */
export const resetLinkMail: MailTemplate<{ receiverRuc: string; link: string; minutes: number }> = {
  es: ({ receiverRuc, link, minutes }) => ({
    subject: 'Restablezca su contraseña de SUFEL',
    text: [
      `Alguien pidió restablecer la contraseña de la cuenta SUFEL del RUC ${receiverRuc}.`,
      '',
      'Para elegir una contraseña nueva, abra este enlace:',
      link,
      '',
      `El enlace sirve una sola vez y vence en ${minutes} minutos. Al usarlo se cierran todas las sesiones de la cuenta.`,
      'Si usted no lo pidió, ignore este mensaje: su contraseña no cambia.',
    ].join('\n'),
  }),
  en: ({ receiverRuc, link, minutes }) => ({
    subject: 'Reset your SUFEL password',
    text: [
      `Someone asked to reset the password of the SUFEL account of RUC ${receiverRuc}.`,
      '',
      'To choose a new password, open this link:',
      link,
      '',
      `The link works once and expires in ${minutes} minutes. Using it ends every session of the account.`,
      'If you did not ask for it, ignore this message: your password does not change.',
    ].join('\n'),
  }),
};

export type PasswordChangeKind = 'change' | 'reset' | 'operator';

const HOW_ES: Readonly<Record<PasswordChangeKind, string>> = {
  change: 'se cambió desde el perfil',
  reset: 'se restableció con un enlace enviado por correo',
  operator: 'la restableció el operador del portal',
};
const HOW_EN: Readonly<Record<PasswordChangeKind, string>> = {
  change: 'was changed from the profile',
  reset: 'was reset with a mailed link',
  operator: 'was reset by the portal operator',
};

/** Tells the confirmed addresses that the password changed, and how. */
export const passwordChangedMail: MailTemplate<{
  receiverRuc: string;
  kind: PasswordChangeKind;
  at: Date;
}> = {
  es: ({ receiverRuc, kind, at }) => ({
    subject: 'Su contraseña de SUFEL cambió',
    text: [
      `La contraseña de la cuenta SUFEL del RUC ${receiverRuc} ${HOW_ES[kind]} el ${at.toLocaleString('es-PE', { timeZone: 'America/Lima' })} (hora de Lima).`,
      'Todas las sesiones abiertas antes se cerraron.',
      '',
      'Si no fue usted, pida un enlace con «¿Olvidó su contraseña?» en el portal o avise al operador.',
    ].join('\n'),
  }),
  en: ({ receiverRuc, kind, at }) => ({
    subject: 'Your SUFEL password changed',
    text: [
      `The password of the SUFEL account of RUC ${receiverRuc} ${HOW_EN[kind]} on ${at.toLocaleString('en-GB', { timeZone: 'America/Lima' })} (Lima time).`,
      'Every session opened before was ended.',
      '',
      'If this was not you, ask for a link with "Forgot your password?" on the portal or tell the operator.',
    ].join('\n'),
  }),
};
