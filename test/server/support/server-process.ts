import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything printed so far (stdout, or the log file, then stderr). */
  output(): string;
  /** SIGTERM (graceful) and wait for the exit. */
  stop(): Promise<void>;
  /** SIGKILL and wait for the exit. */
  kill(): Promise<void>;
}

export interface SpawnOptions {
  nodeArgs?: string[];
  /** Send stdout (the JSON request log) to this file instead of a pipe read by this process (benchmarks). */
  logFile?: string;
  /** The script to run, from the repository root; default `src/server/main.ts`. It prints `listening on <url>` once ready. */
  script?: string;
  /** The repository to run it from (default this one): a benchmark runs another commit's service beside ours. */
  root?: string;
}

const LISTENING = /listening on (http:\/\/[^\s"]+)/;

/**
 * `src/server/main.ts` (or another server script) in its own Node process (tsx as an import hook, so
 * signals reach the server itself), with the given environment; resolves once
 * it prints the URL it listens on.
 */
export async function spawnServer(env: Record<string, string>, nodeArgsOrOptions: string[] | SpawnOptions = []): Promise<ServerProcess> {
  const options: SpawnOptions = Array.isArray(nodeArgsOrOptions) ? { nodeArgs: nodeArgsOrOptions } : nodeArgsOrOptions;
  const logFd = options.logFile ? openSync(options.logFile, 'w') : undefined;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', options.script ?? 'src/server/main.ts'], {
    cwd: options.root ?? ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', logFd ?? 'pipe', 'pipe'],
  });
  if (logFd !== undefined) closeSync(logFd);
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const output = () => (options.logFile ? readFileSync(options.logFile, 'utf8') + out : out);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    // Generous: tsx compiles the sources at start, which is slow on a busy 2-core machine.
    const timer = setTimeout(() => finish(new Error(`server did not start:\n${output()}`)), 45_000);
    const poll = setInterval(() => check(), 50);
    const check = () => {
      const m = LISTENING.exec(output());
      if (m) finish(null, m[1]);
    };
    const finish = (error: Error | null, found?: string) => {
      clearTimeout(timer);
      clearInterval(poll);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(found!);
    };
    const onExit = (code: number | null) => finish(new Error(`server exited with ${code}:\n${output()}`));
    child.once('exit', onExit);
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { url, child, output, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') };
}
