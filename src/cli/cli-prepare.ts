import { execFile } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { ConfigError, HELP_TEXT, parseArgs, resolveConfig, UsageError } from '../config/config.parser';
import type { ServerConfig } from '../config/server-config';
import { VERSION } from '../server/version';
import { fail } from './cli-exit';

/** What the launcher hands to the server half of the CLI. */
export interface PreparedCli {
  readonly config: ServerConfig;
  /** Runs `tmux -V`; resolves to an error text or null (never rejects). */
  readonly tmuxCheck: () => Promise<string | null>;
}

const tmuxError = (bin: string, why: string) => `tmux binary not found or not runnable (${bin}): ${why}`;

/** Whether `bin` names an executable file, as exec would find it (a path, or a name on PATH). */
function findExecutable(bin: string, path: string | undefined): boolean {
  const candidates = bin.includes('/') ? [bin] : (path ?? '').split(delimiter).map((d) => join(d || '.', bin));
  return candidates.some((file) => {
    try {
      accessSync(isAbsolute(file) || file.startsWith('.') ? file : `./${file}`, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  });
}

/**
 * The configured binary must run (docs/reference/configuration.md#start-up). Whether it exists is
 * checked here, synchronously and without a process; whether it runs is `tmux -V`, which the
 * server half runs once it is connected: spawning a child blocks the main thread for ~4 ms (the
 * fork), which the first reply does not need to wait for (cold start, bench 5).
 */
function checkTmux(bin: string): () => Promise<string | null> {
  return () =>
    new Promise((resolve) =>
      execFile(bin, ['-V'], { timeout: 5000 }, (err) =>
        resolve(err ? tmuxError(bin, (err as NodeJS.ErrnoException).code ?? err.message) : null),
      ),
    );
}

/**
 * The light half of the CLI: flags and environment to config, `--help`/`--version`, and the
 * tmux check. It loads nothing of the server (no SDK, no tools), so those answers are instant,
 * and `tmux -V` runs while the launcher loads the server code (cold start, bench 5).
 * Returns null when the process has nothing more to do.
 */
export function prepareCli(argv: readonly string[], env: NodeJS.ProcessEnv): PreparedCli | null {
  let args;
  try {
    args = parseArgs(argv);
  } catch (err) {
    fail(`${(err as Error).message} (see --help)`, 2);
  }
  if (args.help) {
    process.stdout.write(HELP_TEXT);
    return null;
  }
  if (args.version) {
    process.stdout.write(`tmux-mcp ${VERSION}\n`);
    return null;
  }
  let config: ServerConfig;
  try {
    config = resolveConfig(args, env);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof UsageError) fail(err.message, 1);
    throw err;
  }
  if (!findExecutable(config.tmuxBin, env.PATH)) fail(tmuxError(config.tmuxBin, 'ENOENT'), 1);
  return { config, tmuxCheck: checkTmux(config.tmuxBin) };
}
