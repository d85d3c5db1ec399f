import { defaultClientConditions, defaultServerConditions, type UserConfig } from 'vite';

/**
 * Workspace packages export their TypeScript sources under the `sufel-source`
 * condition, so tests and the web build use them without a prior build.
 */
export const sourceResolution: Pick<UserConfig, 'resolve' | 'ssr'> = {
  resolve: { conditions: ['sufel-source', ...defaultClientConditions] },
  // Node has no `module` condition: a package whose `module` build only a bundler can load
  // (extensionless ESM imports, as @aws-sdk/checksums ships) must resolve as Node resolves it.
  ssr: {
    resolve: {
      conditions: [
        'sufel-source',
        ...defaultServerConditions.filter((condition) => condition !== 'module'),
      ],
    },
  },
};
