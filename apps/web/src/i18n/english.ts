/** What English needs, in its own chunk: Spanish readers never download it. */
export { en } from './en';
export { errorToEnglish } from './error-to-english';
export { toEnglish } from './translate';
