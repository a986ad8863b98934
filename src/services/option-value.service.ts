import { injectable } from 'tsyringe';
import type { TmuxEngine } from '../tmux/tmux-engine';
import { LibTmuxException, TmuxNoServer } from '../tmux/tmux-errors';

const INDEXED_KEY = /^.+\[\d+\]$/;

/** docs/reference/tools.md#show_option: digits → integer, on/off → boolean, anything else stays the string tmux printed. */
export function convertOptionValue(raw: string): number | boolean | string {
  if (/^\d+$/.test(raw)) {
    const n = Number(raw);
    // Beyond 2^53 a JSON number would silently change the value: keep the string.
    return Number.isSafeInteger(n) ? n : raw;
  }
  if (raw === 'on') return true;
  if (raw === 'off') return false;
  return raw;
}

/** The key column of a `show-options` line (the value follows the first space). */
const keyOf = (line: string) => (line.includes(' ') ? line.slice(0, line.indexOf(' ')) : line);

/**
 * Reads and writes one tmux option (docs/reference/tools.md#show_option,
 * docs/reference/tools.md#set_option). Values come from `show-options -v`, which prints them
 * unescaped; the plain listing (keys `name[3] …`, or a bare `name` for an empty array) tells array
 * options from scalars, since `-v` prints an array as one value per line.
 */
@injectable()
export class OptionValueService {
  async read(engine: TmuxEngine, flags: readonly string[], option: string): Promise<unknown> {
    let listing: string[];
    try {
      listing = await engine.run(['show-options', ...flags, '--', option]);
    } catch (err) {
      if (isUnsetUserOption(err, option)) return null;
      throw err;
    }
    if (!listing.length) return null;
    if (!option.includes('[')) {
      // An empty array option is listed as its bare name; a scalar always has a value column.
      if (listing.length === 1 && !listing[0].includes(' ')) return [];
      const keys = listing.map(keyOf);
      if (keys.every((k) => INDEXED_KEY.test(k))) return this.readArray(engine, flags, option, keys);
    }
    return convertOptionValue(await this.readRaw(engine, flags, option));
  }

  async write(engine: TmuxEngine, flags: readonly string[], option: string, value: string): Promise<void> {
    await engine.run(['set-option', ...flags, '--', option, value]);
  }

  /** Array elements in index order (docs/reference/tools.md#show_option): one `-v` read, or per index if an element spans lines. */
  private async readArray(engine: TmuxEngine, flags: readonly string[], option: string, keys: string[]): Promise<string[]> {
    const values = await engine.run(['show-options', '-v', ...flags, '--', option]);
    if (values.length === keys.length) return values;
    const out: string[] = [];
    for (const k of keys) out.push(await this.readRaw(engine, flags, k));
    return out;
  }

  /** The value exactly as tmux holds it (a multi-line value keeps its inner newlines). */
  private async readRaw(engine: TmuxEngine, flags: readonly string[], option: string): Promise<string> {
    const raw = await engine.runRaw(['show-options', '-v', ...flags, '--', option]);
    return raw.endsWith('\n') ? raw.slice(0, -1) : raw;
  }
}

/** tmux answers `invalid option: @name` for a user option that was never set: that is "unset" (docs/reference/tools.md#show_option). */
function isUnsetUserOption(err: unknown, option: string): boolean {
  return (
    option.startsWith('@') &&
    !option.includes('[') &&
    err instanceof LibTmuxException &&
    !(err instanceof TmuxNoServer) &&
    err.message === `invalid option: ${option}`
  );
}
