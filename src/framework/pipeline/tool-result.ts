/** The MCP tool result as the framework builds it (a subset of the SDK's CallToolResult). */
export interface TextContent {
  type: 'text';
  text: string;
}
export type ContentBlock = TextContent | ({ type: string } & Record<string, unknown>);

export interface ToolResult {
  content: ContentBlock[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}
