import type { PurposeTokens } from '../../auth/purpose-tokens.js';
import { AppError } from '../../errors.js';
import type { Mailer } from '../../mail/mailer.js';
import type { ClientsRepository } from '../clients/clients.repository.js';
import type { ReceiverService } from '../receiver/receiver.service.js';
import { resetLinkMail } from './password-mails.js';

export const RESET_LINK_MINUTES = 30;

/** Web page that a reset link opens. */
export const PASSWORD_RESET_PAGE = '/client/password-reset';

/**
 * Reset links: mailed only to the account's confirmed addresses. A link names
 * the session version it replaces, so it works once: any new password, by this
 * link or otherwise, raises the version and makes it stale.
 */
export class PasswordResetService {
  constructor(
    private readonly clients: ClientsRepository,
    private readonly mailer: Mailer,
    private readonly tokens: PurposeTokens,
    private readonly receiver: ReceiverService,
  ) {}

  /** Mails a link if the account exists and has a confirmed address; says nothing either way. */
  async request(documento: string): Promise<void> {
    if (!this.mailer.enabled) throw AppError.of('forbidden', 'mailDisabled');
    const client = await this.clients.find(documento);
    if (client === undefined) return;
    const token = this.tokens.sign(
      'password-reset',
      { sub: documento, ver: client.session_version },
      RESET_LINK_MINUTES * 60,
    );
    await this.mailer.sendToReceiver(documento, resetLinkMail, {
      documento,
      link: this.mailer.link(`${PASSWORD_RESET_PAGE}?token=${encodeURIComponent(token)}`),
      minutes: RESET_LINK_MINUTES,
    });
  }

  /** Sets the password a live, unused link allows; refused otherwise. */
  async confirm(token: string, password: string): Promise<void> {
    const claims = this.tokens.open('password-reset', token);
    const documento = claims?.sub;
    const replaces = claims?.ver;
    if (typeof documento !== 'string' || typeof replaces !== 'number') {
      throw AppError.of('bad_request', 'invalidLink');
    }
    await this.receiver.setNewPassword(documento, password, 'reset', replaces);
  }
}
