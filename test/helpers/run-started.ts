/**
 * Whether the servers under test follow runs in band (the control engine sees the pane's output):
 * then a run holds no `wait-for` child and borrows no pipe (docs/reference/engine.md#in-band-run-end).
 */
export const followsInBand = process.env.TMUX_MCP_ENGINE !== 'exec';

/** A run's command started in the pane (`show-options -p` of it): the claim set its begin mark. */
export const runStarted = (paneOptions: string): boolean => /^@b_[0-9a-f]{10} /m.test(paneOptions);
