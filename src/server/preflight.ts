import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import type { ServerConfig } from '../config/server-config';
import { ProcessRunner } from '../tmux/process-runner';
import { TmuxCommandNotFound } from '../tmux/tmux-errors';
import { checkToolsetNames } from '../tools/toolset-names';

/**
 * What the launcher checks before it loads the server (docs/reference/configuration.md#start-up),
 * and `--check` again: the toolset names, whether the tmux binary exists and whether it runs. It
 * loads nothing of the server (no SDK, no tools): the launcher stays light (docs/architecture.md#cold-start).
 */

/** An unknown toolset name is a ConfigError naming it, before anything loads (docs/reference/configuration.md#toolsets). */
export function checkToolsets(config: ServerConfig): void {
  checkToolsetNames(config);
}

/** The executable file `bin` names, as exec would find it (a path, or a name on PATH), or null. */
export function locateExecutable(bin: string, path: string | undefined): string | null {
  const candidates = bin.includes('/') ? [bin] : (path ?? '').split(delimiter).map((d) => join(d || '.', bin));
  for (const file of candidates) {
    try {
      accessSync(isAbsolute(file) || file.startsWith('.') ? file : `./${file}`, constants.X_OK);
      if (statSync(file).isFile()) return file;
    } catch {
      // next candidate
    }
  }
  return null;
}

/** Why a binary did not run, in words: `ENOENT`, `killed by SIGTERM`, `exit status 1`, its stderr, or the deadline. */
export function whyNotRun(err: Error): string {
  return err instanceof TmuxCommandNotFound ? 'ENOENT' : err.message;
}

/**
 * `tmux -V` through the one process runner (docs/reference/engine.md#processes), within the
 * command deadline. Whether the binary exists is checked at start synchronously and without a
 * process (locateExecutable); whether it runs is this, which the server half awaits once it is
 * connected: spawning a child blocks the main thread for ~4 ms (the fork), which the first reply
 * does not need to wait for (cold start, bench 5).
 */
export async function tmuxVersion(config: ServerConfig): Promise<{ version: string | null; error: Error | null }> {
  return new ProcessRunner({ commandTimeoutMs: config.commandTimeout * 1000 }).version({ host: null, tmuxBin: config.tmuxBin });
}
