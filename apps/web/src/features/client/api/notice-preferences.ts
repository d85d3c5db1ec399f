import {
  API_PATHS,
  MessageSchema,
  NoticePreferencesSchema,
  type Message,
  type NoticePreferences,
} from '@sufel/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CLIENT_KEY } from './query-keys';

const NOTICES_KEY = [...CLIENT_KEY, 'notices'] as const;

export async function getNoticePreferences(): Promise<NoticePreferences> {
  return NoticePreferencesSchema.parse(await api.get(API_PATHS.clientNotices));
}

export async function setNoticePreferences(preferences: NoticePreferences): Promise<Message> {
  return MessageSchema.parse(await api.patch(API_PATHS.clientNotices, preferences));
}

export function useNoticePreferences() {
  return useQuery(queryOptions({ queryKey: NOTICES_KEY, queryFn: getNoticePreferences }));
}

export function useSetNoticePreferences({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setNoticePreferences,
    onSuccess: (_message, preferences) => {
      queryClient.setQueryData(NOTICES_KEY, preferences);
      onSuccess?.();
    },
  });
}
