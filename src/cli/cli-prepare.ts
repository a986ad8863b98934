import { execFile } from 'node:child_process';
import { ConfigError, HELP_TEXT, parseArgs, resolveConfig, UsageError } from '../config/config.parser';
import type { ServerConfig } from '../config/server-config';
import { VERSION } from '../server/version';
import { fail } from './cli-exit';

/** What the launcher hands to the server half of the CLI. */
export interface PreparedCli {
  readonly config: ServerConfig;
  /** `tmux -V`, started early; resolves to an error text or null (never rejects). */
  readonly tmuxCheck: Promise<string | null>;
}

/** B7: the configured binary must run; a missing one is one clear line and exit 1. */
function checkTmux(bin: string): Promise<string | null> {
  return new Promise((resolve) =>
    execFile(bin, ['-V'], { timeout: 5000 }, (err) =>
      resolve(err ? `tmux binary not found or not runnable (${bin}): ${(err as NodeJS.ErrnoException).code ?? err.message}` : null),
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
  return { config, tmuxCheck: checkTmux(config.tmuxBin) };
}
