import {
  Anchor,
  Badge,
  Button,
  Divider,
  Group,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Confirmation, type Decision, needsAcknowledgement } from '../api/confirmations';
import { ShieldIcon } from '../components/icons';
import { RelativeTime } from '../components/relative-time';
import { useDecideConfirmation, usePendingConfirmations } from '../hooks/use-confirmations';
import {
  ConfirmationDetails,
  LevelBadge,
  WarningAcknowledgement,
} from '../pages/chat/confirmation-details';

function PendingItem({
  confirmation,
  onOpenChat,
}: {
  confirmation: Confirmation;
  onOpenChat: () => void;
}) {
  const decide = useDecideConfirmation();
  const [acknowledged, setAcknowledged] = useState(false);
  const warned = needsAcknowledgement(confirmation);
  const submit = (decision: Decision) =>
    decide.mutate({
      id: confirmation.confirmation_id,
      decision,
      acknowledgeWarning: decision === 'approve' && acknowledged,
    });
  return (
    <Stack
      gap="xs"
      data-testid="pending-confirmation"
      data-confirmation-id={confirmation.confirmation_id}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Text size="sm" fw={600} ff="monospace" truncate>
            {confirmation.skill}
          </Text>
          <LevelBadge level={confirmation.level} />
        </Group>
        <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
          asked <RelativeTime value={confirmation.created_at} />
        </Text>
      </Group>
      <ConfirmationDetails confirmation={confirmation} compact />
      {warned ? <WarningAcknowledgement checked={acknowledged} onChange={setAcknowledged} /> : null}
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Button
            size="xs"
            color="teal"
            onClick={() => submit('approve')}
            loading={decide.isPending && decide.variables?.decision === 'approve'}
            disabled={decide.isPending || (warned && !acknowledged)}
          >
            Approve
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            onClick={() => submit('deny')}
            loading={decide.isPending && decide.variables?.decision === 'deny'}
            disabled={decide.isPending}
          >
            Deny
          </Button>
        </Group>
        {confirmation.chat_id ? (
          <Anchor
            component={Link}
            to={`/chat?chat=${encodeURIComponent(confirmation.chat_id)}`}
            size="xs"
            onClick={onOpenChat}
          >
            Open chat
          </Anchor>
        ) : null}
      </Group>
    </Stack>
  );
}

/** Skill calls waiting for an operator; hidden while there are none. */
export function ConfirmationsBadge() {
  const { data } = usePendingConfirmations();
  const [opened, popover] = useDisclosure(false);
  const count = data?.length ?? 0;
  if (count === 0) return null;
  const label = `${count} pending ${count === 1 ? 'confirmation' : 'confirmations'}`;

  return (
    <Popover
      opened={opened}
      onChange={(next) => (next ? popover.open() : popover.close())}
      width={420}
      position="bottom-start"
      shadow="md"
      withArrow
      trapFocus
    >
      <Popover.Target>
        <UnstyledButton
          onClick={popover.toggle}
          aria-label={label}
          aria-expanded={opened}
          data-testid="confirmations-badge"
        >
          <Badge
            size="lg"
            color="yellow"
            variant="light"
            leftSection={<ShieldIcon size={14} />}
            style={{ cursor: 'pointer' }}
          >
            <span data-testid="confirmations-count">{count}</span> pending
          </Badge>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Stack gap={0} px="md" py="sm">
          <Text fw={600} size="sm">
            Waiting for approval
          </Text>
          <Text size="xs" c="dimmed">
            Skill calls the autonomy mode holds for an operator; unanswered ones are denied when
            they expire.
          </Text>
        </Stack>
        <Divider />
        <ScrollArea.Autosize mah={460} type="auto">
          <Stack gap={0}>
            {(data ?? []).map((confirmation, index) => (
              <Stack key={confirmation.confirmation_id} gap={0}>
                {index > 0 ? <Divider /> : null}
                <Stack p="md">
                  <PendingItem confirmation={confirmation} onOpenChat={popover.close} />
                </Stack>
              </Stack>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
