import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { ConfigError, HELP_TEXT, parseArgs, resolveConfig, UsageError } from '../config/config.parser';
import type { ServerConfig } from '../config/server-config';
import { NODE_ENGINES, VERSION } from '../server/version';
import { ProcessRunner } from '../tmux/process-runner';
import { TmuxCommandNotFound } from '../tmux/tmux-errors';
import { checkToolsetNames } from '../tools/toolset-names';
import { fail, setCheckMode } from './cli-exit';
import { nodeEnginesWarning } from './node-engines';

/**
 * The installation directory of this package (where its package.json is): the base of relative
 * plugin paths (docs/reference/configuration.md#plugin-specifiers). This file is dist/cli/.
 */
export const PACKAGE_ROOT = resolve(__dirname, '..', '..');

/** What the launcher hands to the server half of the CLI. */
export interface PreparedCli {
  readonly config: ServerConfig;
  /** `--check`: report instead of serving (docs/reference/configuration.md#check). */
  readonly check: boolean;
  /** Runs `tmux -V`; resolves to an error text or null (never rejects). */
  readonly tmuxCheck: () => Promise<string | null>;
}

/** Where a setting came from, for messages: `TMUX_MCP_TMUX_BIN`, `--tmux-bin`, or the default. */
const from = (config: ServerConfig, key: string): string => {
  const s = config.sources?.[key] ?? 'default';
  return s === 'default' ? 'the default' : s;
};

/** Start-up texts for a tmux binary that is missing or does not run (docs/reference/configuration.md#start-up-failures). */
export function tmuxError(config: ServerConfig, why: string): string {
  if (why === 'ENOENT')
    return `tmux binary not found: ${config.tmuxBin} (from ${from(config, 'tmuxBin')}); install tmux or set TMUX_MCP_TMUX_BIN to its full path`;
  return `tmux binary ${config.tmuxBin} (from ${from(config, 'tmuxBin')}) does not run: ${why}`;
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

/**
 * The configured binary must run (docs/reference/configuration.md#start-up). Whether it exists is
 * checked here, synchronously and without a process; whether it runs is `tmux -V`, which the
 * server half runs once it is connected: spawning a child blocks the main thread for ~4 ms (the
 * fork), which the first reply does not need to wait for (cold start, bench 5).
 */
/** Why a binary did not run, in words: `ENOENT`, `killed by SIGTERM`, `exit status 1`, its stderr, or the deadline. */
export function whyNotRun(err: Error): string {
  return err instanceof TmuxCommandNotFound ? 'ENOENT' : err.message;
}

/** `tmux -V` through the one process runner (docs/reference/engine.md#processes), within the command deadline. */
export async function tmuxVersion(config: ServerConfig): Promise<{ version: string | null; error: Error | null }> {
  return new ProcessRunner({ commandTimeoutMs: config.commandTimeout * 1000 }).version({ host: null, tmuxBin: config.tmuxBin });
}

function checkTmux(config: ServerConfig): () => Promise<string | null> {
  return async () => {
    const r = await tmuxVersion(config);
    return r.error ? tmuxError(config, whyNotRun(r.error)) : null;
  };
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
  if (args.check) setCheckMode();
  let config: ServerConfig;
  try {
    config = resolveConfig(args, env);
    // An unknown toolset name fails here, before anything loads (docs/reference/configuration.md#toolsets).
    checkToolsetNames(config);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof UsageError) fail(err.message, 1);
    throw err;
  }
  // Logged once at start with the other warnings; --check lists it (docs/reference/configuration.md#start-up).
  const nodeWarning = nodeEnginesWarning(process.version, NODE_ENGINES);
  if (nodeWarning) config.warnings.push(nodeWarning);
  // --check reports a missing binary among everything else instead of stopping at it.
  if (!args.check && !locateExecutable(config.tmuxBin, env.PATH)) fail(tmuxError(config, 'ENOENT'), 1);
  return { config, check: args.check === true, tmuxCheck: checkTmux(config) };
}
