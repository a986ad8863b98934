/**
 * A small RFC 6570 matcher for the forms resource templates use: `{var}` path segments and one
 * trailing `{?a,b}` query expression (docs/reference/resources-and-prompts.md#uri-matching). The
 * query is optional, unknown query keys are ignored, and every variable is percent-decoded exactly
 * once (`%253` → `%3`).
 */
export class UriTemplate {
  readonly variables: readonly string[];
  private readonly pathRe: RegExp;
  private readonly pathVars: string[] = [];
  private readonly queryVars: string[] = [];

  constructor(readonly template: string) {
    let path = template;
    const q = /\{\?([A-Za-z0-9_,]+)\}$/.exec(template);
    if (q) {
      path = template.slice(0, q.index);
      this.queryVars = q[1].split(',');
    }
    let re = '^';
    let last = 0;
    for (const m of path.matchAll(/\{([A-Za-z0-9_]+)\}/g)) {
      re += escapeRe(path.slice(last, m.index)) + '([^/?#]+)';
      this.pathVars.push(m[1]);
      last = m.index + m[0].length;
    }
    re += escapeRe(path.slice(last)) + '$';
    this.pathRe = new RegExp(re);
    this.variables = [...this.pathVars, ...this.queryVars];
  }

  /** The variables of `uri`, or undefined when it does not match. Absent query variables are omitted. */
  match(uri: string): Record<string, string> | undefined {
    const qi = uri.indexOf('?');
    const path = qi < 0 ? uri : uri.slice(0, qi);
    const query = qi < 0 ? null : uri.slice(qi + 1);
    if (query !== null && !this.queryVars.length) return undefined;
    const m = this.pathRe.exec(path);
    if (!m) return undefined;
    const vars = Object.create(null) as Record<string, string>;
    this.pathVars.forEach((name, i) => (vars[name] = percentDecode(m[i + 1])));
    for (const pair of query ? query.split('&') : []) {
      const eq = pair.indexOf('=');
      const key = percentDecode(eq < 0 ? pair : pair.slice(0, eq));
      const value = eq < 0 ? '' : percentDecode(pair.slice(eq + 1));
      // First occurrence wins; an empty value means "not given".
      if (this.queryVars.includes(key) && !(key in vars) && value !== '') vars[key] = value;
    }
    return vars;
  }
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Decodes `%XX` sequences once, like Python's `urllib.parse.unquote`: bytes are read as UTF-8 (invalid
 * sequences become U+FFFD) and a `%` not followed by two hex digits stays literal, so a raw `%3`
 * still names pane `%3` while `%253` is the encoded form of the same id.
 */
export function percentDecode(s: string): string {
  if (!s.includes('%')) return s;
  return s.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    const bytes = Buffer.from(run.replace(/%/g, ''), 'hex');
    return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  });
}
