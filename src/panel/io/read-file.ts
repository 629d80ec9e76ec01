// Read a user-chosen File into bytes (file input and drag-and-drop share this).
export async function readFileBytes(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}
