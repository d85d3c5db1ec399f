import type { MailTemplate } from '../../mail/mail-template.js';

/** Asks the owner of a newly added address to confirm it. */
export const confirmAddressMail: MailTemplate<{
  receiverRuc: string;
  link: string;
  hours: number;
}> = {
  es: ({ receiverRuc, link, hours }) => ({
    subject: 'Confirme su correo en SUFEL',
    text: [
      `Se agregó esta dirección a la cuenta SUFEL del RUC ${receiverRuc}.`,
      '',
      'Para confirmarla, abra este enlace:',
      link,
      '',
      `El enlace vence en ${hours} horas. Si usted no lo pidió, ignore este mensaje: la dirección no recibirá más correos.`,
    ].join('\n'),
  }),
  en: ({ receiverRuc, link, hours }) => ({
    subject: 'Confirm your e-mail address at SUFEL',
    text: [
      `This address was added to the SUFEL account of RUC ${receiverRuc}.`,
      '',
      'To confirm it, open this link:',
      link,
      '',
      `The link expires in ${hours} hours. If you did not ask for it, ignore this message: the address will receive nothing more.`,
    ].join('\n'),
  }),
};

/** Tells every confirmed address that another one now receives the account's mail. */
export const addressConfirmedMail: MailTemplate<{ receiverRuc: string; address: string }> = {
  es: ({ receiverRuc, address }) => ({
    subject: 'Nueva dirección de correo en su cuenta SUFEL',
    text: [
      `La dirección ${address} fue confirmada en la cuenta SUFEL del RUC ${receiverRuc}.`,
      'Desde ahora puede recibir enlaces para restablecer la contraseña de la cuenta.',
      '',
      'Si usted no la agregó, ingrese al portal, elimínela en su perfil y cambie su contraseña.',
    ].join('\n'),
  }),
  en: ({ receiverRuc, address }) => ({
    subject: 'New e-mail address on your SUFEL account',
    text: [
      `The address ${address} was confirmed on the SUFEL account of RUC ${receiverRuc}.`,
      'From now on it can receive links to reset the account password.',
      '',
      'If you did not add it, log in to the portal, remove it in your profile and change your password.',
    ].join('\n'),
  }),
};
