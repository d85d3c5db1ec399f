import { createContext, use } from 'react';

export interface SnackbarOrigin {
  vertical: 'top' | 'bottom';
  horizontal: 'left' | 'center' | 'right';
}

export interface SnackbarRequest {
  message: string;
  /** Text of the action button; pressing it dismisses the message. */
  action?: string;
  onAction?: () => void;
  /** Milliseconds before it hides itself; 0 (the default) keeps it until dismissed. */
  duration?: number;
  /** Shows a progress indicator beside the message, for work under way. */
  progress?: boolean;
  anchorOrigin?: SnackbarOrigin;
}

export interface SnackbarService {
  /** Shows a message, replacing the one on screen; answers a function that dismisses it. */
  show: (request: SnackbarRequest) => () => void;
  dismiss: () => void;
}

export const SnackbarContext = createContext<SnackbarService | null>(null);

export function useSnackbar(): SnackbarService {
  const service = use(SnackbarContext);
  if (service === null) throw new Error('useSnackbar must be used inside <SnackbarProvider>');
  return service;
}
