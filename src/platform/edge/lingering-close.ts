/**
 * Lingering close, as nginx does it (`lingering_close`). When an answer closes the connection
 * while the client is still sending (a 413 for a body past its cap, answered before the body was
 * read), Node ends the socket and destroys it as soon as the answer is written. The client's bytes
 * that arrive after that meet a closed socket, the kernel answers them with a reset, and a reset
 * makes the client's kernel drop what it had not yet read: the 413 itself (1 in 12 oversized
 * chunked uploads got no answer at all). So a closing socket keeps reading and discarding for a
 * moment after its answer: until the client closes its side, LINGER_MS pass, or LINGER_MAX_BYTES
 * more arrive, whichever is first.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export const LINGER_MS = 2_000;
export const LINGER_MAX_BYTES = 8 * 1024 * 1024;

function lingerThenDestroy(socket: Socket, ms: number, maxBytes: number): void {
  let drained = 0;
  const destroy = (): void => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(destroy, ms);
  timer.unref();
  socket.on('data', (chunk: Buffer) => {
    drained += chunk.byteLength;
    if (drained > maxBytes) destroy();
  });
  socket.once('end', destroy);
  socket.once('close', () => clearTimeout(timer));
  socket.end();
  socket.resume();
}

export function lingerBeforeClose(server: Server, ms = LINGER_MS, maxBytes = LINGER_MAX_BYTES): void {
  server.on('connection', (socket: Socket & { destroySoon?: () => void }) => {
    // Node's HTTP server calls destroySoon after the last answer of a connection it closes.
    socket.destroySoon = () => lingerThenDestroy(socket, ms, maxBytes);
  });
}
