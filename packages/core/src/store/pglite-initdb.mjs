// Creates an embedded database folder (PGlite's initdb) on a worker thread that ends with it.
// initdb leaves PGlite's WebAssembly memory at about 550 MiB, and WebAssembly memory never
// shrinks: run in the runtime's own thread, a first start would hold that until it stopped.
// Plain JavaScript, so Node loads it as it is, whether the runtime runs from a build or a loader.
import { workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const pglite = await PGlite.create(workerData.folder, workerData.options);
await pglite.close();
