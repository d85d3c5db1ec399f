import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { SNACKBAR } from '../../config/seed-constants';
import { Spinner } from '../spinner/spinner';
import { SnackbarContext, type SnackbarRequest, type SnackbarService } from './snackbar-context';
import { durationOf } from './snackbar-duration';
import './snackbar.css';

interface Shown extends SnackbarRequest {
  id: number;
}

/**
 * The notification bar of every screen: one message at a time, with an
 * optional action. Plain React and CSS, so the light pages can use it too.
 */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const nextId = useRef(1);
  const [pathname] = useLocation();
  // The message and screen of the last render: a message shown on the way to a
  // screen (e.g. "account created" on the way to the login) belongs to it, and
  // information still up when the user moves on is dropped.
  const [seen, setSeen] = useState({ id: undefined as number | undefined, pathname });
  if (seen.id !== shown?.id || seen.pathname !== pathname) {
    setSeen({ id: shown?.id, pathname });
    if (seen.id === shown?.id && shown !== null && shown.severity !== 'error') {
      setShown(shown.forNextScreen === true ? { ...shown, forNextScreen: false } : null);
    }
  }

  const dismiss = useCallback(() => setShown(null), []);

  const show = useCallback((request: SnackbarRequest) => {
    const id = nextId.current++;
    setShown({ ...request, id });
    return () => setShown((current) => (current?.id === id ? null : current));
  }, []);

  const service = useMemo<SnackbarService>(() => ({ show, dismiss }), [show, dismiss]);

  useEffect(() => {
    if (shown === null) return;
    const wait = durationOf(shown);
    if (wait === null) return;
    const timer = setTimeout(
      () => setShown((current) => (current === shown ? null : current)),
      wait,
    );
    return () => clearTimeout(timer);
  }, [shown]);

  useEffect(() => {
    if (shown === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setShown(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shown]);

  const origin = shown?.anchorOrigin ?? SNACKBAR.anchorOrigin;

  return (
    <SnackbarContext value={service}>
      {children}
      <div className={`snackbar-host snackbar-host--${origin.vertical}-${origin.horizontal}`}>
        {shown && (
          <div key={shown.id} className="snackbar" role={shown.progress ? 'status' : 'alert'}>
            {shown.progress && <Spinner diameter={20} />}
            <span className="snackbar__message">{shown.message}</span>
            {shown.action && (
              <button
                type="button"
                className="snackbar__action"
                onClick={() => {
                  shown.onAction?.();
                  setShown(null);
                }}
              >
                {shown.action}
              </button>
            )}
          </div>
        )}
      </div>
    </SnackbarContext>
  );
}
