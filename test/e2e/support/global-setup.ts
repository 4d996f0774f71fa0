import { spawn } from 'node:child_process';
import { definitionFile, KITOKEN_IDS } from '../../../scripts/build/vocabularies';

/** `npx wxt build <args>`, its output shown; rejects when it fails. */
function build(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['wxt', 'build', ...args], { stdio: 'inherit', env });
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`wxt build ${args.join(' ')} exited with ${code}`))));
  });
}

/**
 * Browser tests run against the built extension: build both targets once per run, as the stores
 * get them, side by side (each build is mostly one process on one core). NODE_ENV is set because
 * vitest sets it to `test`, which Vite would take over into the build (Preact's devtools hooks
 * included, which would make the popup chunk larger than the stores' build and its size checks wrong).
 *
 * The vocabularies are converted first, here, once: on a fresh clone their cache is empty, and each
 * build would otherwise convert all of them itself, both at once (seconds of CPU per vocabulary).
 */
export default async function setup() {
  if (process.env.SKIP_BUILD === '1') return;
  for (const id of KITOKEN_IDS) definitionFile(id);
  const env = { ...process.env, NODE_ENV: 'production' };
  await Promise.all([build([], env), build(['-b', 'firefox'], env)]);
}
