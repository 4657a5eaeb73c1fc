import { Stack } from '@mantine/core';
import type { ComponentType } from 'react';
import { PageHeader } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { EpistemicSection } from './epistemic-section';
import { IntegritySection } from './integrity-section';
import { SelfModelSection } from './self-model-section';

/** The page's sections, in order: each is one component with its own data. */
const SECTIONS: Array<{ title: string; component: ComponentType }> = [
  { title: 'Self-model', component: SelfModelSection },
  { title: 'Epistemic state', component: EpistemicSection },
  { title: 'Integrity', component: IntegritySection },
];

export function CognitivePage() {
  return (
    <Stack gap="lg">
      <PageHeader
        title="Cognitive"
        description="What the agent knows about itself and how sure it is, computed by code from its traces, memory and records."
      />
      {SECTIONS.map(({ title, component: Section }) => (
        <Panel key={title} title={title}>
          <Section />
        </Panel>
      ))}
    </Stack>
  );
}
