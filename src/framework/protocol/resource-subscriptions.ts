import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Logger } from 'winston';
import { safeText } from '../validation/safe-repr';
import { INTERNAL_ERROR, INVALID_PARAMS, JsonRpcError } from './json-rpc-error';
import { isResourceNotFound, isResourceParamError, type ResourceCatalog } from './resource-catalog';

/** How many resources one client may watch at once (docs/reference/resources-and-prompts.md#subscriptions). */
export const MAX_SUBSCRIPTIONS = 256;

/** One subscribed URI. */
interface Subscription {
  readonly provider: string;
  /** Settles when watching has started (or was refused). */
  started: Promise<void>;
  /** The provider's stop function, once watching has started. */
  stop?: () => void;
  /** Unsubscribed, or the client went away: the watcher is (or will be, once started) stopped. */
  ended: boolean;
}

/**
 * The resource subscriptions of one server's client (docs/reference/resources-and-prompts.md#subscriptions):
 * one watcher per subscribed URI string, started through the provider's `watch` and stopped on
 * `resources/unsubscribe`, when the client goes away (the server's connection closes) and at
 * shutdown. Each `changed()` of a watcher sends `notifications/resources/updated` with the URI as
 * subscribed. A watcher's own failure is logged and never reaches the client or the server.
 */
export class ResourceSubscriptions {
  private readonly subs = new Map<string, Subscription>();
  private send: (uri: string) => Promise<void> = () => Promise.resolve();

  constructor(
    private readonly catalog: ResourceCatalog,
    private readonly logger: Logger,
  ) {}

  /** How many URIs are subscribed (being started included). */
  get size(): number {
    return this.subs.size;
  }

  /**
   * Sends the updates through `server`, and stops every watcher when its connection closes:
   * `Server.onclose` is called when the transport closes (the client went away) and on
   * `server.close()`. A callback set there before is kept and called first.
   */
  attach(server: Server): void {
    this.send = (uri) => server.sendResourceUpdated({ uri });
    const before = server.onclose;
    server.onclose = () => {
      before?.();
      this.stopAll();
    };
  }

  /**
   * Subscribes to `uri`; resolves once its watcher has started. A URI already subscribed is the
   * same subscription (no second watcher). Refusals are JSON-RPC errors
   * (docs/reference/resources-and-prompts.md#subscription-errors).
   */
  async subscribe(uri: string): Promise<void> {
    const existing = this.subs.get(uri);
    if (existing) return existing.started;
    const hit = this.catalog.resolve(uri);
    if (!hit) throw new JsonRpcError(INVALID_PARAMS, `Resource not found: Unknown resource: '${safeText(uri)}'`);
    const { provider, vars } = hit;
    if (!provider.watch)
      throw new JsonRpcError(INVALID_PARAMS, `Resource cannot be subscribed to: '${safeText(uri)}' (${provider.name} sends no updates)`);
    if (this.subs.size >= MAX_SUBSCRIPTIONS)
      throw new JsonRpcError(
        INVALID_PARAMS,
        `Too many subscriptions: a client may hold at most ${MAX_SUBSCRIPTIONS}; unsubscribe from one first`,
      );
    const sub: Subscription = { provider: provider.name, started: Promise.resolve(), ended: false };
    const changed = () => {
      if (!sub.ended) this.notify(uri);
    };
    // A provider that throws instead of rejecting is refused the same way.
    const watching = new Promise<() => void>((resolve) => resolve(provider.watch!(vars, uri, changed)));
    sub.started = watching.then(
      (stop) => {
        if (sub.ended) this.halt(sub, stop);
        else sub.stop = stop;
      },
      (err: unknown) => {
        sub.ended = true;
        if (this.subs.get(uri) === sub) this.subs.delete(uri);
        throw this.refusal(err, provider.name);
      },
    );
    this.subs.set(uri, sub);
    return sub.started;
  }

  /** Stops watching `uri`; a URI that is not subscribed is no error. */
  unsubscribe(uri: string): void {
    const sub = this.subs.get(uri);
    if (!sub) return;
    this.subs.delete(uri);
    this.end(sub);
  }

  /** Stops every watcher (the client went away, or the server shuts down). */
  stopAll(): void {
    const all = [...this.subs.values()];
    this.subs.clear();
    for (const sub of all) this.end(sub);
  }

  private end(sub: Subscription): void {
    sub.ended = true;
    // A watcher still starting is stopped as soon as it has started (see subscribe).
    if (sub.stop) this.halt(sub, sub.stop);
  }

  private halt(sub: Subscription, stop: () => void): void {
    sub.stop = undefined;
    try {
      const r = stop() as unknown;
      if (r instanceof Promise) r.catch((err: unknown) => this.stopFailed(sub, err));
    } catch (err) {
      this.stopFailed(sub, err);
    }
  }

  private stopFailed(sub: Subscription, err: unknown): void {
    this.logger.warn(`stopping a watcher of ${sub.provider} failed: ${err instanceof Error ? err.message : String(err)}`);
  }

  private notify(uri: string): void {
    // The client may be gone already (the close is on its way): nothing to tell.
    this.send(uri).catch((err: unknown) =>
      this.logger.debug(`could not send resources/updated for '${safeText(uri)}': ${err instanceof Error ? err.message : String(err)}`),
    );
  }

  private refusal(err: unknown, provider: string): JsonRpcError {
    if (isResourceNotFound(err)) return new JsonRpcError(INVALID_PARAMS, `Resource not found: ${err.message}`);
    if (isResourceParamError(err)) return new JsonRpcError(INVALID_PARAMS, err.message);
    const msg = err instanceof Error ? err.message : String(err);
    this.logger.error(`Error in resources/subscribe (${provider}): ${msg}`);
    return new JsonRpcError(INTERNAL_ERROR, `Internal error: ${msg}`);
  }
}
