import path from 'node:path';
import { z } from 'zod';
import { durationText, field } from './field.js';

/** The runtime's own source tree (src/), which self-improve patches; /app/src in the container. */
export const DEFAULT_APP_SRC_DIR = path.resolve(import.meta.dirname, '..');

/** Shell and Python sandboxing, and the source tree self-improve may change. */
export const governanceConfig = {
  shellUid: field('SHELL_UID', z.coerce.number().int().min(1).max(2_147_483_647), {
    default: '1000',
    doc: 'User id the shell and python_exec skills run as (privileges are dropped when the runtime is root).',
  }),
  shellDefaultTimeoutMs: field('SHELL_TIMEOUT', durationText(1_000, 120_000), {
    default: '60s',
    doc: 'Time limit of a shell or python_exec call that names none (at most 120s).',
  }),
  shellOutputCap: field('SHELL_OUTPUT_CAP', z.coerce.number().int().min(500).max(100_000), {
    default: '8000',
    doc: 'Characters of shell or python_exec output kept; the rest is cut with a marker.',
  }),
  sandbox: field('SANDBOX', z.enum(['auto', 'bubblewrap', 'none']), {
    default: 'auto',
    doc: 'Isolation of shell, python_exec and custom skills: bubblewrap when it works (auto), required, or none.',
  }),
  pythonBin: field('PYTHON_BIN', z.string().min(1), {
    default: 'python3',
    doc: 'Python interpreter of python_exec, custom Python skills and Python syntax checks.',
  }),
  appSrcDir: field('APP_SRC_DIR', z.string().min(1).optional(), {
    doc: "Source tree self-improve may read and patch; unset: the runtime's own source folder.",
  }),
};
