import {
  API_PATHS,
  ClientEmailListSchema,
  MessageSchema,
  type AddClientEmailRequest,
  type ClientEmail,
  type Message,
} from '@sufel/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CLIENT_KEY } from '../api/query-keys';

const EMAILS_KEY = [...CLIENT_KEY, 'emails'] as const;

export const clientEmailsQueryOptions = () =>
  queryOptions({
    queryKey: EMAILS_KEY,
    queryFn: async (): Promise<ClientEmail[]> =>
      ClientEmailListSchema.parse(await api.get(API_PATHS.clientEmails)),
  });

/** The receiver's addresses and whether each is confirmed. */
export function useClientEmails() {
  return useQuery(clientEmailsQueryOptions());
}

function useRefreshingMutation<T>(
  send: (input: T) => Promise<unknown>,
  onDone: (m: Message) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => MessageSchema.parse(await send(input)),
    onSuccess: async (message) => {
      await queryClient.invalidateQueries({ queryKey: EMAILS_KEY });
      onDone(message);
    },
  });
}

/** Adds an address, or mails a known unconfirmed one its confirmation link again. */
export function useAddClientEmail(onDone: (message: Message) => void) {
  return useRefreshingMutation(
    (request: AddClientEmailRequest) => api.post(API_PATHS.clientEmails, request),
    onDone,
  );
}

export function useRemoveClientEmail(onDone: (message: Message) => void) {
  return useRefreshingMutation(
    (id: number) => api.delete(API_PATHS.clientEmail.replace(':id', String(id))),
    onDone,
  );
}

/** Confirms the address a mailed link names; needs no session. */
export async function confirmEmail(token: string): Promise<Message> {
  return MessageSchema.parse(await api.post(API_PATHS.clientEmailConfirmation, { token }));
}
