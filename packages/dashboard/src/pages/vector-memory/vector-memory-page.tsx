import { Alert, Badge, Button, EmptyState, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { useMemorySearch, useMemoryStatus } from '../../hooks/use-memory';
import { SearchHits } from './search-hits';

/** The mode the search runs in: lexical, or hybrid with the embedding model named. */
function ModeBadge({ mode, model }: { mode: 'lexical' | 'hybrid'; model: string | null }) {
  return (
    <Badge
      size="lg"
      variant="light"
      color={mode === 'hybrid' ? 'grape' : 'blue'}
      data-testid="search-mode"
    >
      {mode === 'hybrid' && model ? `Hybrid · ${model}` : 'Lexical'}
    </Badge>
  );
}

/** The query is kept in the URL (?q=), so a search can be linked to. */
export function VectorMemoryPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const status = useMemoryStatus();
  const search = useMemorySearch(q);
  const result = search.data;
  const mode = result ?? status.data?.search;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Vector memory"
        description="Search what the agent remembers the way recall does: full text and trigram similarity, plus vectors when an embedding model is set, fused by rank."
        aside={mode ? <ModeBadge mode={mode.mode} model={mode.embedding_model} /> : null}
      />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setParams(text.trim() ? { q: text.trim() } : {});
        }}
      >
        <Group gap="sm" align="flex-end">
          <TextInput
            flex={1}
            label="Query"
            aria-label="Query"
            placeholder="What do you want the agent to recall?"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <Button type="submit" loading={search.isFetching}>
            Search
          </Button>
        </Group>
      </form>
      {result?.vector_error ? (
        <Alert color="yellow" title="The vector list was left out">
          {result.vector_error}
        </Alert>
      ) : null}
      {!q ? (
        <EmptyState
          title="Search memory"
          description="Items (facts, preferences, procedures, blocks) and observations (chat turns, goal tasks, feeds, mail) are searched; active and provisional items only."
        />
      ) : !result ? null : result.hits.length === 0 ? (
        <EmptyState
          title="Nothing matches"
          description="Only stored items and observations are searched; they are written as the agent learns, or on the Memory page."
        />
      ) : (
        <Panel
          title={result.hits.length === 1 ? '1 hit' : `${result.hits.length} hits`}
          aside={<Text size="xs" c="dimmed">{`${Math.round(result.took_ms)} ms`}</Text>}
        >
          <SearchHits hits={result.hits} />
        </Panel>
      )}
    </Stack>
  );
}
