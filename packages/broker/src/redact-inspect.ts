/**
 * What leaves the broker of an engine's container inspect. SPEC section 1 rule 4 admits that
 * inspect leaks metadata, so the broker returns a projection of the fields an operator needs to
 * judge a container, with everything that can carry a secret or a host path redacted:
 * environment values, mount and bind sources, labels that look secret, log-driver options,
 * network driver options, and the host paths of the engine's own files. Fields not named here
 * (GraphDriver, HostsPath, SandboxKey, ...) never leave.
 */

export const REDACTED = '[redacted]';

/**
 * Label keys that name a secret, and values that look like one: long random tokens, URLs with
 * a password, and absolute host paths (compose records its working folder in a label).
 */
const SECRET_KEY =
  /pass(word|wd|phrase)?|secret|token|api[-_.]?key|private|credential|auth|cookie|session|signature|\bkey\b|[-_.]key$/i;
const SECRET_VALUE =
  /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9+/=_\-.]{24,}$|^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/\s:@]+:[^/\s@]+@/;
const HOST_PATH = /^\/[^\s]/;

type Json = Record<string, unknown>;

const object = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

export function looksSecret(key: string, value: string): boolean {
  return SECRET_KEY.test(key) || SECRET_VALUE.test(value);
}

export function redactLabels(labels: unknown): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [key, value] of Object.entries(object(labels))) {
    const raw = typeof value === 'string' ? value : String(value);
    shown[key] = looksSecret(key, raw) || HOST_PATH.test(raw) ? REDACTED : raw;
  }
  return shown;
}

/** KEY=value becomes KEY=[redacted]: the names tell what is configured, the values stay. */
function redactEnvironment(env: unknown): string[] {
  return strings(env).map((entry) => {
    const at = entry.indexOf('=');
    return at < 0 ? entry : `${entry.slice(0, at)}=${REDACTED}`;
  });
}

/** Command arguments that carry a secret: --password=x, -p x after a secret flag, a URL with one. */
function redactArguments(args: unknown): string[] {
  const list = strings(args);
  return list.map((arg, index) => {
    const assignment = /^(-{0,2}[A-Za-z0-9_.-]+)=(.*)$/.exec(arg);
    if (assignment?.[1] && assignment[2] !== undefined && looksSecret(assignment[1], assignment[2]))
      return `${assignment[1]}=${REDACTED}`;
    const previous = list[index - 1];
    if (previous?.startsWith('-') && !previous.includes('=') && SECRET_KEY.test(previous))
      return REDACTED;
    return SECRET_VALUE.test(arg) ? REDACTED : arg;
  });
}

function redactOptions(options: unknown): Record<string, string> | null {
  const entries = Object.keys(object(options));
  if (entries.length === 0) return null;
  return Object.fromEntries(entries.map((key) => [key, REDACTED]));
}

function projectMounts(mounts: unknown) {
  return (Array.isArray(mounts) ? mounts : []).map((raw) => {
    const mount = object(raw);
    return {
      Type: text(mount.Type),
      // A named volume's name is the operator's; a bind's source is a host path.
      Name: mount.Type === 'volume' ? text(mount.Name) : null,
      Source: REDACTED,
      Destination: text(mount.Destination),
      RW: mount.RW === true,
    };
  });
}

function projectNetworks(networks: unknown) {
  const shown: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(object(networks))) {
    const network = object(raw);
    shown[name] = {
      Aliases: strings(network.Aliases),
      IPAddress: text(network.IPAddress),
      GlobalIPv6Address: text(network.GlobalIPv6Address),
      MacAddress: text(network.MacAddress),
      DriverOpts: redactOptions(network.DriverOpts),
    };
  }
  return shown;
}

function projectState(state: unknown) {
  const raw = object(state);
  const health = object(raw.Health);
  return {
    Status: text(raw.Status),
    Running: raw.Running === true,
    Paused: raw.Paused === true,
    Restarting: raw.Restarting === true,
    OOMKilled: raw.OOMKilled === true,
    Dead: raw.Dead === true,
    ExitCode: typeof raw.ExitCode === 'number' ? raw.ExitCode : null,
    Error: text(raw.Error),
    StartedAt: text(raw.StartedAt),
    FinishedAt: text(raw.FinishedAt),
    Health: text(health.Status) ? { Status: text(health.Status) } : null,
  };
}

/** The engine's inspect answer, projected and redacted. */
export function redactInspect(inspect: unknown) {
  const raw = object(inspect);
  const config = object(raw.Config);
  const host = object(raw.HostConfig);
  const network = object(raw.NetworkSettings);
  return {
    Id: text(raw.Id),
    Name: text(raw.Name)?.replace(/^\//, '') ?? null,
    Created: text(raw.Created),
    RestartCount: typeof raw.RestartCount === 'number' ? raw.RestartCount : 0,
    State: projectState(raw.State),
    Config: {
      Image: text(config.Image),
      Hostname: text(config.Hostname),
      User: text(config.User),
      Env: redactEnvironment(config.Env),
      Cmd: redactArguments(config.Cmd),
      Entrypoint: redactArguments(config.Entrypoint),
      WorkingDir: text(config.WorkingDir),
      Labels: redactLabels(config.Labels),
      ExposedPorts: Object.keys(object(config.ExposedPorts)),
      StopSignal: text(config.StopSignal),
      Tty: config.Tty === true,
    },
    HostConfig: {
      NetworkMode: text(host.NetworkMode),
      RestartPolicy: object(host.RestartPolicy),
      Privileged: host.Privileged === true,
      ReadonlyRootfs: host.ReadonlyRootfs === true,
      CapAdd: strings(host.CapAdd),
      CapDrop: strings(host.CapDrop),
      LogConfig: {
        Type: text(object(host.LogConfig).Type),
        Config: redactOptions(object(host.LogConfig).Config),
      },
      PortBindings: object(host.PortBindings),
    },
    Mounts: projectMounts(raw.Mounts),
    NetworkSettings: { Ports: object(network.Ports), Networks: projectNetworks(network.Networks) },
  };
}
