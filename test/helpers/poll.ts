/**
 * Bounded polling on real state (tmux or the file system): re-reads until the condition holds.
 * The short pause only paces the re-reads; the result never depends on timing.
 */
export async function until<T>(read: () => T | Promise<T>, ok: (v: T) => boolean, what: string, tries = 400): Promise<T> {
  let v = await read();
  for (let i = 0; i < tries && !ok(v); i++) {
    await new Promise((r) => setTimeout(r, 25));
    v = await read();
  }
  if (!ok(v)) throw new Error(`condition never held: ${what} (last value: ${JSON.stringify(v)})`);
  return v;
}
