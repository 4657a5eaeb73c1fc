import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';

const PAGES = path.resolve(import.meta.dirname, '../src/pages');

/** Mantine's Table named in an import from @mantine/core (alone, in a list, or renamed). */
const IMPORTS_TABLE = /import\s*\{[^}]*\bTable\b[^}]*\}\s*from\s*'@mantine\/core'/;

test('no page builds its own table: every list goes through DataTable', async () => {
  const files = (await readdir(PAGES, { recursive: true })).filter((file) => file.endsWith('.tsx'));
  expect(files.length).toBeGreaterThan(30);
  const offenders: string[] = [];
  for (const file of files) {
    const source = await readFile(path.join(PAGES, file), 'utf8');
    if (IMPORTS_TABLE.test(source)) offenders.push(file);
  }
  expect(offenders).toEqual([]);
});

test('the scan recognises a Table import, so it cannot pass by matching nothing', () => {
  expect(IMPORTS_TABLE.test("import { Badge,\n  Table,\n  Text } from '@mantine/core';")).toBe(
    true,
  );
  expect(IMPORTS_TABLE.test("import { DataTable } from '../../components/data-table';")).toBe(
    false,
  );
});
