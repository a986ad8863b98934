import { injectable } from 'tsyringe';
import { ExpectedToolError } from '../framework/errors/tool-errors';
import { parseObjectParam } from './filter.service';

const REQUIRED_EMPTY = ['HISTFILE', 'fish_history'];

/**
 * `environment` + `suppress_persistent_history` of the four spawn tools
 * (docs/reference/tools.md#environment-parameters,
 * docs/reference/tools.md#suppress_persistent_history): validated and merged BEFORE any tmux call,
 * returned as `-e KEY=VALUE` argv pairs. Conflicting values are never echoed.
 */
@injectable()
export class SpawnEnvService {
  /** Parses `environment` (object or JSON object string) into a string map, or undefined when empty. */
  parse(raw: unknown): Record<string, string> | undefined {
    const obj = parseObjectParam('environment', raw);
    if (!obj) return undefined;
    const out = Object.create(null) as Record<string, string>;
    for (const [k, v] of Object.entries(obj)) {
      if (typeof v !== 'string') throw new ExpectedToolError('environment keys and values must be strings');
      if (!k || k.includes('=') || k.includes('\0') || v.includes('\0'))
        throw new ExpectedToolError("environment variable names must be non-empty and contain no '='; values must not contain NUL");
      out[k] = v;
    }
    return out;
  }

  /** The merged spawn environment; throws on a conflict with suppress_persistent_history. */
  merge(raw: unknown, suppress: boolean): Record<string, string> | undefined {
    const env = this.parse(raw);
    if (!suppress) return env;
    const out = Object.assign(Object.create(null) as Record<string, string>, env ?? {});
    for (const k of REQUIRED_EMPTY) {
      if (k in out && out[k] !== '')
        throw new ExpectedToolError(
          `environment variable ${k} conflicts with suppress_persistent_history=True; omit it or set it to an empty string`,
        );
      out[k] = '';
    }
    if ('fish_private_mode' in out && out.fish_private_mode !== '1')
      throw new ExpectedToolError(
        "environment variable fish_private_mode conflicts with suppress_persistent_history=True; omit it or set it to '1'",
      );
    out.fish_private_mode = '1';
    const hc = out.HISTCONTROL ?? '';
    const parts = hc.split(':').filter(Boolean);
    if (!parts.includes('ignorespace') && !parts.includes('ignoreboth')) parts.push('ignorespace');
    out.HISTCONTROL = parts.join(':');
    return out;
  }

  /** `-e KEY=VALUE` pairs for new-session/new-window/split-window/respawn-pane. */
  argv(raw: unknown, suppress: boolean): string[] {
    const env = this.merge(raw, suppress);
    if (!env) return [];
    return Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
  }
}
