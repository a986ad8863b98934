import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

type Args = Record<string, unknown>;

/** Requests kept at most (a request the SDK rejects before our handler never takes its entry). */
const MAX_PENDING = 256;

/**
 * Keeps what the SDK's request parsing would lose of `tools/call` arguments.
 *
 * Why: the SDK parses every request with zod before our handler sees it, and zod copies an object
 * by assignment, so an own `__proto__` key (valid JSON, kept by JSON.parse) sets the copy's
 * prototype instead and vanishes. An unknown argument must be rejected by name, never dropped in
 * silence (docs/reference/protocol.md#strict-objects). The tap sees each message as the transport
 * parsed it and remembers, per request id, the argument keys the SDK's copy will not carry. Only
 * requests that hold such a key are remembered, so the common path costs one property check.
 */
export class RawArgumentsTap {
  private readonly lost = new Map<string | number, Args>();

  /** Wraps `transport` so every incoming message passes through the tap first. */
  wrap(transport: Transport): Transport {
    let handler: Transport['onmessage'];
    const tapped: NonNullable<Transport['onmessage']> = (message, extra) => {
      this.see(message);
      handler?.(message, extra);
    };
    Object.defineProperty(transport, 'onmessage', {
      configurable: true,
      enumerable: true,
      get: () => (handler ? tapped : undefined),
      set: (h: Transport['onmessage']) => {
        handler = h;
      },
    });
    return transport;
  }

  /** `parsed` (the SDK's copy of the arguments of request `id`) with the lost keys put back as own properties. */
  restore(id: string | number | undefined, parsed: Args): Args {
    if (id === undefined || this.lost.size === 0) return parsed;
    const raw = this.lost.get(id);
    if (!raw) return parsed;
    this.lost.delete(id);
    const out: Args = { ...parsed };
    for (const key of Object.keys(raw)) {
      if (!Object.prototype.hasOwnProperty.call(out, key)) {
        Object.defineProperty(out, key, { value: raw[key], enumerable: true, configurable: true, writable: true });
      }
    }
    return out;
  }

  private see(message: unknown): void {
    const m = message as { method?: unknown; id?: unknown; params?: { arguments?: unknown } };
    if (m?.method !== 'tools/call' || (typeof m.id !== 'string' && typeof m.id !== 'number')) return;
    const args = m.params?.arguments;
    if (!args || typeof args !== 'object' || !Object.prototype.hasOwnProperty.call(args, '__proto__')) return;
    if (this.lost.size >= MAX_PENDING) this.lost.clear();
    this.lost.set(m.id, args as Args);
  }
}
