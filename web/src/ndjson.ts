// ND-JSON streams (the account's events, a tournament's views): a response body read as
// the lines the server sends, empty keep-alive lines included.

/** The lines of `body`, trimmed, as they arrive (an empty one is a keep-alive). */
export async function* lines(body: NonNullable<Response["body"]>): AsyncGenerator<string> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let newline: number;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      yield line;
    }
  }
}
