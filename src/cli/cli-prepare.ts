import { ConfigError, HELP_TEXT, parseArgs, resolveConfig, UsageError } from '../config/config.parser';
import type { ServerConfig } from '../config/server-config';
import { checkToolsets, locateExecutable, tmuxVersion, whyNotRun } from '../server/preflight';
import { NODE_ENGINES, VERSION } from '../server/version';
import { fail, setCheckMode } from './cli-exit';
import { nodeEnginesWarning } from './node-engines';

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
    checkToolsets(config);
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
