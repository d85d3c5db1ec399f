import type { WebConfig } from '@sufel/contract';
import { createContext, use, type ReactNode } from 'react';

const ConfigContext = createContext<WebConfig | null>(null);

export function ConfigProvider({ config, children }: { config: WebConfig; children: ReactNode }) {
  return <ConfigContext value={config}>{children}</ConfigContext>;
}

export function useConfig(): WebConfig {
  const config = use(ConfigContext);
  if (config === null) throw new Error('useConfig must be used inside <ConfigProvider>');
  return config;
}
