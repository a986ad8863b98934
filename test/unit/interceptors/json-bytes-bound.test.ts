import { jsonBytesBound } from '../../../src/interceptors/response-limit.interceptor';

/**
 * The response cap skips its exact measure only under a bound that is never below the size
 * (docs/reference/protocol.md#response-cap): for every value here the bound is at least
 * `Buffer.byteLength(JSON.stringify(value))`, and Infinity past the limit or for what is not plain data.
 */
const exact = (v: unknown) => Buffer.byteLength(JSON.stringify(v), 'utf8');

describe('jsonBytesBound', () => {
  const worst = [
    '',
    'plain text\nwith lines\r\n',
    '\u0000\u001f\u007f"\\', // escaped as \u0000, \u001f, ", \\
    'é€😀', // 2, 3 and 4 UTF-8 bytes
    '\ud800 lone surrogate \udfff', // escaped as \ud800
    '\u2028\u2029',
  ];
  const values: unknown[] = [
    ...worst,
    -1.7976931348623157e308,
    5e-324,
    -0,
    NaN,
    true,
    null,
    [undefined, null, 1, 'x'],
    { content: [{ type: 'text', text: worst.join('') }], structuredContent: { result: worst.join('') }, isError: false },
    { '\u0000key"': worst, nested: { list: [[], {}, [worst]] }, gone: undefined },
  ];

  it('is never below the serialized size', () => {
    for (const v of values) {
      const bound = jsonBytesBound(v, 1_000_000);
      expect([v, bound >= exact(v), Number.isFinite(bound)]).toEqual([v, true, true]);
    }
  });

  it('is Infinity past the limit, and for values that are not plain JSON data', () => {
    expect(jsonBytesBound('x'.repeat(100), 200)).toBe(Infinity);
    expect(jsonBytesBound({ a: ['x'.repeat(10)] }, 1000)).toBeLessThanOrEqual(1000);
    expect(jsonBytesBound({ when: new Date(0) }, 1000)).toBe(Infinity);
    expect(jsonBytesBound({ m: new Map() }, 1000)).toBe(Infinity);
    expect(jsonBytesBound({ toJSON: () => 'x'.repeat(5000) }, 1000)).toBe(Infinity);
  });
});
