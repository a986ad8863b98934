import { sharedWeakMap } from './global-store';
import { Class } from './param-metadata';

export type Tier = 'readonly' | 'mutating' | 'destructive';
export const TIERS: readonly Tier[] = ['readonly', 'mutating', 'destructive'];
export const tierRank = (t: Tier): number => TIERS.indexOf(t);

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** What `@Tool(tier, options)` accepts: MCP annotations plus framework flags. */
export interface ToolOptions extends ToolAnnotations {
  /** Extra tags, e.g. `self-bounded` (never retried, never batched). */
  tags?: string[];
  /** Advertise `_meta["anthropic/alwaysLoad"]: true`. */
  alwaysLoad?: boolean;
  /**
   * Subject to the 1 MB tail-preserving backstop (SPEC §3 item 2): `true` for a string result,
   * else the model's bulky `field` to tail-truncate and the flags to update when it is cut
   * (SPEC C10): `truncatedFlag` (bool), `countFlag` (items dropped), `bytesFlag` (bytes dropped
   * from a list of lines, each counted with its joining newline).
   */
  responseLimit?: true | { field: string; truncatedFlag?: string; countFlag?: string; bytesFlag?: string };
}

/** Output declaration: a model class, `[Model]` for a list, or `String` for text. */
export type OutputDecl = Class | [Class] | StringConstructor;

export interface ToolMetadata {
  readonly name: string;
  readonly description: string;
  readonly tier: Tier;
  readonly annotations: Required<Omit<ToolAnnotations, 'title'>> & { title: string };
  readonly tags: string[];
  readonly alwaysLoad: boolean;
  readonly responseLimit?: ToolOptions['responseLimit'];
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
