import { EmptyState, SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { formatPercent } from '../../components/format';
import { PageHeader } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { useSkillEvolution } from '../../hooks/use-insights';
import { CapabilityTable } from './capability-table';
import { CompositeCandidates } from './composite-candidates';

export function SkillEvolutionPage() {
  const [weeks, setWeeks] = useState('12');
  const evolution = useSkillEvolution(Number(weeks));
  const report = evolution.data;
  const rules = report?.thresholds;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Skill evolution"
        description="Composite skill candidates mined from the skills' order in the decision traces, and how each skill has done week by week."
        aside={
          <SegmentedControl
            aria-label="Weeks shown"
            value={weeks}
            onChange={setWeeks}
            data={[
              { value: '4', label: '4 weeks' },
              { value: '12', label: '12 weeks' },
              { value: '26', label: '26 weeks' },
            ]}
          />
        }
      />
      <Panel title="Composite skill candidates">
        {report && report.candidates.length > 0 ? (
          <CompositeCandidates candidates={report.candidates} />
        ) : (
          <EmptyState
            size="sm"
            title={evolution.isError ? 'Candidates could not be loaded' : 'No candidate yet'}
            description={
              rules
                ? `A candidate is 2 to ${rules.longest} skills run one after the other in at least ${rules.min_support} requests of the last 30 days, all done in ${formatPercent(rules.min_success_rate)} of them, where each next skill follows the ones before it at least ${formatPercent(rules.min_confidence)} of the time.`
                : 'Candidates are mined from the skills each request ran.'
            }
          />
        )}
      </Panel>
      <Panel title="Capability evolution">
        {report && report.skills.length > 0 ? (
          <CapabilityTable evolution={report} />
        ) : (
          <EmptyState
            size="sm"
            title={evolution.isError ? 'Skills could not be loaded' : 'No skill calls yet'}
            description="Each skill call the decision layer or the model makes is recorded in its request's trace; calls, success and median latency per week appear here."
          />
        )}
      </Panel>
    </Stack>
  );
}
