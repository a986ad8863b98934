import { ExpectedToolError } from '../../../framework/errors/tool-errors';

export const JOBS_REFUSED = 'tmux format jobs (#(...)) are not allowed in display_message';
export const REEXPAND_REFUSED =
  'tmux format modifiers E: and T: are not allowed in display_message (they expand a value as a format again, which can run #(...) jobs)';

/**
 * The modifier list of every `#{…}` (overlapping, so nested formats are seen too): the text
 * between `#{` and the first `:` when no `}` comes first. Modifiers are `;`-separated.
 */
const MODIFIERS = /#\{(?=([^:}]*):)/g;

/**
 * display_message must never run a shell (docs/reference/tools.md#display_message): `#(` runs one
 * directly, and `E:` / `T:` expand a value as a format again, so an option holding `#(…)` would
 * run. Conservative on purpose: anything that looks like one is refused, even where tmux would read
 * it otherwise.
 */
export function assertSafeFormat(format: string): void {
  if (format.includes('#(')) throw new ExpectedToolError(JOBS_REFUSED);
  // An escaped `#}` inside a modifier argument (`#{s/#}/x/;E:@opt}`) hides the real modifier list
  // from a parser of ours, so any `E:`/`T:` after a `#{` is refused, wherever it stands.
  const at = format.indexOf('#{');
  if (at >= 0 && /(^|[^A-Za-z])[ET]:/.test(format.slice(at))) throw new ExpectedToolError(REEXPAND_REFUSED);
  for (const m of format.matchAll(MODIFIERS)) {
    if (m[1].split(';').some((mod) => /^[ET]$/.test(mod.trim()))) throw new ExpectedToolError(REEXPAND_REFUSED);
  }
}
