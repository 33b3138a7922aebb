import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AnswerOf, BodyOf } from '../../../../domain/contract/endpoints';
import type { Race } from '../../../../domain/contract/training/races';
import { performWrite } from '../../../lib/offline/perform-write';
import { call } from '../../../lib/data/api-client';
import { raceWith, signupsWith, sortRaces, type Me } from '../race-signups';
import { raceKeys } from '../../../lib/data/keys/race-keys';
import { paymentKeys } from '../../../lib/data/keys/payment-keys';

type RacesAnswer = AnswerOf<'GET /races'>;
type RaceInput = BodyOf<'POST /races'>;

/** The server's answer to a write, in the cached list at once (the next load brings the rest). */
function updateList(queryClient: QueryClient, update: (races: Race[]) => Race[]): void {
  queryClient.setQueryData<RacesAnswer>(raceKeys.list(), (previous) => previous && { races: update(previous.races) });
}

/** `idempotencyKey` is the form's: a retry of the same submit must not add the race twice. */
export function useAddRaceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: RaceInput; idempotencyKey: string }) =>
      call('POST /races', { body: input, idempotencyKey }),
    onSuccess: ({ race }) => updateList(queryClient, (list) => sortRaces([...list, race])),
  });
}

export function useUpdateRaceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, idempotencyKey }: { id: number; input: RaceInput; idempotencyKey: string }) =>
      call('PUT /races/:id', { params: { id }, body: input, idempotencyKey }),
    onSuccess: ({ race }) => updateList(queryClient, (list) => sortRaces(list.map((r) => (r.id === race.id ? race : r)))),
  });
}

export function useDeleteRaceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('DELETE /races/:id', { params: { id }, idempotencyKey: crypto.randomUUID() }),
    onSuccess: (_answer, id) => updateList(queryClient, (list) => list.filter((r) => r.id !== id)),
  });
}

/** The member's sign-up as the server answered it, in the list and in the race's own page. */
export function applyRaceSignup(queryClient: QueryClient, raceId: number, me: Me, signedUp: boolean): void {
  queryClient.setQueryData<RacesAnswer>(raceKeys.list(), (previous) =>
    previous && { races: previous.races.map((r) => (r.id === raceId ? raceWith(r, me, signedUp) : r)) },
  );
  queryClient.setQueryData<AnswerOf<'GET /races/:id'>>(raceKeys.detail(String(raceId)), (previous) => {
    if (!previous) return previous;
    const signups = signupsWith(previous.signups, me, signedUp);
    return { race: { ...previous.race, signups, signupCount: signups.length, isSignedUp: signedUp }, signups, isSignedUp: signedUp };
  });
}

/** Sign-up and cancel through performWrite, so they work offline. */
export function useRaceSignupMutation(me: Me) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...raceKeys.all, 'signup'],
    mutationFn: ({ raceId, signedUp }: { raceId: number; signedUp: boolean }) => performWrite({ kind: 'race-signup', raceId, signedUp }),
    onSuccess: (result, { raceId }) => {
      if (result.status !== 'done') return;
      applyRaceSignup(queryClient, raceId, me, result.answer.signedUp);
      // A race with an entry fee: until when the place is held, and what the member owes, are the server's to say.
      const race = queryClient.getQueryData<AnswerOf<'GET /races/:id'>>(raceKeys.detail(String(raceId)))?.race;
      if (race?.feeCents) {
        void queryClient.invalidateQueries({ queryKey: raceKeys.detail(String(raceId)) });
        void queryClient.invalidateQueries({ queryKey: paymentKeys.mine });
      }
    },
  });
}
