/** What English needs, in its own chunk: Spanish readers never download it. */
export { en } from './en';
export { toEnglish } from './translate';
