import { ActionIcon, Badge, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { Fragment, useState } from 'react';
import type { Skill } from '../../api/skills';
import { ChevronIcon } from '../../components/icons';
import { InputSchema } from './input-schema';
import { LevelBadge } from './level-badge';

const COLUMNS = 6;

function Availability({ skill }: { skill: Skill }) {
  if (skill.available) {
    return (
      <Badge variant="dot" color="green">
        Available
      </Badge>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      <Badge variant="dot" color="gray">
        Unavailable
      </Badge>
      {skill.unavailable_reason ? (
        <Text size="xs" c="dimmed" maw={260}>
          {skill.unavailable_reason}
        </Text>
      ) : null}
    </Stack>
  );
}

interface SkillsTableProps {
  skills: Skill[];
  loading: boolean;
}

export function SkillsTable({ skills, loading }: SkillsTableProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (name: string) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (!next.delete(name)) next.add(name);
      return next;
    });

  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Skills">
        <Table.Thead>
          <Table.Tr>
            <Table.Th aria-label="Input schema" w={40} />
            <Table.Th>Skill</Table.Th>
            <Table.Th>Level</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Confirmation</Table.Th>
            <Table.Th>Availability</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading
            ? Array.from({ length: 6 }, (_, row) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <Table.Tr key={row}>
                  {Array.from({ length: COLUMNS }, (_, cell) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                    <Table.Td key={cell}>
                      <Skeleton h={14} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : skills.map((skill) => {
                const open = expanded.has(skill.name);
                return (
                  <Fragment key={skill.name}>
                    <Table.Tr
                      data-skill={skill.name}
                      onClick={() => toggle(skill.name)}
                      style={{ cursor: 'pointer' }}
                      bg={open ? 'var(--mantine-color-gray-0)' : undefined}
                    >
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="sm"
                          aria-label={open ? 'Hide input schema' : 'Show input schema'}
                          aria-expanded={open}
                          onClick={(event) => {
                            event.stopPropagation();
                            toggle(skill.name);
                          }}
                        >
                          <ChevronIcon
                            size={16}
                            style={{
                              transform: open ? 'rotate(90deg)' : undefined,
                              transition: '120ms',
                            }}
                          />
                        </ActionIcon>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace" fw={600}>
                          {skill.name}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <LevelBadge level={skill.level} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" maw={520}>
                          {skill.description}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {skill.needs_confirmation ? (
                          <Tooltip label="Under the current mode, each call waits for approval">
                            <Badge variant="light" color="orange" miw="max-content">
                              Asks first
                            </Badge>
                          </Tooltip>
                        ) : (
                          <Text size="sm" c="dimmed">
                            Runs directly
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Availability skill={skill} />
                      </Table.Td>
                    </Table.Tr>
                    {open ? (
                      <Table.Tr bg="var(--mantine-color-gray-0)">
                        <Table.Td />
                        <Table.Td colSpan={COLUMNS - 1}>
                          <InputSchema schema={skill.input_schema} />
                        </Table.Td>
                      </Table.Tr>
                    ) : null}
                  </Fragment>
                );
              })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
