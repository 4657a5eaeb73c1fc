import { Progress, Stack, Text } from '@mantine/core';
import type { Brain } from '../../api/memory';
import { formatUptime } from '../../components/format';
import { KeyValueList } from '../../components/key-value-list';
import { Panel } from '../../components/panel';
import { RelativeTime } from '../../components/relative-time';

/** Name, age, level and XP (earned by finished work) and the persona the prompt starts with. */
export function IdentityPanel({ identity }: { identity: Brain['identity'] }) {
  const toNext = identity.next_level_xp - identity.total_xp;
  const share = identity.next_level_xp > 0 ? identity.total_xp / identity.next_level_xp : 0;
  return (
    <Panel title="Identity">
      <KeyValueList
        items={[
          { label: 'Name', value: identity.name },
          {
            label: 'Age',
            value: (
              <>
                {formatUptime(identity.age_seconds)} (born <RelativeTime value={identity.born_at} />
                )
              </>
            ),
          },
          { label: 'Level', value: `Level ${identity.level}` },
          {
            label: 'Experience',
            value: `${identity.total_xp} XP, ${toNext} to level ${identity.level + 1}`,
          },
        ]}
      />
      <Progress value={Math.min(100, share * 100)} aria-label="Experience towards the next level" />
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          Persona
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="persona">
          {identity.persona || 'No persona is set: write one on the Identity page.'}
        </Text>
      </Stack>
    </Panel>
  );
}
