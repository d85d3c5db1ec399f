import { createContext, use } from 'react';

export interface SnackbarOrigin {
  vertical: 'top' | 'bottom';
  horizontal: 'left' | 'center' | 'right';
}

export interface SnackbarRequest {
  message: string;
  /**
   * Information (the default) hides itself after a few seconds and never
   * outlives the screen it was shown on; an error stays until dismissed.
   */
  severity?: 'info' | 'error';
  /**
   * Shown just before the user is taken to another screen (a dialog with its
   * own address closing after its work): the information belongs to that one.
   */
  forNextScreen?: boolean;
  /** Text of the action button; pressing it dismisses the message. */
  action?: string;
  onAction?: () => void;
  /**
   * Milliseconds before it hides itself; 0 keeps it until dismissed. Defaults to a few
   * seconds for information, to 0 for errors and for work under way.
   */
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
