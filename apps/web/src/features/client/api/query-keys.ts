/** Everything cached for the signed-in receiver, dropped when the session ends. */
export const CLIENT_KEY = ['client'] as const;
