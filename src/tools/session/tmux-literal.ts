/**
 * tmux format-expands session names, window names, pane titles and `-c` start directories
 * (`new-session -s/-n/-c`, `new-window`, `rename-*`, seen on tmux 3.3a), so `#(cmd)` would run a
 * shell command and `#{…}` would be substituted. Doubling every `#` makes tmux keep the text
 * literally: it reads back exactly as given (SPEC B18). Environment values (`-e`) are not
 * expanded by tmux and must not go through this.
 */
export function tmuxLiteral(text: string): string {
  return text.replace(/#/g, '##');
}
