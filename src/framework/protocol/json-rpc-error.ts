/**
 * An error whose numeric `code` the SDK copies onto the JSON-RPC error verbatim. Unlike McpError
 * it adds no `MCP error -32602: ` prefix to the message (docs/reference/errors.md#json-rpc-errors).
 */
export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const INVALID_PARAMS = -32602;
export const RESOURCE_NOT_FOUND = -32002;
export const INTERNAL_ERROR = -32603;
