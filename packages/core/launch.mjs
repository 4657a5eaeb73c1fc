/**
 * Starts the runtime (or another entry file) from its TypeScript source:
 *
 *   node launch.mjs [entry.ts] [args...]      the entry defaults to src/main.ts
 *   node launch.mjs --build-only [entry.ts]   compiles (or finds the cached build) and exits:
 *                                             0 when the source compiles, 1 with the errors
 *
 * The source is compiled by esbuild into one cached build per entry, and Node loads the build:
 * a few files instead of some 500 modules passed one by one through a TypeScript loader hook,
 * which takes about a second off the start and a fifth off the memory held at idle. Dependencies
 * stay outside the build (each import names the file esbuild resolved, as an absolute URL), so
 * Node loads node_modules itself, and the build may live in any folder.
 *
 * A build is reused only while every file it was made from is byte for byte the same, and so are
 * the lock file, Node and this launcher: a self-improve patch to the source tree takes effect at
 * the next start, as it would without the cache. Builds go to CODE_CACHE_DIR (default
 * node_modules/.cache/agent-core beside this file), each written to a staging folder and renamed
 * into place, so concurrent starts and a kill mid-build leave nothing half written.
 *
 * Stack traces name the build's lines; `node --enable-source-maps launch.mjs` maps them back to
 * the source (the maps are written beside the build, not loaded by default: Node would then load
 * every dependency's maps too, some megabytes of memory).
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PACKAGE_DIR = path.dirname(fileURLToPath(import.meta.url));
/** Builds of an entry that are not its current one are removed once they are this old. */
const STALE_BUILD_MS = 24 * 60 * 60 * 1000;
/** Bumped when the build options change in a way the launcher's own bytes would not show. */
const BUILD_FORMAT = 1;

/** What every build depends on besides its own input files. */
function environmentHash() {
  const hash = createHash('sha256');
  hash.update(`${BUILD_FORMAT} ${process.version}\n`);
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  const lock = lockFile();
  if (lock) hash.update(readFileSync(lock));
  return hash;
}

/** The lock file that decides which dependency files the build's imports name. */
function lockFile() {
  for (let dir = PACKAGE_DIR; ; dir = path.dirname(dir)) {
    for (const name of ['package-lock.json', 'node_modules/.package-lock.json']) {
      const file = path.join(dir, name);
      if (existsSync(file)) return file;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** Digest of the environment and the inputs, `read` giving each input's bytes. */
function digestOf(environment, inputs, read) {
  const hash = environment.copy();
  for (const input of inputs) {
    hash.update(`${input}\n`);
    hash.update(read(input));
  }
  return hash.digest('hex').slice(0, 24);
}

const readInput = (input) => readFileSync(path.resolve(PACKAGE_DIR, input));

/** The current build of this entry if its sources are unchanged, else undefined. */
function currentBuild(entryDir, environment) {
  try {
    const manifest = JSON.parse(readFileSync(path.join(entryDir, 'current.json'), 'utf8'));
    if (digestOf(environment, manifest.inputs, readInput) !== manifest.digest) return undefined;
    const file = path.join(entryDir, manifest.digest, manifest.output);
    return existsSync(file) ? file : undefined;
  } catch {
    return undefined; // no build yet, or one of its inputs is gone
  }
}

/**
 * Marks every dependency external under the absolute file Node would load for it; gives each
 * source file its own import.meta locations (the code finds files next to it through them); and
 * keeps the bytes of every source it compiled, so the build's digest is of what was compiled,
 * even if a file changes while the build runs.
 */
function sourcePlugin(compiled) {
  return {
    name: 'agent-core-source',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData?.resolving || args.path.startsWith('node:')) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: { resolving: true },
        });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        if (resolved.external) return undefined; // a Node builtin
        return { path: pathToFileURL(resolved.path).href, external: true };
      });
      build.onLoad({ filter: /\.([cm]?ts|json)$/ }, (args) => {
        const bytes = readFileSync(args.path);
        compiled.set(path.relative(PACKAGE_DIR, args.path), bytes);
        if (args.path.endsWith('.json')) return { contents: bytes, loader: 'json' };
        const contents = bytes
          .toString('utf8')
          .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
          .replaceAll('import.meta.filename', JSON.stringify(args.path))
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
        return { contents, loader: 'ts' };
      });
    },
  };
}

async function build(entry, entryDir, environment) {
  const esbuild = await import('esbuild');
  mkdirSync(entryDir, { recursive: true });
  const staging = path.join(entryDir, `.staging-${process.pid}-${Date.now()}`);
  const compiled = new Map();
  const result = await esbuild
    .build({
      absWorkingDir: PACKAGE_DIR,
      entryPoints: [entry],
      outdir: staging,
      bundle: true,
      splitting: true, // what the code imports lazily (connectors) stays out of the first load
      format: 'esm',
      platform: 'node',
      target: `node${process.versions.node}`,
      // Node's own resolution: no "module" condition, no "module" main field.
      conditions: [],
      mainFields: ['main'],
      // The compiler options that change emitted code, fixed here rather than read from a
      // tsconfig the production image does not carry.
      tsconfigRaw: {
        compilerOptions: { verbatimModuleSyntax: true, useDefineForClassFields: true },
      },
      // No keepNames: it wraps every named function, closures made per request included, in a
      // call that redefines its `name`, which costs time and gives each one a property table
      // (about 3.5 KB per open chat stream). Names stay as written, except that a top-level name
      // two modules share gets a numeric suffix in the bundle (seen in a log's error `type`).
      keepNames: false,
      sourcemap: 'linked',
      metafile: true,
      logLevel: 'silent',
      plugins: [sourcePlugin(compiled)],
    })
    .catch((error) => {
      rmSync(staging, { recursive: true, force: true });
      throw error;
    });
  const inputs = Object.keys(result.metafile.inputs)
    .filter((input) => !input.startsWith('file:'))
    .sort();
  const digest = digestOf(environment, inputs, (input) => compiled.get(input) ?? readInput(input));
  const output = `${path.basename(entry).replace(/\.[cm]?ts$/, '')}.js`;
  const target = path.join(entryDir, digest);
  if (existsSync(target)) rmSync(staging, { recursive: true, force: true });
  else {
    try {
      renameSync(staging, target);
    } catch {
      rmSync(staging, { recursive: true, force: true }); // another start put the same build there
    }
  }
  const manifest = path.join(entryDir, `.current-${process.pid}.json`);
  writeFileSync(manifest, JSON.stringify({ digest, output, inputs }));
  renameSync(manifest, path.join(entryDir, 'current.json'));
  removeStaleBuilds(entryDir, digest);
  return path.join(target, output);
}

function removeStaleBuilds(entryDir, keep) {
  const now = Date.now();
  for (const entry of readdirSync(entryDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === keep) continue;
    const dir = path.join(entryDir, entry.name);
    try {
      // A process started from an older build may still import its lazy chunks: kept a day.
      if (now - statSync(dir).mtimeMs > STALE_BUILD_MS) rmSync(dir, { recursive: true });
    } catch {
      // removed by another start meanwhile
    }
  }
}

/** The build of `entry` (a path) to load: the cached one if its sources are unchanged. */
async function prepare(entry) {
  const relative = path.relative(PACKAGE_DIR, path.resolve(entry));
  const name = path.basename(relative).replace(/\.[cm]?ts$/, '');
  const key = createHash('sha256').update(relative).digest('hex').slice(0, 8);
  const entryDir = path.join(cacheDir(), `${name}-${key}`);
  const environment = environmentHash();
  return currentBuild(entryDir, environment) ?? (await build(relative, entryDir, environment));
}

function cacheDir() {
  return process.env.CODE_CACHE_DIR
    ? path.resolve(process.env.CODE_CACHE_DIR)
    : path.join(PACKAGE_DIR, 'node_modules/.cache/agent-core');
}

async function launch() {
  const buildOnly = process.argv[2] === '--build-only';
  const [entry = path.join(PACKAGE_DIR, 'src/main.ts'), ...args] = process.argv.slice(
    buildOnly ? 3 : 2,
  );
  const source = path.resolve(entry);
  let file;
  try {
    file = await prepare(source);
  } catch (error) {
    const problems = error?.errors?.map((e) =>
      e.location ? `${e.location.file}:${e.location.line}:${e.location.column}: ${e.text}` : e.text,
    );
    process.stderr.write(
      `Failed to compile ${entry}:\n${problems?.join('\n') ?? (error?.message || String(error))}\n`,
    );
    process.exit(1);
  }
  if (buildOnly) return;
  // The entry sees the arguments as if Node had run it directly.
  process.argv = [process.argv[0], source, ...args];
  await import(pathToFileURL(file).href);
}

/** Run as a program (a symlink to it counts), not imported. */
function isMain() {
  try {
    return realpathSync(process.argv[1] ?? '') === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) await launch();
