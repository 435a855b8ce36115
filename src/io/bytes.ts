// Byte helpers shared by every reader of bodies.

/** The chunks as one array of `total` bytes (the chunk itself when there is only one). */
export function concatBytes(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}
