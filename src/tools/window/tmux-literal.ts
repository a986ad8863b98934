/**
 * Makes text survive tmux's format expansion unchanged (SPEC B18: names never run anything and
 * read back exactly as given). tmux expands formats in window names (`rename-window`) and, in
 * 3.3a, in the `-c` start directory of spawn commands: `#(cmd)` there runs a shell command
 * (reproduced). tmux 3.3a's expander (format.c) turns `##` into `#`, but copies a run of `#`
 * followed by `[` verbatim (a style sequence left for drawing), so:
 * - a run of `#` followed by `[` is passed as is (`#[x` → stored `#[x`);
 * - any other run is doubled (`#{a}` → `##{a}` → stored `#{a}`; `#(cmd)` never runs).
 */
export function tmuxLiteral(text: string): string {
  return text.replace(/#+(?!\[|#)/g, (run) => run + run);
}
