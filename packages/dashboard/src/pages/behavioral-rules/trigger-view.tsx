import { Badge, Code, Group, Text } from '@mantine/core';
import type { Trigger } from '../../api/behavioral';

/** A rule's trigger in a line: "Always", its keywords as chips, or its pattern. */
export function TriggerView({ trigger }: { trigger: Trigger }) {
  if (trigger.type === 'always') {
    return (
      <Badge variant="outline" color="gray" radius="sm" data-testid="trigger">
        Always
      </Badge>
    );
  }
  if (trigger.type === 'keywords') {
    return (
      <Group gap={4} wrap="wrap" data-testid="trigger">
        <Text size="xs" c="dimmed" fw={600}>
          Keywords
        </Text>
        {trigger.keywords.map((keyword) => (
          <Badge key={keyword} variant="light" color="blue" radius="sm" tt="none" fw={500}>
            {keyword}
          </Badge>
        ))}
      </Group>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" data-testid="trigger">
      <Text size="xs" c="dimmed" fw={600}>
        Regex
      </Text>
      <Code style={{ wordBreak: 'break-all' }}>/{trigger.pattern}/iu</Code>
    </Group>
  );
}
