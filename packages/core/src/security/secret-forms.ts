/**
 * Our own redaction rules, on top of secretlint's preset: the forms a secret takes in what a
 * shell, a tool or a person writes, which a repository scanner does not look for. Each rule keeps
 * the words around the secret (the key name, the user, the host) and hides only the value.
 */
export const REDACTED = '[REDACTED]';

/**
 * Whole-token formats the preset does not know, or knows in a narrower shape than vendors issue
 * (Anthropic admin keys, OpenAI-compatible `sk-` keys without OpenAI's marker, Stripe, Google).
 */
export const TOKEN_PATTERNS: RegExp[] = [
  /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----/g,
  /\bsk-ant-[A-Za-z0-9_-]{20,}/g, // Anthropic (any length)
  /\bsk-(?:proj-|live-|test-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g, // OpenAI and compatible
  /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}/g, // Stripe
  /\bwhsec_[A-Za-z0-9+/=]{20,}/g, // Stripe and Svix webhook signing secret
  /\bxox[ces]-[A-Za-z0-9-]{10,}/g, // Slack client, refresh and legacy tokens
  /\bAIza[0-9A-Za-z_-]{35}\b/g, // Google API key
  /\bya29\.[0-9A-Za-z_-]{20,}/g, // Google OAuth access token
  /(?<!\d)\d{8,10}:AA[A-Za-z0-9_-]{33}\b/g, // Telegram bot token (also inside /bot<token>/)
  /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, // JWT
  /\bAC[0-9a-f]{32}:[0-9a-f]{32}\b/g, // Twilio sid:token pair
  /\bSK[0-9a-f]{32}\b/g, // Twilio API key sid
  /\bpypi-AgE[A-Za-z0-9_-]{50,}/g, // PyPI upload token
  /\bgl(?:ptt|dt|rt|cbt|imt|oas|ft)-[A-Za-z0-9_-]{20,}/g, // GitLab other tokens
  /\bAccountKey=[A-Za-z0-9+/]{40,}={0,2}/g, // Azure storage connection string
  /\bSharedAccessKey=[A-Za-z0-9+/]{30,}={0,2}/g, // Azure Service Bus / Event Hubs
];

/** `scheme://user:password@host` and `redis://:password@host`: keeps the user, hides the password. */
export const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)([^\s@/]+)(?=@)/gi;

/** Query parameters that sign or authorise a URL (S3/GCS presigned URLs, Azure SAS, tokens). */
export const SIGNED_URL_PARAM =
  /([?&](?:X-Amz-Signature|X-Amz-Credential|X-Amz-Security-Token|X-Goog-Signature|X-Goog-Credential|Signature|sig|access_token|token|api_key|apikey|key|auth|secret|client_secret|password)=)((?=[^&\s#"']*\d)[^&\s#"']{6,})/gi;

/** Webhook URLs whose path is the secret: keeps the host and hides the path. */
export const WEBHOOK_URL =
  /(https:\/\/(?:(?:discord(?:app)?\.com|canary\.discord\.com)\/api\/webhooks|hooks\.slack\.com\/(?:services|workflows|triggers)|[a-z0-9-]+\.webhook\.office\.com\/webhookb2|outlook\.office\.com\/webhook|hooks\.zapier\.com\/hooks\/catch|chat\.googleapis\.com\/v1\/spaces\/[^/\s]+\/messages)\/)([^\s"'<>)]+)/gi;

/** `Authorization: <scheme> x`, `Proxy-Authorization`, `X-Api-Key: x`, `Cookie: a=b`. */
export const HEADER_VALUE =
  /(\b(?:Proxy-)?Authorization\s*:\s*(?:(?:Bearer|Basic|Token|Digest|Negotiate|AWS4-HMAC-SHA256|Bot|ApiKey)\s+)?|\bX-(?:Api|Auth|Access)-(?:Key|Token)\s*:\s*|\b(?:Set-)?Cookie\s*:\s*)([^\r\n]{4,})/gi;

/** `Bearer x`, `Basic x` anywhere (curl -H, logs). */
export const AUTH_SCHEME =
  /\b(Bearer|Basic|Token)\s+(?=[A-Za-z]*[0-9._~+/=-]|[A-Za-z]{16})[A-Za-z0-9._~+/=-]{8,}/g;

const SECRET_WORD =
  '(?:passw(?:or)?d|passwd|pwd|(?<![a-z])pass(?:phrase)?(?![a-z])|secret|token(?!s)|api[_-]?key|apikey|access[_-]?key|private[_-]?key|credentials?|auth[_-]?token|session[_-]?id|sessid|account[_-]?key|signing[_-]?key|client[_-]?secret)';

/** `password=x`, `"api_key": "x"`, `token: x`, `PGPASSWORD=x`: an assignment to a secret-named key. */
export const KEY_VALUE = new RegExp(
  String.raw`((?:^|[^A-Za-z0-9_])[A-Za-z0-9_.-]*${SECRET_WORD}[A-Za-z0-9_.-]*["']?\s*(?:=|:|=>)\s*["']?)([^\s"'&,;}<]{4,})`,
  'gi',
);

/** Environment assignments of command-line tools whose variable has no secret word in its name. */
export const ENV_ASSIGNMENT =
  /(\b(?:MYSQL_PWD|REDISCLI_AUTH|PGPASS|SSHPASS|RCLONE_CONFIG_PASS|RESTIC_PASSWORD|BORG_PASSPHRASE|VAULT_TOKEN|ANSIBLE_VAULT_PASSWORD|NPM_TOKEN|DOCKER_AUTH_CONFIG|HTPASSWD)\s*=\s*["']?)([^\s"']{3,})/g;

/** `--password x`, `--api-key=x` on a command line. */
export const FLAG_VALUE = new RegExp(
  String.raw`(\s--?[A-Za-z0-9-]*${SECRET_WORD}[A-Za-z0-9-]*(?:\s+|=)["']?)([^\s"']{3,})`,
  'gi',
);

/**
 * Short flags that take a password in common tools: `mysql -psecret`, `mysqldump -p secret`,
 * `sshpass -p secret`, `redis-cli -a secret`, `curl -u user:secret`, `htpasswd -b file user secret`,
 * `smbclient -U user%secret`, `ldapsearch -w secret`, `openssl ... -passin pass:secret`.
 */
export const TOOL_FLAGS: RegExp[] = [
  /(\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump|mysqlimport|mysqlshow)\b[^\n|;&]*?\s-p)([^\s'"-][^\s'"]{2,}|["'][^"'\s]+["'])/g,
  /(\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump)\b[^\n|;&]*?\s-p\s+)([^\s-][^\s]{2,})(?=\s+-|\s*$)/gm,
  /(\bsshpass\s+-p\s*["']?)([^\s"']{3,})/g,
  /(\bredis-cli\b[^\n|;&]*?\s-a\s+["']?)([^\s"']{3,})/g,
  /(\b(?:curl|wget)\b[^\n|;&]*?\s(?:-u|--user)\s*["']?[^\s:"']+:)([^\s"']{3,})/g,
  /(\bhtpasswd\b[^\n|;&]*?\s-b[a-zA-Z]*\s+\S+\s+\S+\s+)(\S{3,})/g,
  /(\bsmbclient\b[^\n|;&]*?\s-U\s*["']?[^\s%"']+%)([^\s"']{3,})/g,
  /(\bldap(?:search|add|modify|delete|passwd)\b[^\n|;&]*?\s-w\s+["']?)([^\s"']{3,})/g,
  /(\s-pass(?:in|out)?\s+pass:)(\S{3,})/g,
  /(\bpsql\b[^\n]*?\bpassword=)([^\s'"]{3,})/g,
];

/** "my password is hunter2": prose, when the value looks like a secret (has a digit or symbol). */
export const PROSE_VALUE =
  /(\b(?:password|passphrase|passcode|pin|secret|token|api key|mot de passe|passwort|contraseña|senha)\s+(?:is|was|:|est|ist|es|é)\s+["']?)((?=[^\s"']*[\d\W_])[^\s"',;]{4,})/gi;
