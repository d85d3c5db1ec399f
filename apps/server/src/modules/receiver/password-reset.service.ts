import { PAGES } from '@sufel/contract';
import type { PurposeTokens } from '../../auth/purpose-tokens.js';
import { AppError } from '../../errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { resetLinkMail } from './password-mails.js';
import type { ReceiversRepository } from './receiver.repository.js';
import type { ReceiverService } from './receiver.service.js';

export const RESET_LINK_MINUTES = 30;

/**
 * Reset links: mailed only to the account's confirmed addresses. A link names
 * the session version it replaces, so it works once: any new password, by this
 * link or otherwise, raises the version and makes it stale.
 */
export class PasswordResetService {
  constructor(
    private readonly receivers: ReceiversRepository,
    private readonly mailer: Mailer,
    private readonly tokens: PurposeTokens,
    private readonly receiver: ReceiverService,
  ) {}

  /** Mails a link if the account exists and has a confirmed address; says nothing either way. */
  async request(documento: string): Promise<void> {
    if (!this.mailer.enabled) throw AppError.of('forbidden', 'mailDisabled');
    const client = await this.receivers.find(documento);
    if (client === undefined) return;
    const token = this.tokens.sign(
      'password-reset',
      { sub: documento, ver: client.session_version },
      RESET_LINK_MINUTES * 60,
    );
    await this.mailer.sendToReceiver(documento, resetLinkMail, {
      documento,
      link: this.mailer.link(PAGES.client.newPassword.href(token)),
      minutes: RESET_LINK_MINUTES,
    });
  }

  /**
   * The RUC whose password a link still resets, so its page can say a used or
   * expired link is dead before anyone types a password; null when it is.
   */
  async accountOf(token: string): Promise<string | null> {
    const claims = this.claimsOf(token);
    if (claims === null) return null;
    const client = await this.receivers.find(claims.documento);
    return client?.session_version === claims.replaces ? claims.documento : null;
  }

  /** Sets the password a live, unused link allows; refused otherwise. */
  async confirm(token: string, password: string): Promise<void> {
    const claims = this.claimsOf(token);
    if (claims === null) throw AppError.of('bad_request', 'invalidLink');
    await this.receiver.setNewPassword(claims.documento, password, 'reset', claims.replaces);
  }

  private claimsOf(token: string): { documento: string; replaces: number } | null {
    const claims = this.tokens.open('password-reset', token);
    const documento = claims?.sub;
    const replaces = claims?.ver;
    return typeof documento === 'string' && typeof replaces === 'number'
      ? { documento, replaces }
      : null;
  }
}
