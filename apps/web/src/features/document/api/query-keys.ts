/** Everything cached about the consultation lives under this key, to be dropped when it ends. */
export const CONSULTATION_KEY = ['consultation'] as const;
