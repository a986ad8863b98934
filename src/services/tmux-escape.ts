/**
 * Quoting for the few tmux arguments that tmux itself expands before use. Arguments never pass
 * through a host shell (the engine uses argv or control-mode quoting,
 * docs/reference/engine.md#quoting-parity); these helpers only undo tmux's own expansion so a value
 * arrives literally.
 */

/**
 * Escapes a string for tmux's format expansion (`format_expand` in tmux 3.3a) so it reads back
 * literally (docs/reference/tools.md#names-and-escaping). tmux turns `##` into `#` but copies a run
 * of `#` followed by `[` (a style, `#[fg=red]`, `##[`) verbatim, so every run of `#` is doubled
 * unless a `[` follows it. Checked on tmux 3.3a: `#[x` → `#[x`, `##[y` → `##[y`, `a##b` → `a#b`.
 */
export function escapeFormat(value: string): string {
  return value.replace(/#+/g, (run, offset: number) => (value[offset + run.length] === '[' ? run : run + run));
}

/**
 * Escapes a string for format expansion followed by strftime (`format_expand_time`, used by
 * `pipe-pane` on tmux 3.3a: `%Y` becomes the year, `%%` a percent sign).
 */
export function escapeFormatTime(value: string): string {
  return escapeFormat(value).replace(/%/g, '%%');
}

/** POSIX sh single-quoting (what Python's shlex.quote produces for any non-trivial string). */
export function shellQuote(value: string): string {
  if (value !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(value)) return value;
  return `'${value.replace(/'/g, `'"'"'`)}'`;
}
