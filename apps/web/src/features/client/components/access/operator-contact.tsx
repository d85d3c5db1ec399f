import Link from '@mui/material/Link';
import { contactHref, contactText } from '../../../../components/footer/contact-link';

/** The operator's contact (SUFEL_CONTACT): a link when it is an address, a phone or a page. */
export function OperatorContact({ contact }: { contact: string }) {
  const href = contactHref(contact);
  const text = contactText(contact);
  return href === null ? <>{text}</> : <Link href={href}>{text}</Link>;
}

/**
 * A sentence that sends the reader to the operator, ended by the contact as a
 * link: "…, comuníquese con él: soporte@operador.pe." Without one, just the sentence.
 */
export function ContactOperator({ sentence, contact }: { sentence: string; contact: string }) {
  if (contact.trim() === '') return <>{sentence}.</>;
  return (
    <>
      {sentence}: <OperatorContact contact={contact} />.
    </>
  );
}
