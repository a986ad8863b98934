import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { GetPromptRequestSchema, ListPromptsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'winston';
import { safeKey, safeText } from '../validation/safe-repr';
import { INTERNAL_ERROR, INVALID_PARAMS, JsonRpcError } from './json-rpc-error';
import type { CompletionContext } from './resources.handlers';

export interface PromptArgumentDef {
  readonly name: string;
  readonly description?: string;
  readonly required: boolean;
}

export interface PromptMessage {
  role: 'user' | 'assistant';
  content: { type: 'text'; text: string };
}

/**
 * A prompt, registered under the PROMPTS multi-token. The framework checks argument names and
 * presence; the provider renders (and may reject a malformed value with PromptArgumentError).
 */
export interface PromptProvider {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly arguments: readonly PromptArgumentDef[];
  /** Renders the prompt: a text becomes one user message. Arguments are present-or-absent strings. */
  render(args: Readonly<Record<string, string>>): string | PromptMessage[] | Promise<string | PromptMessage[]>;
  /** Candidate values of one argument (the framework prefix-filters and caps them). */
  complete?(argument: string, value: string, context: CompletionContext): Promise<string[]>;
}

/**
 * A bad prompt request (unknown prompt, missing/unknown/invalid argument): -32602 over prompts/get
 * (docs/reference/resources-and-prompts.md#prompt-errors).
 */
export class PromptArgumentError extends Error {
  /**
   * Checked instead of `instanceof`, so a plugin's own copy of the framework is recognized
   * (docs/reference/configuration.md#what-a-plugin-receives).
   */
  readonly promptArgumentError = true;
  constructor(message: string) {
    super(message);
    this.name = 'PromptArgumentError';
  }
}

export function isPromptArgumentError(err: unknown): err is PromptArgumentError {
  return err instanceof Error && (err as Partial<PromptArgumentError>).promptArgumentError === true;
}

/** The `prompts/list` entry of a prompt (also the `list_prompts` tool's row, docs/reference/tools.md#promptlistresult). */
export interface PromptListEntry {
  name: string;
  title: string | null;
  description: string;
  arguments: { name: string; description: string | null; required: boolean }[];
}

/**
 * The prompts, shared by the protocol handlers and the prompts-as-tools tools
 * (docs/reference/resources-and-prompts.md#prompts-as-tools).
 */
export class PromptCatalog {
  constructor(private readonly providers: readonly PromptProvider[]) {}

  find(name: string): PromptProvider | undefined {
    return this.providers.find((p) => p.name === name);
  }

  list(): PromptListEntry[] {
    return this.providers.map((p) => ({
      name: p.name,
      title: p.title ?? null,
      description: p.description,
      arguments: p.arguments.map((a) => ({ name: a.name, description: a.description ?? null, required: a.required })),
    }));
  }

  /**
   * Checks and renders. Numbers and booleans are accepted as their text (tool callers send JSON
   * values); null counts as absent. Values never appear in error texts
   * (docs/reference/resources-and-prompts.md#prompt-errors).
   */
  async get(name: string, raw: Readonly<Record<string, unknown>> | undefined): Promise<{ description: string; messages: PromptMessage[] }> {
    const p = this.find(name);
    if (!p) throw new PromptArgumentError(`Unknown prompt: '${safeText(name, 64)}'`);
    const known = new Set(p.arguments.map((a) => a.name));
    const args = Object.create(null) as Record<string, string>;
    const unknown: string[] = [];
    const badType: string[] = [];
    for (const [k, v] of Object.entries(raw ?? {})) {
      if (!known.has(k)) unknown.push(safeKey(k));
      else if (typeof v === 'string') args[k] = v;
      else if (typeof v === 'number' || typeof v === 'boolean') args[k] = String(v);
      else if (v !== null && v !== undefined) badType.push(k);
    }
    if (unknown.length) throw new PromptArgumentError(`Unknown argument(s) for prompt '${p.name}': ${unknown.join(', ')}`);
    if (badType.length) throw new PromptArgumentError(`Prompt argument(s) must be strings: ${badType.join(', ')}`);
    const missing = p.arguments.filter((a) => a.required && !(a.name in args)).map((a) => a.name);
    if (missing.length) throw new PromptArgumentError(`Missing required argument(s) for prompt '${p.name}': ${missing.join(', ')}`);
    const out = await p.render(args);
    const messages = typeof out === 'string' ? [{ role: 'user' as const, content: { type: 'text' as const, text: out } }] : out;
    return { description: p.description, messages };
  }
}

/** Installs `prompts/list` and `prompts/get` (errors: -32602 for bad requests, docs/reference/resources-and-prompts.md#prompt-errors). */
export function promptsExtension(catalog: PromptCatalog, logger: Logger) {
  return (server: Server): Record<string, unknown> => {
    const caps = { prompts: { listChanged: false } };
    server.registerCapabilities(caps); // before the handlers: the SDK checks the capability on registration
    server.setRequestHandler(ListPromptsRequestSchema, async () => ({
      prompts: catalog.list().map((p) => ({
        name: p.name,
        ...(p.title ? { title: p.title } : {}),
        description: p.description,
        arguments: p.arguments.map((a) => ({
          name: a.name,
          ...(a.description ? { description: a.description } : {}),
          required: a.required,
        })),
      })),
    }));
    server.setRequestHandler(GetPromptRequestSchema, async (request) => {
      try {
        return await catalog.get(request.params.name, request.params.arguments);
      } catch (err) {
        if (isPromptArgumentError(err)) throw new JsonRpcError(INVALID_PARAMS, err.message);
        const msg = err instanceof Error ? err.message : String(err);
        logger.error(`Error in prompts/get: ${msg}`);
        throw new JsonRpcError(INTERNAL_ERROR, `Internal error: ${msg}`);
      }
    });
    return caps;
  };
}
