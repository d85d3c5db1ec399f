/** Rewrites of what users type, applied as they type. */
export const digitsOnly = (value: string) => value.replace(/\D/g, '');
export const upperCase = (value: string) => value.toUpperCase();
