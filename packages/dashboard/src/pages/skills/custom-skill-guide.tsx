import { Code, Grid, Stack, Text } from '@mantine/core';
import { type Column, DataTable } from '../../components/data-table';

const FIELDS: { name: string; rule: string }[] = [
  {
    name: 'name',
    rule: "snake_case (a-z, 0-9, _), at most 64 characters, equal to the folder name and not a built-in skill's name.",
  },
  {
    name: 'description',
    rule: '1-1000 characters: what the model reads to decide when to call it.',
  },
  {
    name: 'level',
    rule: 'CONTROLLED, RESTRICTED or PRIVILEGED. Operator-written code is always audited, so SAFE and MONITORED are refused; RESTRICTED and PRIVILEGED get a dry run and wait for approval in SEMI mode.',
  },
  {
    name: 'language',
    rule: "python (run with the runtime's Python, the folder importable) or javascript (the runtime's node).",
  },
  { name: 'entry', rule: 'The program to run: a file inside the folder (no ../).' },
  {
    name: 'input_schema',
    rule: 'JSON Schema of the input, type "object" with properties of type string, number, integer, boolean, array or object. The input arrives as JSON on stdin.',
  },
  { name: 'timeout_seconds', rule: "Optional, 1-120; else the shell's default time limit." },
];

const FIELD_COLUMNS: Column<(typeof FIELDS)[number]>[] = [
  {
    key: 'field',
    header: 'Field',
    width: 150,
    cell: (field) => (
      <Text span size="sm" ff="monospace" fw={600}>
        {field.name}
      </Text>
    ),
  },
  { key: 'rules', header: 'Rules', cell: (field) => field.rule },
];

const example = (folder: string) => `${folder}/weather_report/
  manifest.json
  main.py

{
  "name": "weather_report",
  "description": "Tells the weather of a city.",
  "level": "CONTROLLED",
  "language": "python",
  "entry": "main.py",
  "input_schema": {
    "type": "object",
    "properties": {
      "city": { "type": "string", "description": "City name" }
    },
    "required": ["city"]
  }
}`;

/** Where custom skill files go, what the manifest holds, and how a skill answers. */
export function CustomSkillGuide({ folder }: { folder: string }) {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Stack gap="sm">
          <Text size="sm">
            Put each skill in its own folder under <Code>{folder}</Code>: a{' '}
            <Code>manifest.json</Code> (at most 64 KiB) and the program it names. The runtime loads
            the folders at start and again shortly after any file in them changes; Reload loads them
            now. Skills run in the same sandbox as shell commands, with the input as JSON on stdin;
            the answer is stdout (or its <Code>text</Code> field when it prints a JSON object). They
            survive a Panic Reset.
          </Text>
          <DataTable
            label="Manifest fields"
            columns={FIELD_COLUMNS}
            rows={FIELDS}
            rowKey={(field) => field.name}
            empty={{ title: 'No fields', description: 'The manifest has no fields.' }}
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Stack gap={4}>
          <Text size="xs" c="dimmed" fw={700} tt="uppercase" lts={0.5}>
            Example
          </Text>
          <Code block style={{ whiteSpace: 'pre' }}>
            {example(folder)}
          </Code>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
