import { defaultClientConditions, defaultServerConditions, type UserConfig } from 'vite';

/**
 * Workspace packages export their TypeScript sources under the `sufel-source`
 * condition, so tests and the web build use them without a prior build.
 */
export const sourceResolution: Pick<UserConfig, 'resolve' | 'ssr'> = {
  resolve: { conditions: ['sufel-source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['sufel-source', ...defaultServerConditions] } },
};
