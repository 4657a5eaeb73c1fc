import { Anchor, Badge, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { KeyValueList } from '../../components/key-value-list';
import { Panel } from '../../components/panel';
import { RelativeTime } from '../../components/relative-time';
import { useMemoryItem } from '../../hooks/use-memory';
import { EmbeddingNote } from './embedding-note';
import { ItemActions } from './item-actions';
import { ItemEditForm } from './item-edit-form';
import { ItemHistory } from './item-history';
import { ItemStatusBadge } from './item-status-badge';
import { Provenance } from './provenance';

export function ItemDetailPanel({ id }: { id: string }) {
  const { data: detail, isError } = useMemoryItem(id);
  const [editing, setEditing] = useState(false);
  if (!detail)
    return isError ? (
      <EmptyState size="sm" title="The item could not be loaded" />
    ) : (
      <Skeleton h={240} />
    );
  const { item } = detail;
  return (
    <Panel title="Item" aside={<ItemStatusBadge status={item.status} />}>
      <Stack gap="md" aria-label="Item detail">
        {editing ? (
          <ItemEditForm key={item.updated_at} item={item} onDone={() => setEditing(false)} />
        ) : (
          <>
            <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="item-text">
              {item.text}
            </Text>
            <ItemActions item={item} onEdit={() => setEditing(true)} />
          </>
        )}
        <EmbeddingNote item={item} />
        <KeyValueList
          items={[
            {
              label: 'Path',
              value: (
                <Text ff="monospace" size="sm">
                  {item.path}
                </Text>
              ),
            },
            { label: 'Kind', value: item.kind },
            { label: 'Confidence', value: item.confidence.toFixed(2) },
            {
              label: 'Pinned',
              value: item.pinned
                ? `yes, ${item.chars} / ${item.char_limit ?? '–'} characters`
                : 'no',
            },
            { label: 'Used', value: `${item.use_count} times` },
            { label: 'Written', value: <RelativeTime value={item.created_at} /> },
          ]}
        />
        {detail.superseded_by ? (
          <Text size="sm">
            Superseded by: <i>{detail.superseded_by.text}</i>
          </Text>
        ) : null}
        {detail.entities.length > 0 ? (
          <Group gap="xs">
            {detail.entities.map((entity) => (
              <Anchor key={entity.id} component={Link} to={`/world-model?entity=${entity.id}`}>
                <Badge variant="outline">{entity.name}</Badge>
              </Anchor>
            ))}
          </Group>
        ) : null}
        <Text fw={600} size="sm">
          Provenance
        </Text>
        <Provenance detail={detail} />
        <Text fw={600} size="sm">
          History
        </Text>
        <ItemHistory history={detail.history} />
      </Stack>
    </Panel>
  );
}
