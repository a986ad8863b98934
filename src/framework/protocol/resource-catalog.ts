import { UriTemplate } from './uri-template';

/** Values of `context.arguments` in a completion request (other variables already chosen). */
export type CompletionContext = Readonly<Record<string, string>>;

/**
 * A resource, registered under the RESOURCES multi-token: a template (`uriTemplate`) or a static
 * resource with a fixed `uri` (docs/reference/resources-and-prompts.md#static-resources), exactly
 * one of the two. The framework matches URIs (docs/reference/resources-and-prompts.md#uri-matching),
 * maps errors and keeps the subscriptions (docs/reference/resources-and-prompts.md#subscriptions);
 * the provider only reads and, if it can, watches. Domain-free: the tmux templates implement it.
 */
export interface ResourceTemplateProvider {
  readonly name: string;
  /** RFC 6570 template with `{var}` path segments and an optional trailing `{?a,b}` query. */
  readonly uriTemplate?: string;
  /**
   * A fixed URI instead of a template: a static resource, listed by `resources/list` and matched
   * exactly (a query string is not part of it). Its `read` and `watch` get no variables.
   */
  readonly uri?: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType: string;
  /** Returns the body text. Throw ResourceNotFoundError for a missing object. */
  read(vars: Readonly<Record<string, string>>, uri: string): Promise<string>;
  /** Candidate values of one variable (the framework prefix-filters and caps them). */
  complete?(variable: string, value: string, context: CompletionContext): Promise<string[]>;
  /**
   * Starts watching the resource at `uri` (its template variables in `vars`): `changed()` is called
   * each time its content changes. Resolves with the function that stops watching, once watching
   * has started. Throw ResourceNotFoundError or ResourceParamError for a resource that does not
   * exist (the subscription is then refused with -32602 naming it).
   */
  watch?(vars: Readonly<Record<string, string>>, uri: string, changed: () => void): Promise<() => void>;
}

/** A provider of a static resource: a fixed `uri` and no template. */
export type StaticResourceProvider = ResourceTemplateProvider & { readonly uri: string; readonly uriTemplate?: undefined };

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

export function isResourceParamError(err: unknown): err is ResourceParamError {
  return err instanceof Error && (err as Partial<ResourceParamError>).resourceParamError === true;
}

export function isResourceNotFound(err: unknown): err is ResourceNotFoundError {
  return err instanceof Error && (err as Partial<ResourceNotFoundError>).resourceNotFound === true;
}

/** A URI resolved to its provider, with the decoded template variables (none for a static resource). */
export interface ResolvedResource {
  readonly provider: ResourceTemplateProvider;
  readonly vars: Record<string, string>;
}

/**
 * The resources of a server with their compiled matchers, in registration order. A URI is first
 * looked up among the static resources (exact match), then matched against the templates.
 */
export class ResourceCatalog {
  private readonly entries: { provider: ResourceTemplateProvider; matcher: UriTemplate }[] = [];
  private readonly fixed = new Map<string, ResourceTemplateProvider>();
  private readonly statics: StaticResourceProvider[] = [];

  constructor(providers: readonly ResourceTemplateProvider[]) {
    for (const provider of providers) {
      const { uri, uriTemplate } = provider;
      if ((typeof uri === 'string') === (typeof uriTemplate === 'string') || uri === '' || uriTemplate === '')
        throw new Error(`resource provider '${provider.name}' must declare exactly one of uri and uriTemplate`);
      if (typeof uriTemplate === 'string') {
        this.entries.push({ provider, matcher: new UriTemplate(uriTemplate) });
      } else if (!this.fixed.has(uri as string)) {
        this.fixed.set(uri as string, provider);
        this.statics.push(provider as StaticResourceProvider);
      }
    }
  }

  /** The templates, for `resources/templates/list` and completions. */
  templates(): (ResourceTemplateProvider & { readonly uriTemplate: string })[] {
    return this.entries.map((e) => e.provider as ResourceTemplateProvider & { readonly uriTemplate: string });
  }

  /** The static resources, for `resources/list` (the first registration of a URI wins). */
  resources(): StaticResourceProvider[] {
    return [...this.statics];
  }

  byTemplate(uriTemplate: string): ResourceTemplateProvider | undefined {
    return this.entries.find((e) => e.provider.uriTemplate === uriTemplate)?.provider;
  }

  /** The static resource named exactly `uri`, else the first template matching it. */
  resolve(uri: string): ResolvedResource | undefined {
    const provider = this.fixed.get(uri);
    if (provider) return { provider, vars: Object.create(null) as Record<string, string> };
    for (const e of this.entries) {
      const vars = e.matcher.match(uri);
      if (vars) return { provider: e.provider, vars };
    }
    return undefined;
  }
}
