import type { Token } from '../framework/pipeline/call-context';

/** A DI token shared across package copies (SPEC C33). */
export const Symbol_for = <T>(name: string): Token<T> => Symbol.for(`tmux-mcp:${name}`) as Token<T>;
