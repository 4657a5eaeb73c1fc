/**
 * Redaction corpus: secrets in the formats they are issued in (values are made up, built from a
 * seeded generator so no real credential is stored) and look-alikes that must pass untouched.
 * Shared by the redaction test and bench/redaction.bench.ts.
 */

/** Deterministic pseudo-random strings: the same corpus on every run. */
function generator(seed: number) {
  let state = seed;
  return (alphabet: string, length: number) => {
    let out = '';
    for (let i = 0; i < length; i += 1) {
      state = (state * 1103515245 + 12345) % 2147483648;
      out += alphabet[state % alphabet.length];
    }
    return out;
  };
}
const r = generator(20261125);
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';
const B64 = `${ALNUM}+/`;
const URLSAFE = `${ALNUM}_-`;
const DIGITS = '0123456789';
const an = (n: number) => r(ALNUM, n);
const hex = (n: number) => r(HEX, n);

export interface SecretSample {
  name: string;
  text: string;
  /** The part that must not survive redaction. */
  secret: string;
}

const s = (name: string, secret: string, wrap: (v: string) => string): SecretSample => ({
  name,
  secret,
  text: wrap(secret),
});

const pem = (kind: string) =>
  `-----BEGIN ${kind}PRIVATE KEY-----\n${r(B64, 64)}\n${r(B64, 64)}\n${r(B64, 20)}=\n-----END ${kind}PRIVATE KEY-----`;
const jwt = () => `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ${r(URLSAFE, 40)}.${r(URLSAFE, 43)}`;
const pw = () => `${r(LOWER, 6)}${r(DIGITS, 3)}${r(ALNUM, 4)}`;

export const SECRETS: SecretSample[] = [
  // AI vendors
  s(
    'OpenAI project key',
    `sk-proj-${r(URLSAFE, 74)}T3BlbkFJ${r(URLSAFE, 74)}`,
    (v) => `OPENAI_API_KEY=${v}`,
  ),
  s('OpenAI legacy key', `sk-${an(20)}T3BlbkFJ${an(20)}`, (v) => `client = OpenAI(api_key="${v}")`),
  s('Anthropic key', `sk-ant-api03-${r(URLSAFE, 93)}AA`, (v) => `export ANTHROPIC_API_KEY=${v}`),
  s('Groq key', `gsk_${an(52)}`, (v) => `groq key: ${v}`),
  s(
    'Hugging Face token',
    `hf_${r('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', 34)}`,
    (v) => `huggingface-cli login --token ${v}`,
  ),
  // Code hosting and registries
  s(
    'GitHub classic token',
    `ghp_${an(36)}`,
    (v) => `git clone https://${v}@github.com/acme/app.git`,
  ),
  s('GitHub OAuth token', `gho_${an(36)}`, (v) => `token ${v} expires soon`),
  s('GitHub app token', `ghs_${an(36)}`, (v) => `installation token: ${v}`),
  s(
    'GitHub fine-grained token',
    `github_pat_${an(22)}_${an(59)}`,
    (v) => `GH_TOKEN=${v} gh pr list`,
  ),
  s('GitLab token', `glpat-${r(URLSAFE, 20)}`, (v) => `PRIVATE-TOKEN: ${v}`),
  s('GitLab runner token', `glrt-${r(URLSAFE, 24)}`, (v) => `gitlab-runner register --token ${v}`),
  s('npm token', `npm_${an(36)}`, (v) => `//registry.npmjs.org/:_authToken=${v}`),
  s('PyPI token', `pypi-AgEIcHlwaS5vcmc${r(URLSAFE, 60)}`, (v) => `twine upload -p ${v} dist/*`),
  s(
    'Docker PAT',
    `dckr_pat_${r(URLSAFE, 27)}`,
    (v) => `echo ${v} | docker login -u ci --password-stdin`,
  ),
  // Chat and messaging
  s(
    'Slack bot token',
    `xoxb-${r(DIGITS, 12)}-${r(DIGITS, 13)}-${an(24)}`,
    (v) => `SLACK_BOT_TOKEN=${v}`,
  ),
  s(
    'Slack user token',
    `xoxp-${r(DIGITS, 12)}-${r(DIGITS, 12)}-${r(DIGITS, 13)}-${hex(32)}`,
    (v) => `slack user ${v}`,
  ),
  s(
    'Slack app token',
    `xapp-1-A${r(UPPER, 10)}-${r(DIGITS, 13)}-${hex(64)}`,
    (v) => `socket mode with ${v}`,
  ),
  s(
    'Slack webhook',
    `T${r(UPPER, 8)}/B${r(UPPER, 10)}/${an(24)}`,
    (v) => `curl -X POST https://hooks.slack.com/services/${v} -d '{}'`,
  ),
  s(
    'Discord webhook',
    `${r(DIGITS, 18)}/${r(URLSAFE, 68)}`,
    (v) => `webhook: https://discord.com/api/webhooks/${v}`,
  ),
  s(
    'Teams webhook',
    `${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}@${hex(8)}/IncomingWebhook/${hex(32)}/${hex(8)}`,
    (v) => `https://acme.webhook.office.com/webhookb2/${v}`,
  ),
  s(
    'Telegram bot token',
    `${r(DIGITS, 10)}:AA${r(URLSAFE, 33)}`,
    (v) => `https://api.telegram.org/bot${v}/getMe`,
  ),
  s(
    'Discord bot token',
    `M${r(URLSAFE, 25)}.${r(URLSAFE, 6)}.${r(URLSAFE, 38)}`,
    (v) => `DISCORD_TOKEN=${v}`,
  ),
  // Cloud providers
  s(
    'AWS access key id',
    `AKIA${r(UPPER.replace(/[0-1]/g, ''), 16)}`,
    (v) => `aws_access_key_id = ${v}`,
  ),
  s('AWS secret key', r(B64, 40), (v) => `aws_secret_access_key = ${v}`),
  s('AWS session token', `IQoJb3JpZ2luX2Vj${r(B64, 120)}`, (v) => `AWS_SESSION_TOKEN=${v}`),
  s(
    'S3 presigned signature',
    hex(64),
    (v) =>
      `https://b.s3.amazonaws.com/k.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20261125T000000Z&X-Amz-Expires=900&X-Amz-Signature=${v}`,
  ),
  s(
    'GCS signed URL',
    hex(256),
    (v) =>
      `https://storage.googleapis.com/b/o?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Signature=${v}`,
  ),
  s(
    'Azure SAS',
    `${r(B64, 43)}%3D`,
    (v) => `https://acct.blob.core.windows.net/c/f.txt?sv=2022-11-02&se=2026-12-01&sp=r&sig=${v}`,
  ),
  s(
    'Azure storage key',
    `${r(B64, 86)}==`,
    (v) =>
      `DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=${v};EndpointSuffix=core.windows.net`,
  ),
  s(
    'Azure Service Bus key',
    `${r(B64, 43)}=`,
    (v) => `Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=Root;SharedAccessKey=${v}`,
  ),
  s(
    'Azure client secret',
    `${r(URLSAFE, 3)}8Q~${r(URLSAFE, 34)}`,
    (v) => `AZURE_CLIENT_SECRET=${v}`,
  ),
  s(
    'Google API key',
    `AIza${r(URLSAFE, 35)}`,
    (v) => `https://maps.googleapis.com/maps/api/geocode/json?address=x&key=${v}`,
  ),
  s('Google OAuth client secret', `GOCSPX-${r(URLSAFE, 28)}`, (v) => `"client_secret":"${v}"`),
  s('Google OAuth access token', `ya29.${r(URLSAFE, 80)}`, (v) => `access token ${v}`),
  s(
    'GCP service account key',
    pem(''),
    (v) =>
      `{"type":"service_account","private_key_id":"${hex(40)}","private_key":"${v.replaceAll('\n', '\\n')}"}`,
  ),
  s('DigitalOcean token', `dop_v1_${hex(64)}`, (v) => `doctl auth init -t ${v}`),
  s('Databricks token', `dapi${hex(32)}`, (v) => `DATABRICKS_TOKEN=${v}`),
  s('Vercel token', `vcp_${an(24)}`, (v) => `vercel deploy --token ${v}`),
  s(
    'HashiCorp Vault token',
    `hvs.${r(URLSAFE, 95)}`,
    (v) => `VAULT_TOKEN=${v} vault kv get secret/app`,
  ),
  s('Netlify token', `nfp_${an(40)}`, (v) => `NETLIFY_AUTH_TOKEN=${v}`),
  // Payments, mail, SaaS
  s('Stripe secret key', `sk_live_${an(24)}`, (v) => `Stripe::api_key = '${v}'`),
  s('Stripe restricted key', `rk_live_${an(24)}`, (v) => `restricted ${v}`),
  s('Stripe webhook secret', `whsec_${an(32)}`, (v) => `endpoint secret is ${v}`),
  s('SendGrid key', `SG.${r(URLSAFE, 22)}.${r(URLSAFE, 43)}`, (v) => `SENDGRID_API_KEY=${v}`),
  s('Mailgun key', `key-${hex(32)}`, (v) => `curl -s --user 'api:${v}' https://api.mailgun.net/v3`),
  s('Twilio credentials', `AC${hex(32)}:${hex(32)}`, (v) => `twilio pair ${v}`),
  s('Twilio API key sid', `SK${hex(32)}`, (v) => `TWILIO_API_KEY=${v}`),
  s('Shopify token', `shpat_${hex(32)}`, (v) => `X-Shopify-Access-Token: ${v}`),
  s('Linear key', `lin_api_${an(40)}`, (v) => `linear ${v}`),
  s('Notion token', `ntn_${r(DIGITS, 11)}${an(35)}`, (v) => `NOTION_TOKEN=${v}`),
  s('Airtable token', `pat${an(14)}.${hex(64)}`, (v) => `airtable ${v}`),
  s('Atlassian token', `ATATT3xFfGF0${r(URLSAFE, 180)}`, (v) => `jira token ${v}`),
  s('Grafana service account', `glsa_${an(32)}_${hex(8)}`, (v) => `grafana ${v}`),
  s('Grafana cloud token', `glc_eyJ${r(B64, 60)}`, (v) => `GRAFANA_CLOUD=${v}`),
  s('Figma token', `figd_${r(URLSAFE, 40)}`, (v) => `figma ${v}`),
  s(
    '1Password service account',
    `ops_eyJ${r(B64, 120)}fQ==`,
    (v) => `OP_SERVICE_ACCOUNT_TOKEN=${v}`,
  ),
  s('Sentry token', `sntrys_eyJ${r(B64, 80)}`, (v) => `SENTRY_AUTH_TOKEN=${v}`),
  // Connection URLs with passwords, in their accepted forms
  s('PostgreSQL URL', pw(), (v) => `DATABASE_URL=postgres://app:${v}@db.internal:5432/app`),
  s(
    'PostgreSQL URL (postgresql)',
    pw(),
    (v) => `postgresql://admin:${v}@10.0.0.4/prod?sslmode=require`,
  ),
  s('PostgreSQL keyword string', pw(), (v) => `psql "host=db user=app password=${v} dbname=app"`),
  s('MySQL URL', pw(), (v) => `mysql://root:${v}@localhost:3306/shop`),
  s('JDBC URL', pw(), (v) => `jdbc:postgresql://db:5432/app?user=app&password=${v}`),
  s('MongoDB SRV URL', pw(), (v) => `mongodb+srv://svc:${v}@cluster0.ab1cd.mongodb.net/test`),
  s('Redis URL without user', pw(), (v) => `REDIS_URL=redis://:${v}@cache:6379/0`),
  s('Redis TLS URL', pw(), (v) => `rediss://default:${v}@cache.example.net:6380`),
  s('AMQP URL', pw(), (v) => `amqp://guest:${v}@rabbit:5672/vhost`),
  s('MQTT URL', pw(), (v) => `mqtts://device:${v}@broker.hivemq.cloud:8883`),
  s(
    'SQL Server string',
    pw(),
    (v) => `Server=tcp:sql.example.net,1433;User ID=sa;Password=${v};Encrypt=True`,
  ),
  s('FTP URL', pw(), (v) => `ftp://deploy:${v}@ftp.example.com/site`),
  s('HTTP basic URL', pw(), (v) => `https://admin:${v}@intranet.example.com/report`),
  // Passwords on command lines and in environment assignments
  s('mysql -p', pw(), (v) => `mysql -u root -p${v} shop < dump.sql`),
  s('mysqldump -p', pw(), (v) => `mysqldump -h db -uroot -p${v} --all-databases`),
  s('PGPASSWORD', pw(), (v) => `PGPASSWORD=${v} psql -h db -U app`),
  s('MYSQL_PWD', pw(), (v) => `MYSQL_PWD=${v} mysql -u root`),
  s('REDISCLI_AUTH', pw(), (v) => `REDISCLI_AUTH=${v} redis-cli ping`),
  s('redis-cli -a', pw(), (v) => `redis-cli -h cache -a ${v} info`),
  s('sshpass -p', pw(), (v) => `sshpass -p '${v}' ssh deploy@host`),
  s('curl -u', pw(), (v) => `curl -u admin:${v} https://api.example.com/v1`),
  s('--password=', pw(), (v) => `docker login --username ci --password=${v} registry.example.com`),
  s(
    '--password space',
    pw(),
    (v) => `mongo --username admin --password ${v} --authenticationDatabase admin`,
  ),
  s('htpasswd -b', pw(), (v) => `htpasswd -b /etc/nginx/.htpasswd alice ${v}`),
  s('smbclient -U', pw(), (v) => `smbclient //nas/share -U alice%${v}`),
  s(
    'ldapsearch -w',
    pw(),
    (v) => `ldapsearch -x -D cn=admin,dc=example,dc=org -w ${v} -b dc=example,dc=org`,
  ),
  s('openssl pass:', pw(), (v) => `openssl pkcs12 -export -in c.pem -out c.p12 -passout pass:${v}`),
  s('RESTIC_PASSWORD', pw(), (v) => `export RESTIC_PASSWORD=${v}`),
  s('.env password', pw(), (v) => `DB_PASSWORD="${v}"`),
  s('YAML password', pw(), (v) => `  password: ${v}`),
  s('JSON secret', an(24), (v) => `{"client_secret": "${v}", "client_id": "abc"}`),
  // Headers, cookies, tokens
  s('Bearer header', an(40), (v) => `Authorization: Bearer ${v}`),
  s(
    'Basic header',
    Buffer.from(`alice:${pw()}`).toString('base64'),
    (v) => `curl -H "Authorization: Basic ${v}" https://x`,
  ),
  s('API key header', hex(32), (v) => `X-Api-Key: ${v}`),
  s(
    'Session cookie',
    `s%3A${r(URLSAFE, 32)}.${r(B64, 43)}`,
    (v) => `Cookie: connect.sid=${v}; theme=dark`,
  ),
  s('Set-Cookie', an(48), (v) => `Set-Cookie: sessionid=${v}; Path=/; HttpOnly`),
  s('JWT', jwt(), (v) => `the id_token was ${v}`),
  s('Password in prose', pw(), (v) => `the wifi password is ${v} for guests`),
  // Private keys
  s('RSA private key', pem('RSA '), (v) => `key file:\n${v}\n`),
  s('OpenSSH private key', pem('OPENSSH '), (v) => v),
  s('EC private key', pem('EC '), (v) => `ssl_key: |\n${v}`),
  s('PKCS8 private key', pem(''), (v) => v),
  s(
    'PGP private key',
    `-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n${r(B64, 64)}\n=${r(B64, 4)}\n-----END PGP PRIVATE KEY BLOCK-----`,
    (v) => v,
  ),
];

/** Texts that look like secrets to a careless pattern and must pass untouched. */
export const LOOKALIKES: string[] = [
  `commit ${hex(40)}`,
  `git checkout ${hex(7)} && git log -1 ${hex(40)}`,
  `Merge pull request #4812 from acme/fix-${hex(7)}`,
  `request id ${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`,
  `{"id": "${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}", "status": "done"}`,
  `<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk${r(B64, 80)}">`,
  `background: url(data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7);`,
  `"integrity": "sha512-${r(B64, 86)}=="`,
  `resolved "https://registry.yarnpkg.com/lodash/-/lodash-4.17.21.tgz#${hex(40)}"`,
  `sha256:${hex(64)}  ubuntu@sha256`,
  `docker pull nginx@sha256:${hex(64)}`,
  `${hex(64)}  release-1.4.2.tar.gz`,
  `md5sum: ${hex(32)}`,
  `ETag: "${hex(32)}"`,
  'The password reset flow sends an email with a link that expires after an hour.',
  'Rotate your API keys every ninety days and never paste a token into chat.',
  'Use a password manager; the secret to good security is boring habits.',
  'The token bucket algorithm refills at a steady rate.',
  'max_tokens: 1024',
  'temperature: 0.7, top_p: 0.9',
  'author: Ada Lovelace',
  'https://example.com/search?q=weather&page=2',
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  'See https://github.com/acme/app/pull/231/files#diff-3f2a',
  'Basic instructions: preheat the oven to 200 degrees.',
  'Bearer bonds were common in the nineteenth century.',
  'export PATH=/usr/local/bin:$PATH',
  'NODE_ENV=production npm start',
  'docker run -p 8080:80 nginx',
  'mkdir -p /var/lib/app && cp -p a b',
  'ssh -p 2222 deploy@host.example.com',
  'psql -h db -U app -d shop -c "select 1"',
  'redis-cli -h cache ping',
  'curl -X POST -d @body.json https://api.example.com/v1/items',
  'The compass points north; keep the bypass road open.',
  `Version 2.14.0 (build ${hex(12)}) released 2026-11-20.`,
  'Invoice INV-2026-000481, amount 1,240.00 EUR, IBAN reference in the attachment.',
  'ISBN 978-3-16-148410-0',
  'postgres://db.internal:5432/app',
  'redis://cache:6379/0',
  'mongodb://localhost:27017/test',
  'The key to the garden is under the mat.',
  'Token ring networks were replaced by Ethernet.',
  `trace_id=${hex(32)} span_id=${hex(16)}`,
  'Authorization header must be present; see the docs for the scheme.',
];
