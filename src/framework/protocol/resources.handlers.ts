import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'winston';
import { safeText } from '../validation/safe-repr';
import { INTERNAL_ERROR, INVALID_PARAMS, JsonRpcError, RESOURCE_NOT_FOUND } from './json-rpc-error';
import { UriTemplate } from './uri-template';

/** Values of `context.arguments` in a completion request (other variables already chosen). */
export type CompletionContext = Readonly<Record<string, string>>;

/**
 * A resource template, registered under the RESOURCES multi-token. The framework matches URIs
 * (docs/reference/resources-and-prompts.md#uri-matching) and maps errors; the provider only reads.
 * Domain-free: the tmux templates implement it.
 */
export interface ResourceTemplateProvider {
  readonly name: string;
  /** RFC 6570 template with `{var}` path segments and an optional trailing `{?a,b}` query. */
  readonly uriTemplate: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType: string;
  /** Returns the body text. Throw ResourceNotFoundError for a missing object. */
  read(vars: Readonly<Record<string, string>>, uri: string): Promise<string>;
  /** Candidate values of one variable (the framework prefix-filters and caps them). */
  complete?(variable: string, value: string, context: CompletionContext): Promise<string[]>;
}

/** A missing object: JSON-RPC -32002 `Resource not found: <message>` (docs/reference/resources-and-prompts.md#resource-errors). */
export class ResourceNotFoundError extends Error {
  /**
   * Checked instead of `instanceof`, so a plugin's own copy of the framework is recognized
   * (docs/reference/configuration.md#what-a-plugin-receives).
   */
  readonly resourceNotFound = true;
  constructor(message: string) {
    super(message);
    this.name = 'ResourceNotFoundError';
  }
}

/**
 * A template variable the server refuses (an unknown `host`): JSON-RPC -32602 with the message
 * (docs/reference/resources-and-prompts.md#resource-errors).
 */
export class ResourceParamError extends Error {
  /** Checked instead of `instanceof`, as for ResourceNotFoundError. */
  readonly resourceParamError = true;
  constructor(message: string) {
    super(message);
    this.name = 'ResourceParamError';
  }
}

/** Resource templates with their compiled matchers, in registration order. */
export class ResourceCatalog {
  private readonly entries: { provider: ResourceTemplateProvider; matcher: UriTemplate }[];

  constructor(providers: readonly ResourceTemplateProvider[]) {
    this.entries = providers.map((provider) => ({ provider, matcher: new UriTemplate(provider.uriTemplate) }));
  }

  templates(): ResourceTemplateProvider[] {
    return this.entries.map((e) => e.provider);
  }

  byTemplate(uriTemplate: string): ResourceTemplateProvider | undefined {
    return this.entries.find((e) => e.provider.uriTemplate === uriTemplate)?.provider;
  }

  /** The first template matching `uri`, with its decoded variables. */
  resolve(uri: string): { provider: ResourceTemplateProvider; vars: Record<string, string> } | undefined {
    for (const e of this.entries) {
      const vars = e.matcher.match(uri);
      if (vars) return { provider: e.provider, vars };
    }
    return undefined;
  }
}

/**
 * Installs `resources/list` (always empty: every resource is a template),
 * `resources/templates/list` and `resources/read`. Errors are JSON-RPC errors without an `MCP
 * error` prefix (docs/reference/errors.md#json-rpc-errors).
 */
export function resourcesExtension(catalog: ResourceCatalog, logger: Logger) {
  return (server: Server): Record<string, unknown> => {
    const caps = { resources: { subscribe: false, listChanged: false } };
    server.registerCapabilities(caps); // before the handlers: the SDK checks the capability on registration
    server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: [] }));
    server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
      resourceTemplates: catalog.templates().map((t) => ({
        uriTemplate: t.uriTemplate,
        name: t.name,
        ...(t.title ? { title: t.title } : {}),
        ...(t.description ? { description: t.description } : {}),
        mimeType: t.mimeType,
      })),
    }));
    server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
      const uri = request.params.uri;
      const hit = catalog.resolve(uri);
      if (!hit) throw new JsonRpcError(RESOURCE_NOT_FOUND, `Resource not found: Unknown resource: '${safeText(uri)}'`);
      let text: string;
      try {
        text = await hit.provider.read(hit.vars, uri);
      } catch (err) {
        if (isResourceNotFound(err)) throw new JsonRpcError(RESOURCE_NOT_FOUND, `Resource not found: ${err.message}`);
        if (isResourceParamError(err)) throw new JsonRpcError(INVALID_PARAMS, err.message);
        const msg = err instanceof Error ? err.message : String(err);
        logger.error(`Error in resources/read (${hit.provider.name}): ${msg}`);
        throw new JsonRpcError(INTERNAL_ERROR, `Internal error: ${msg}`);
      }
      return { contents: [{ uri, mimeType: hit.provider.mimeType, text }] };
    });
    return caps;
  };
}

function isResourceParamError(err: unknown): err is ResourceParamError {
  return err instanceof Error && (err as Partial<ResourceParamError>).resourceParamError === true;
}

function isResourceNotFound(err: unknown): err is ResourceNotFoundError {
  return err instanceof Error && (err as Partial<ResourceNotFoundError>).resourceNotFound === true;
}
