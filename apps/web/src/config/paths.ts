/** Every route of the portal, with the link that leads to it: the contract's, which the server's mails share. */
export { PAGES as paths } from '@sufel/contract/pages';
