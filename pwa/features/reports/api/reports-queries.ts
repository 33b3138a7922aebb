import { call } from '../../../lib/data/api-client';
import { useRead } from '../../../lib/data/read';

export const reportKeys = {
  all: ['reports'] as const,
  term: (term: string) => [...reportKeys.all, 'term', term] as const,
  member: (id: number, term: string) => [...reportKeys.all, 'member', id, term] as const,
};

/** `term` '' asks for the club's current term (the server's clock decides). */
const termQuery = (term: string) => (term ? { term } : undefined);

export function useTermReportQuery(term: string) {
  return useRead({
    queryKey: reportKeys.term(term),
    queryFn: ({ signal }) => call('GET /reports/attendance', { query: termQuery(term), signal }),
  });
}

export function useMemberHistoryQuery(id: number | null, term: string) {
  return useRead({
    queryKey: reportKeys.member(id ?? 0, term),
    queryFn: ({ signal }) => call('GET /reports/members/:id/attendance', { params: { id: id ?? 0 }, query: termQuery(term), signal }),
    enabled: id !== null,
  });
}
