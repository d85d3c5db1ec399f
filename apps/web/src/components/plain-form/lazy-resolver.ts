import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose rules (and zod with them) download the first time the
 * form validates, keeping them out of the page's first load. A failed download
 * is tried again on the next validation.
 */
export function lazyResolver<Input extends FieldValues, Output extends FieldValues>(
  load: () => Promise<Resolver<Input, unknown, Output>>,
): Resolver<Input, unknown, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    const resolve = await loading;
    return resolve(values, context, options);
  };
}
