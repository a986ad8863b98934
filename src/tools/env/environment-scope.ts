import type { TargetResolver } from '../../services/target-resolver.service';
import type { TmuxEngine } from '../../tmux/tmux-engine';

/**
 * `-g` (the global environment) when no session is named, else `-t $id` of the session resolved in
 * our code (docs/reference/tools.md#show_environment, docs/reference/tools.md#explicit-targets):
 * never the session-name string itself.
 */
export async function environmentFlags(
  engine: TmuxEngine,
  targets: TargetResolver,
  a: { session_name: string | null; session_id: string | null },
): Promise<string[]> {
  if (a.session_name == null && a.session_id == null) return ['-g'];
  return ['-t', (await targets.session(engine, a)).session_id];
}

/**
 * Parses `show-environment`: `NAME=value` → string, `-NAME` (removed from spawned processes)
 * → true. tmux prints values raw, so a line that is neither continues the previous value.
 */
export function parseEnvironment(lines: readonly string[]): Record<string, string | boolean> {
  // A null-prototype object: a variable named `__proto__` stays an ordinary key.
  const vars = Object.create(null) as Record<string, string | boolean>;
  let last: string | null = null;
  for (const line of lines) {
    const eq = line.indexOf('=');
    if (eq > 0) {
      last = line.slice(0, eq);
      vars[last] = line.slice(eq + 1);
    } else if (line.startsWith('-') && line.length > 1) {
      vars[line.slice(1)] = true;
      last = null;
    } else if (last !== null && typeof vars[last] === 'string') {
      vars[last] = `${vars[last] as string}\n${line}`;
    }
  }
  return vars;
}
