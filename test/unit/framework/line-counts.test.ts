import 'reflect-metadata';
import { countLineBreaks, splitLines } from '../../../src/framework/output/text-lines';
import type { ToolCall } from '../../../src/framework/pipeline/tool-interceptor';
import type { ToolResult } from '../../../src/framework/pipeline/tool-result';
import { ResponseLimitInterceptor } from '../../../src/interceptors/response-limit.interceptor';

/** Lines are lines everywhere: `\n`, `\r\n` and `\r` end a line alike (docs/reference/protocol.md#line-counts). */
describe('splitLines / countLineBreaks', () => {
  it.each([
    ['', [], 0],
    ['a', ['a'], 0],
    ['a\n', ['a'], 1],
    ['a\rb\r', ['a', 'b'], 2],
    ['a\r\nb\r\n', ['a', 'b'], 2],
    ['a\n\nb', ['a', '', 'b'], 2],
    ['a\r\rb', ['a', '', 'b'], 2],
    ['a\n\rb\r\nc', ['a', '', 'b', 'c'], 3],
  ])('%j', (text, lines, breaks) => {
    expect(splitLines(text)).toEqual(lines);
    expect(countLineBreaks(text)).toBe(breaks);
  });
});

describe('the response cap counts the lines it drops at \\n, \\r\\n and \\r', () => {
  const call = {
    tool: { meta: { responseLimit: { field: 'content', truncatedFlag: 'content_truncated', countFlag: 'content_truncated_lines' } } },
  } as unknown as ToolCall;
  const result = (content: string): ToolResult => {
    const sc = { content, content_truncated: false, content_truncated_lines: 0 };
    return { content: [{ type: 'text', text: JSON.stringify(sc) }], structuredContent: sc };
  };
  /** Whole lines before `kept` in `full`, counted independently of the code under test. */
  const dropped = (full: string, kept: string) => full.slice(0, full.length - kept.length).split(/\r\n|\r|\n/).length - 1;

  it.each([
    ['\\r', '\r'],
    ['\\r\\n', '\r\n'],
    ['\\n', '\n'],
  ])('lines ending in %s', async (_name, eol) => {
    const full = Array.from({ length: 200 }, (_, i) => `line-${String(i).padStart(3, '0')}`).join(eol) + eol;
    // Many caps, so some cut lands between the \r and \n of one terminator.
    for (let max = 300; max < 420; max++) {
      const limiter = new ResponseLimitInterceptor();
      limiter.max = max;
      const sc = (await limiter.intercept(call, () => Promise.resolve(result(full)))).structuredContent as {
        content: string;
        content_truncated: boolean;
        content_truncated_lines: number;
      };
      expect(sc.content_truncated).toBe(true);
      expect(full.endsWith(sc.content)).toBe(true);
      // The kept tail never starts with the \n of a terminator whose \r was dropped.
      if (eol === '\r\n') expect(sc.content.startsWith('\n')).toBe(false);
      expect(sc.content_truncated_lines).toBe(dropped(full, sc.content));
      expect(sc.content_truncated_lines).toBeGreaterThan(150);
    }
  });
});
