/** What the policy knows of a container: its name and labels, read from the engine. */
export interface ContainerIdentity {
  name: string;
  labels: Record<string, string>;
}

/** One entry of BROKER_ALLOW or BROKER_DENY. */
export type ContainerRule =
  | { kind: 'name'; pattern: RegExp; text: string }
  | { kind: 'label'; key: string; value: string | null; text: string };

/** The label docker compose gives each container: the service it runs. */
const COMPOSE_SERVICE = 'com.docker.compose.service';

const NAME_PATTERN = /^[A-Za-z0-9*][A-Za-z0-9_.*-]*$/;
const LABEL_PATTERN = /^label:([A-Za-z0-9_.\-/]+)(?:=(.*))?$/;

function glob(text: string): RegExp {
  const escaped = text.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

/**
 * Parses a comma-separated rule list: `name` or `name*` (a container name, or a compose
 * service name), `label:key` (the label is present) or `label:key=value`.
 */
export function parseRules(variable: string, text: string): ContainerRule[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item): ContainerRule => {
      const label = LABEL_PATTERN.exec(item);
      if (label?.[1]) return { kind: 'label', key: label[1], value: label[2] ?? null, text: item };
      if (NAME_PATTERN.test(item)) return { kind: 'name', pattern: glob(item), text: item };
      throw new Error(`${variable}: "${item}" is neither a container name nor label:key[=value]`);
    });
}

function matches(rule: ContainerRule, container: ContainerIdentity): boolean {
  if (rule.kind === 'label') {
    if (!Object.hasOwn(container.labels, rule.key)) return false;
    return rule.value === null || container.labels[rule.key] === rule.value;
  }
  const service = container.labels[COMPOSE_SERVICE];
  return rule.pattern.test(container.name) || (service !== undefined && rule.pattern.test(service));
}

export interface PolicyVerdict {
  allowed: boolean;
  /** The rule that decided, for the audit line. */
  rule: string | null;
}

/** Deny wins over allow; a container no allow rule names is out of reach. */
export function judgeContainer(
  container: ContainerIdentity,
  allow: ContainerRule[],
  deny: ContainerRule[],
): PolicyVerdict {
  const denied = deny.find((rule) => matches(rule, container));
  if (denied) return { allowed: false, rule: `deny ${denied.text}` };
  const allowed = allow.find((rule) => matches(rule, container));
  return allowed
    ? { allowed: true, rule: `allow ${allowed.text}` }
    : { allowed: false, rule: null };
}
