import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchMetrics, fetchSelfModel, fetchSkillEvolution } from '../api/insights';

export const metricsQueryKey = (since: string) => ['insights', 'metrics', since] as const;
export const skillEvolutionQueryKey = (weeks: number) => ['insights', 'skills', weeks] as const;
export const selfModelQueryKey = ['insights', 'self-model'] as const;

/** Figures over a range that moves with the clock, so they are refreshed every minute. */
export function useMetrics(since: string) {
  return useQuery({
    queryKey: metricsQueryKey(since),
    queryFn: ({ signal }) => fetchMetrics(since, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

export function useSkillEvolution(weeks: number) {
  return useQuery({
    queryKey: skillEvolutionQueryKey(weeks),
    queryFn: ({ signal }) => fetchSkillEvolution(weeks, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

export function useSelfModel() {
  return useQuery({
    queryKey: selfModelQueryKey,
    queryFn: ({ signal }) => fetchSelfModel(signal),
    refetchInterval: 60_000,
  });
}
