import { Stack } from '@mantine/core';
import type { ComponentType } from 'react';
import { PageHeader } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { SelfModelSection } from './self-model-section';

/** The page's sections, in order: each is one component with its own data. */
const SECTIONS: Array<{ title: string; component: ComponentType }> = [
  { title: 'Self-model', component: SelfModelSection },
];

export function CognitivePage() {
  return (
    <Stack gap="lg">
      <PageHeader
        title="Cognitive"
        description="What the agent knows about itself, computed by code from its traces and records."
      />
      {SECTIONS.map(({ title, component: Section }) => (
        <Panel key={title} title={title}>
          <Section />
        </Panel>
      ))}
    </Stack>
  );
}
