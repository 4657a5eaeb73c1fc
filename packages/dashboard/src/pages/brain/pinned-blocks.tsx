import { Anchor, EmptyState, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Brain } from '../../api/memory';
import { Panel } from '../../components/panel';

/** The blocks in every prompt, each with the characters it uses of its limit. */
export function PinnedBlocks({ blocks }: { blocks: Brain['pinned_blocks'] }) {
  return (
    <Panel title="Pinned blocks">
      {blocks.length === 0 ? (
        <EmptyState
          size="sm"
          title="No pinned blocks"
          description="A block written on the Memory page, or pinned there, is put into every prompt within its character limit."
        />
      ) : (
        <Stack gap="sm" aria-label="Pinned blocks">
          {blocks.map((block) => (
            <Paper key={block.id} withBorder p="sm" radius="sm" aria-label={block.path}>
              <Group justify="space-between" gap="xs">
                <Anchor component={Link} to={`/memory?item=${block.id}`} ff="monospace" size="sm">
                  {block.path}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {block.chars} / {block.char_limit ?? '–'} characters
                </Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {block.text}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Panel>
  );
}
