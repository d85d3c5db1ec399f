import { useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const noChanges = () => () => undefined;

// The bar renders before any screen; when both mount together, React reads the slot again after mounting.
function useSlot(id: string): HTMLElement | null {
  return useSyncExternalStore(
    noChanges,
    () => document.getElementById(id),
    () => null,
  );
}

/**
 * Puts a screen's own controls in the top bar (the company area's menu and
 * "Salir"): `start` before the portal's name, `end` before its language switch,
 * so phones show one bar rather than the portal's and the area's.
 */
export function NavbarItems({ start, end }: { start: ReactNode; end: ReactNode }) {
  const startSlot = useSlot('navbar-start');
  const endSlot = useSlot('navbar-end');
  return (
    <>
      {startSlot && createPortal(start, startSlot)}
      {endSlot && createPortal(end, endSlot)}
    </>
  );
}
