import { useEffect } from 'react';
import { useConfig } from '../../config/config-context';

/** Names the browser tab after the screen: "Consulta de comprobante — SUFEL". */
export function PageTitle({ title }: { title: string }) {
  const { product } = useConfig();
  useEffect(() => {
    document.title = `${title} — ${product}`;
  }, [title, product]);
  return null;
}
