import type { Token } from './pipeline/call-context';

/** The root DependencyContainer itself, for services that resolve classes named in metadata. */
export const CONTAINER = Symbol.for('tmux-mcp:container') as Token<unknown>;
