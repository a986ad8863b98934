import { ProcessRunner } from '../../src/tmux/process-runner';

/** One runner for tests that build engines by hand (local tmux, the default command deadline). */
export const testRunner = new ProcessRunner({ commandTimeoutMs: 30_000 });
