import { type ReactNode, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { AUTONOMY_MODES, type AutonomyMode } from '../api/skills';
import { AgentsIcon, GoalsIcon, ResetIcon, ShieldIcon } from '../components/icons';
import { useAutonomy } from '../hooks/use-skills';
import { AgentFormDialog } from '../pages/agents/agent-form-dialog';
import { agentPath } from '../pages/agents/agents-table';
import { CreateGoalDialog } from '../pages/goals/create-goal-dialog';
import { goalPath } from '../pages/goals/goal-badges';
import { MODE_INFO } from '../pages/skills/autonomy-modes';
import { AutonomySwitchDialog } from '../pages/skills/autonomy-switch-dialog';
import { CommandPalette } from './command-palette';
import { PaletteContext } from './palette-context';
import type { PaletteAction, PalettePage } from './palette-entries';

type Dialog = { kind: 'goal' } | { kind: 'agent' } | { kind: 'mode'; mode: AutonomyMode };

/**
 * The palette's actions and the dialogs they open, for every page of the signed-in layout: the
 * Ctrl+K / Cmd+K palette and the /cmd page both run them from here.
 */
export function PaletteProvider({
  pages,
  children,
}: {
  pages: PalettePage[];
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const autonomy = useAutonomy();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const current = autonomy.data?.mode;

  const actions = useMemo<PaletteAction[]>(
    () => [
      {
        id: 'new-goal',
        label: 'New goal',
        description: 'Give the agent an objective to plan and work on by itself',
        keywords: ['create', 'add', 'objective'],
        icon: GoalsIcon,
        run: () => setDialog({ kind: 'goal' }),
      },
      {
        id: 'new-agent',
        label: 'New agent',
        description: 'Create a sub-agent with its own objective',
        keywords: ['create', 'add', 'sub-agent'],
        icon: AgentsIcon,
        run: () => setDialog({ kind: 'agent' }),
      },
      {
        id: 'panic-reset',
        label: 'Panic Reset',
        description: 'Open the reset page: see what it wipes, then type the phrase to run it',
        keywords: ['wipe', 'forget', 'memory', 'erase', 'reset agent'],
        icon: ResetIcon,
        run: () => navigate('/reset'),
      },
      ...AUTONOMY_MODES.filter((mode) => mode !== current).map((mode) => ({
        id: `autonomy-${mode.toLowerCase()}`,
        label: `Switch autonomy mode to ${mode}`,
        description: `${MODE_INFO[mode].label}; asks you to confirm first`,
        keywords: ['autonomy', 'mode', 'confirmation', 'approval'],
        icon: ShieldIcon,
        run: () => setDialog({ kind: 'mode', mode }),
      })),
    ],
    [current, navigate],
  );

  const value = useMemo(() => ({ pages, actions }), [pages, actions]);
  return (
    <PaletteContext.Provider value={value}>
      {children}
      <CommandPalette />
      {dialog?.kind === 'goal' ? (
        <CreateGoalDialog
          opened
          onClose={close}
          onCreated={(goal) => navigate(goalPath(goal.goal_id))}
        />
      ) : null}
      {dialog?.kind === 'agent' ? (
        <AgentFormDialog
          opened
          onClose={close}
          onCreated={(agent) => navigate(agentPath(agent.agent_id))}
        />
      ) : null}
      <AutonomySwitchDialog mode={dialog?.kind === 'mode' ? dialog.mode : null} onClose={close} />
    </PaletteContext.Provider>
  );
}
