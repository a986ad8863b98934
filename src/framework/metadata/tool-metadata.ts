import { sharedWeakMap } from './global-store';
import type { Class } from '../types';

/** Safety tiers, lowest first (docs/reference/safety.md#tiers). */
export type Tier = 'readonly' | 'mutating' | 'destructive';
export const TIERS: readonly Tier[] = ['readonly', 'mutating', 'destructive'];
export const tierRank = (t: Tier): number => TIERS.indexOf(t);

/** Tags a tool may carry besides its tier. */
export const TAGS = {
  /** The tool bounds its own wait: never retried, never batched (docs/reference/tools.md#batch-wrappers). */
  SELF_BOUNDED: 'self-bounded',
} as const;

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** What `@Tool(tier, options)` accepts: MCP annotations plus framework flags. */
export interface ToolOptions extends ToolAnnotations {
  /** Extra tags, e.g. `TAGS.SELF_BOUNDED` (never retried, never batched). Not the tier: that is the spec's `tier` (the first argument of the statics form). */
  tags?: string[];
  /** Advertise `_meta["anthropic/alwaysLoad"]: true`. */
  alwaysLoad?: boolean;
  /**
   * Subject to the 1 MB tail-preserving backstop (docs/reference/protocol.md#response-cap): `true`
   * for a string result, else the model's bulky `field` to tail-truncate and the flags to update
   * when it is cut: `truncatedFlag` (bool), `countFlag` (items dropped), `bytesFlag` (bytes dropped
   * from a list of lines, each counted with its joining newline).
   */
  responseLimit?: true | { field: string; truncatedFlag?: string; countFlag?: string; bytesFlag?: string };
  /** The tool is registered only on servers with this feature on (docs/reference/protocol.md#features). */
  feature?: string;
}

/** Output declaration: a model class, `[Model]` for a list, or `String` for text. */
export type OutputDecl = Class | [Class] | StringConstructor;

export interface ToolMetadata {
  readonly name: string;
  readonly description: string;
  /** The one place the tier lives (read it here; `advertisedTags` adds it to the list clients see). */
  readonly tier: Tier;
  readonly annotations: Required<Omit<ToolAnnotations, 'title'>> & { title: string };
  /** Extra tags, sorted (the tier is not among them). */
  readonly tags: readonly string[];
  readonly alwaysLoad: boolean;
  readonly responseLimit?: ToolOptions['responseLimit'];
  readonly feature?: string;
  readonly input: Class;
  readonly output: OutputDecl;
}

const TOOLS = sharedWeakMap<ToolMetadata>('tool');
const ERROR_MAPPERS = sharedWeakMap<Class[]>('errorMappers');
const INTERCEPTORS = sharedWeakMap<Class[]>('toolInterceptors');

export const setToolMetadata = (cls: Class, m: ToolMetadata): void => void TOOLS.set(cls, m);
export const getToolMetadata = (cls: Class): ToolMetadata | undefined => TOOLS.get(cls);
export const setErrorMappers = (cls: Class, m: Class[]): void => void ERROR_MAPPERS.set(cls, m);
export const getErrorMappers = (cls: Class): Class[] => ERROR_MAPPERS.get(cls) ?? [];
export const setToolInterceptors = (cls: Class, m: Class[]): void => void INTERCEPTORS.set(cls, m);
export const getToolInterceptors = (cls: Class): Class[] => INTERCEPTORS.get(cls) ?? [];

/** The tags advertised in `_meta["tmux-mcp/tags"]`: the tier plus the extra tags, sorted. */
export const advertisedTags = (m: ToolMetadata): string[] => [m.tier, ...m.tags].sort();

/** Whether a tool bounds its own wait (never retried, never batched). */
export const isSelfBounded = (m: ToolMetadata): boolean => m.tags.includes(TAGS.SELF_BOUNDED);
