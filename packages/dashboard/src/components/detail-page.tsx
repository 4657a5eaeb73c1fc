import { Anchor, Button, EmptyState, Group, Paper, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../api/client';
import { formErrors } from './form-errors';
import { FormRefusal } from './form-refusal';
import { ChevronIcon } from './icons';
import { PageHeader } from './page-header';

interface RecordQuery<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  refetch?: () => unknown;
}

interface DetailPageProps<T> {
  /** The record's query: its data, or why there is none yet. */
  query: RecordQuery<T>;
  back: { to: string; label: string };
  /** The record's name once loaded, else what kind of record it is. */
  title: string;
  description?: ReactNode;
  /** Status badges and actions, right of the title; shown once the record is loaded. */
  aside?: (record: T) => ReactNode;
  /** What the page says when the runtime has no such record (a 404). */
  notFound: { title: string; description: ReactNode };
  /** The kind of record, for the error state: "The agent could not be loaded". */
  noun: string;
  /** The page's own skeleton while it loads; one block by default. */
  skeleton?: ReactNode;
  /** The record's sections, once loaded. */
  children: (record: T) => ReactNode;
}

/** The one layout of a page that shows one record: back link, header, states, then sections. */
export function DetailPage<T>({
  query,
  back,
  title,
  description,
  aside,
  notFound,
  noun,
  skeleton,
  children,
}: DetailPageProps<T>) {
  const { data, error, isPending, refetch } = query;
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={back.to} size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <ChevronIcon size={14} style={{ transform: 'rotate(180deg)' }} />
          {back.label}
        </Group>
      </Anchor>
      <PageHeader title={title} description={description} aside={data ? aside?.(data) : null} />
      {data ? (
        children(data)
      ) : isPending ? (
        (skeleton ?? <Skeleton h={320} radius="md" data-testid="detail-loading" />)
      ) : (
        <Paper withBorder radius="md" data-testid={missing ? 'detail-not-found' : 'detail-error'}>
          <EmptyState
            py={48}
            title={missing ? notFound.title : `The ${noun} could not be loaded`}
            description={missing ? notFound.description : undefined}
          >
            {missing ? null : <FormRefusal refusal={formErrors(error, {}).refusal} />}
            <EmptyState.Actions>
              {missing || !refetch ? null : (
                <Button variant="light" onClick={() => refetch()}>
                  Try again
                </Button>
              )}
              <Button component={Link} to={back.to} variant="default">
                {back.label}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Paper>
      )}
    </Stack>
  );
}
