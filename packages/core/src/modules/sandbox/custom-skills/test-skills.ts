/** Custom skill folders the tests write: a manifest and the files of each. */
export interface TestSkill {
  manifest: Record<string, unknown>;
  files: Record<string, string>;
}

const noInput = { type: 'object', properties: {} };

/** A Python skill with no input: `code` is its main.py. */
export function pythonSkill(
  name: string,
  code: string,
  extra: Record<string, unknown> = {},
): TestSkill {
  return {
    manifest: {
      name,
      description: `The ${name} test skill.`,
      level: 'RESTRICTED',
      language: 'python',
      entry: 'main.py',
      input_schema: noInput,
      ...extra,
    },
    files: { 'main.py': code },
  };
}

/** Python, CONTROLLED, answers JSON with a `text` saying who and where it ran. */
export const WEATHER: TestSkill = {
  manifest: {
    name: 'weather_report',
    description: 'Tells the weather of a city.',
    level: 'CONTROLLED',
    language: 'python',
    entry: 'main.py',
    input_schema: {
      type: 'object',
      properties: { city: { type: 'string', minLength: 2, description: 'City name' } },
      required: ['city'],
    },
  },
  files: {
    'main.py': `import json, os, sys
data = json.load(sys.stdin)
print(json.dumps({"text": f"{data['city']}: sunny (uid={os.getuid()} cwd={os.getcwd()})"}))
`,
  },
};

/** JavaScript, RESTRICTED, answers plain text. */
export const WORD_COUNT: TestSkill = {
  manifest: {
    name: 'word_count',
    description: 'Counts words.',
    level: 'RESTRICTED',
    language: 'javascript',
    entry: 'count.js',
    input_schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
  files: {
    'count.js': `let input = '';
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', () => {
  const { text } = JSON.parse(input);
  console.log(\`\${text.split(/\\s+/).filter(Boolean).length} words\`);
});
`,
  },
};

/** Lists DATA_DIR and DATA_DIR/skills as the sandbox shows them (or the error it gets). */
export function peeker(dataDir: string): TestSkill {
  return pythonSkill(
    'peeker',
    `import json, os, sys
def look(folder):
    try:
        return sorted(os.listdir(folder))
    except OSError as error:
        return type(error).__name__
data = ${JSON.stringify(dataDir)}
print(json.dumps({"text": json.dumps([look(data), look(data + "/skills")])}))
`,
    { level: 'CONTROLLED' },
  );
}
