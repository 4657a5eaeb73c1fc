import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useFlags } from '../hooks/use-config';
import { ShieldIcon } from './icons';

/**
 * Shown while the untrusted_content_guard flag is off: then a run that has read a web page, a
 * mail or an integration's answer may take RESTRICTED and PRIVILEGED actions in FULL mode
 * without asking, which the operator should not forget. Read from the flags endpoint.
 */
export function UntrustedGuardWarning({ linkToFlags = true }: { linkToFlags?: boolean }) {
  const flags = useFlags();
  const guard = flags.data?.flags.find((flag) => flag.name === 'untrusted_content_guard');
  if (!guard || guard.enabled) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<ShieldIcon size={18} />}
      title="The untrusted content guard is off"
      data-testid="untrusted-guard-warning"
    >
      <Text size="sm">
        Runs that have read a web page, a mail, a feed or an integration's answer no longer wait for
        you before RESTRICTED or PRIVILEGED actions in FULL mode: instructions hidden in that
        content can act without your confirmation.
        {guard.updated_by ? ` Turned off by ${guard.updated_by}.` : ''}{' '}
        {linkToFlags ? (
          <Anchor component={Link} to="/config?tab=flags" size="sm">
            Turn it back on
          </Anchor>
        ) : null}
      </Text>
    </Alert>
  );
}
