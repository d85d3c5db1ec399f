import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useChallenge } from './use-challenge';

/**
 * A mutation whose attempts the server may ask to verify first (a login, a
 * registration, a reset request, an added issuer): the verification is solved
 * and the attempt made once more; `verifying` tells how far it is.
 */
export function useChallengedMutation<TData, TVariables>(
  attempt: (variables: TVariables, headers: Record<string, string>) => Promise<TData>,
  options: Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'> = {},
) {
  const challenge = useChallenge();
  const mutation = useMutation({
    ...options,
    mutationFn: (variables: TVariables) => challenge.run((headers) => attempt(variables, headers)),
  });
  return { ...mutation, verifying: challenge.progress };
}
