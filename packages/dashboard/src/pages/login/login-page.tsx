import {
  Alert,
  Button,
  Center,
  Code,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { safeNextPath } from '../../auth-redirect';
import { LogoMark } from '../../components/icons';
import { useSession } from '../../hooks/use-session';

/** "4 minutes 10 seconds": how long a rate-limited address waits. */
function waitText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const parts = [];
  if (minutes > 0) parts.push(`${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`);
  if (rest > 0 || minutes === 0) parts.push(`${rest} ${rest === 1 ? 'second' : 'seconds'}`);
  return parts.join(' ');
}

/** Seconds left of the wait the runtime named, counted down once a second. */
function useCountdown(seconds: number | null): number | null {
  const [until] = useState(() => (seconds === null ? null : Date.now() + seconds * 1000));
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (until === null) return;
    const timer = window.setInterval(
      () => setLeft(Math.max(0, Math.ceil((until - Date.now()) / 1000))),
      1000,
    );
    return () => window.clearInterval(timer);
  }, [until]);
  return left;
}

function errorMessage(
  code: string,
  waitSeconds: number | null,
): { title: string; message: string } {
  if (code === 'invalid_credentials')
    return { title: 'Sign-in failed', message: 'The username or password is not correct.' };
  if (code === 'rate_limited') {
    const wait =
      waitSeconds === null
        ? 'Wait a few minutes, then try again.'
        : waitSeconds > 0
          ? `Try again in ${waitText(waitSeconds)}.`
          : 'You can try again now.';
    return {
      title: 'Too many attempts',
      message: `Sign-in is paused for this address after 5 attempts in 5 minutes. ${wait}`,
    };
  }
  return { title: 'Sign-in failed', message: `The runtime refused the sign-in (${code}).` };
}

/** The wait from ?retry_after=, which the runtime copies from its Retry-After header. */
function retryAfter(value: string | null): number | null {
  const seconds = Number(value);
  return value !== null && Number.isInteger(seconds) && seconds >= 0 ? seconds : null;
}

/**
 * A plain HTML form posting to /auth/login: it works without JavaScript, and the runtime answers a
 * browser post with a redirect to `next` (or back here with ?error=).
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const next = params.get('next') ?? '';
  const errorCode = params.get('error');
  const waitLeft = useCountdown(retryAfter(params.get('retry_after')));
  const error = errorCode ? errorMessage(errorCode, waitLeft) : undefined;
  const [submitting, setSubmitting] = useState(false);
  // Someone already signed in (an old tab, the back button) goes straight on.
  const session = useSession({ optional: true });

  useEffect(() => {
    document.title = 'Sign in · Agent Runtime';
  }, []);

  if (session.data) return <Navigate to={safeNextPath(next)} replace />;

  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={400} gap="lg">
        <Group gap="sm" justify="center">
          <LogoMark size={36} />
          <Text fw={700} size="xl">
            Agent Runtime
          </Text>
        </Group>
        <Paper withBorder shadow="sm" radius="md" p="xl">
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={3}>Sign in</Title>
              <Text size="sm" c="dimmed">
                Operator console for this runtime.
              </Text>
            </Stack>
            {error ? (
              <Alert color="red" variant="light" title={error.title} role="alert">
                {error.message}
              </Alert>
            ) : null}
            <form method="post" action="/auth/login" onSubmit={() => setSubmitting(true)}>
              <Stack gap="md">
                <TextInput
                  name="username"
                  label="Username"
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  required
                  autoFocus
                />
                <PasswordInput
                  name="password"
                  label="Password"
                  autoComplete="current-password"
                  required
                />
                {next ? <input type="hidden" name="next" value={next} /> : null}
                <Button type="submit" fullWidth loading={submitting} mt="xs">
                  Sign in
                </Button>
              </Stack>
            </form>
          </Stack>
        </Paper>
        <Text size="xs" c="dimmed" ta="center">
          The account comes from <Code>DASHBOARD_USER</Code> and <Code>DASHBOARD_PASSWORD</Code>.
          Without them, the first boot prints a temporary password to the runtime log as{' '}
          <Code>dashboard.credentials</Code>.
        </Text>
      </Stack>
    </Center>
  );
}
