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
  async request(receiverRuc: string): Promise<void> {
    if (!this.mailer.enabled) throw AppError.of('forbidden', 'mailDisabled');
    const receiver = await this.receivers.find(receiverRuc);
    if (receiver === undefined) return;
    const token = this.tokens.sign(
      'password-reset',
      { sub: receiverRuc, ver: receiver.session_version },
      RESET_LINK_MINUTES * 60,
    );
    await this.mailer.sendToReceiver(receiverRuc, resetLinkMail, {
      receiverRuc,
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
    const receiver = await this.receivers.find(claims.receiverRuc);
    return receiver?.session_version === claims.replaces ? claims.receiverRuc : null;
  }

  /** Sets the password a live, unused link allows; refused otherwise. */
  async confirm(token: string, password: string): Promise<void> {
    const claims = this.claimsOf(token);
    if (claims === null) throw AppError.of('bad_request', 'invalidLink');
    await this.receiver.setNewPassword(claims.receiverRuc, password, 'reset', claims.replaces);
  }

  private claimsOf(token: string): { receiverRuc: string; replaces: number } | null {
    const claims = this.tokens.open('password-reset', token);
    const receiverRuc = claims?.sub;
    const replaces = claims?.ver;
    return typeof receiverRuc === 'string' && typeof replaces === 'number'
      ? { receiverRuc, replaces }
      : null;
  }
}
