import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for each other when read aloud or copied by hand. */
const TAG_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const TAG_RANDOM_LENGTH = 8;
const TAG_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;

/**
 * A receiver's tag: its RUC, so that a person reading a log knows whose mail
 * it is, and a random part, so that nobody can mail an account whose address
 * it was not given.
 */
export function newTag(receiverRuc: string): string {
  let random = '';
  for (let i = 0; i < TAG_RANDOM_LENGTH; i += 1) {
    random += TAG_ALPHABET[randomInt(TAG_ALPHABET.length)];
  }
  return `${receiverRuc}-${random}`;
}

/** The inbound ways this instance runs, as far as addresses go. */
export interface InboundAddressing {
  /** The SMTP listener's domain: addresses are `<tag>@<domain>`. */
  smtpDomain: string | undefined;
  /** The operator's IMAP mailbox: addresses are `<local>+<tag>@<domain>`. */
  imapAddress: string | undefined;
}

/** The address a receiver gives its suppliers; the listener's when both ways run. */
export function addressOf(tag: string, ways: InboundAddressing): string | null {
  if (ways.smtpDomain !== undefined) return `${tag}@${ways.smtpDomain}`;
  if (ways.imapAddress !== undefined) {
    const at = ways.imapAddress.lastIndexOf('@');
    return `${ways.imapAddress.slice(0, at)}+${tag}${ways.imapAddress.slice(at)}`;
  }
  return null;
}

function splitAddress(address: string): { local: string; domain: string } | null {
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return null;
  return { local: address.slice(0, at).toLowerCase(), domain: address.slice(at + 1).toLowerCase() };
}

/** The tag of an envelope recipient of the listener, or null when it is not one of ours. */
export function tagOfListenerRecipient(address: string, domain: string): string | null {
  const parts = splitAddress(address.trim());
  if (parts === null || parts.domain !== domain.toLowerCase()) return null;
  return TAG_PATTERN.test(parts.local) ? parts.local : null;
}

/** The plus tag of an address of the operator's mailbox, or null. */
export function tagOfMailboxAddress(address: string, mailbox: string): string | null {
  const parts = splitAddress(address.trim());
  const own = splitAddress(mailbox);
  if (parts === null || own === null || parts.domain !== own.domain) return null;
  const plus = parts.local.indexOf('+');
  if (plus < 0 || parts.local.slice(0, plus) !== own.local) return null;
  const tag = parts.local.slice(plus + 1);
  return TAG_PATTERN.test(tag) ? tag : null;
}
