import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildInstructions } from '../server/instructions';
import type { PreparedCli } from './cli-prepare';
import { type Preread, StdinPrereader } from './stdin-prereader';

/**
 * What the server answers to `initialize` apart from the instructions, written at build time by
 * cli/write-initialize-facts from a real server (`npm run bundle`), so it is never written by hand
 * (docs/architecture.md#cold-start).
 */
export interface InitializeFacts {
  /** The SDK's SUPPORTED_PROTOCOL_VERSIONS, its LATEST_PROTOCOL_VERSION first. */
  readonly protocolVersions: readonly string[];
  readonly latestProtocolVersion: string;
  readonly capabilities: Record<string, unknown>;
  readonly serverInfo: Record<string, unknown>;
}

/** Built by `npm run bundle`, next to the bundle. */
export const FACTS_FILE = join(__dirname, 'initialize.json');

/** An `initialize` the launcher answered itself: the request line and the reply it wrote. */
export interface EarlyInitialize {
  readonly id: string | number;
  readonly reply: string;
}

/** How the server half takes over from the launcher (cli/run-server). */
export interface Handover {
  readonly preread: () => Preread;
  readonly early: EarlyInitialize | null;
  /** Removes the launcher's SIGINT/SIGTERM handlers; the server calls it after adding its own. */
  readonly releaseSignals: () => void;
}

/** The facts, or null when the file is missing, unreadable or older than this file (a tsc run without `npm run bundle`). */
export function loadFacts(file = FACTS_FILE): InitializeFacts | null {
  try {
    if (statSync(file).mtimeMs < statSync(__filename).mtimeMs) return null;
    return JSON.parse(readFileSync(file, 'utf8')) as InitializeFacts;
  } catch {
    return null;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const onlyKeys = (o: Record<string, unknown>, keys: readonly string[]) => Object.keys(o).every((k) => keys.includes(k));

/**
 * The reply line to a first line that is a plain `initialize` request, as the SDK server would
 * write it (same members, same order), or null for anything else: other methods, `_meta`, an
 * unusual shape, a too long instructions text. Those wait for the server, which answers them
 * itself; the early answer is only ever a shortcut for the common case.
 */
export function earlyInitialize(line: string, facts: InitializeFacts, config: PreparedCli['config']): EarlyInitialize | null {
  let msg: unknown;
  try {
    msg = JSON.parse(line);
  } catch {
    return null;
  }
  if (!isObject(msg) || !onlyKeys(msg, ['jsonrpc', 'id', 'method', 'params'])) return null;
  const { id, params } = msg;
  if (msg.jsonrpc !== '2.0' || msg.method !== 'initialize') return null;
  if (!(typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)))) return null;
  if (!isObject(params) || !onlyKeys(params, ['protocolVersion', 'capabilities', 'clientInfo'])) return null;
  const { protocolVersion, capabilities, clientInfo } = params;
  if (typeof protocolVersion !== 'string' || !isObject(capabilities) || !plainCapabilities(capabilities)) return null;
  if (!isObject(clientInfo) || !onlyKeys(clientInfo, ['name', 'version', 'title'])) return null;
  if (typeof clientInfo.name !== 'string' || typeof clientInfo.version !== 'string') return null;
  if (clientInfo.title !== undefined && typeof clientInfo.title !== 'string') return null;
  let instructions: string;
  try {
    instructions = buildInstructions(config);
  } catch {
    return null; // the server fails its start with the reason
  }
  const result = {
    protocolVersion: facts.protocolVersions.includes(protocolVersion) ? protocolVersion : facts.latestProtocolVersion,
    capabilities: facts.capabilities,
    serverInfo: facts.serverInfo,
    ...(instructions && { instructions }),
  };
  return { id, reply: JSON.stringify({ result, jsonrpc: '2.0', id }) };
}

/** Client capabilities as the SDK's schema surely accepts them: each one an object of booleans and objects. */
function plainCapabilities(caps: Record<string, unknown>): boolean {
  return Object.values(caps).every((c) => isObject(c) && Object.values(c).every((v) => typeof v === 'boolean' || isObject(v)));
}

/**
 * The launcher's part of a start without plugins (docs/architecture.md#cold-start): it holds
 * stdin, answers a plain first `initialize` from the build-time facts and the configuration, and
 * only then loads the server, which takes stdin over, reads the same `initialize` again (its
 * reply is dropped, and compared) and serves the rest. Anything but a plain `initialize` first,
 * or stdin ending first, loads the server at once and leaves every byte to it.
 */
/** How long the launcher waits for a client's first line before it starts the server anyway. */
const FIRST_LINE_WAIT_MS = 100;

export function startFront(prepared: PreparedCli, facts: InitializeFacts, serve: (handover: Handover) => void): void {
  // Nothing to close yet: SIGINT/SIGTERM exit 0 as the server's own handlers would
  // (docs/reference/configuration.md#shutdown), until the server registers them.
  const exit = () => process.exit(0);
  process.on('SIGINT', exit);
  process.on('SIGTERM', exit);
  // A client that has not spoken within FIRST_LINE_WAIT_MS gets the ordinary start: the server
  // loads, runs its start-up check and says it is ready without waiting for a first message
  // (docs/architecture.md#cold-start); its bytes, if any, are handed over as they are.
  const wait = setTimeout(() => pre.giveUp(), FIRST_LINE_WAIT_MS);
  const pre: StdinPrereader = new StdinPrereader(process.stdin, (line) => {
    clearTimeout(wait);
    const early = line === null ? null : earlyInitialize(line, facts, prepared.config);
    // A pipe write is synchronous on Linux: the reply is out before the server code loads.
    if (early) process.stdout.write(early.reply + '\n');
    // setImmediate: stdout's callbacks and the next stdin chunk come first.
    setImmediate(() =>
      serve({
        preread: () => pre.take(),
        early,
        // Called once the server's own handlers are on: a signal in between is never unhandled.
        releaseSignals: () => {
          process.off('SIGINT', exit);
          process.off('SIGTERM', exit);
        },
      }),
    );
  });
}
