import type { Socket } from 'node:net';

/**
 * Writes to many event streams in one go (decision 019, bench/events.mjs). Each stream's socket is corked
 * and the frame queued on it; one callback on the next tick uncorks them all, so the loop that fans an event
 * out only queues (~0.5 µs a stream, against ~2 µs through `res.write`, which corks and schedules a tick per
 * response) and the 10,000 socket writes follow together.
 */
export function createBatchWriter() {
  let corked: Socket[] = [];
  const uncorkAll = () => {
    const sockets = corked;
    corked = [];
    for (const socket of sockets) socket.uncork();
  };
  return (socket: Socket, chunk: string | Buffer) => {
    // A stream whose client left: its 'close' removes it from the hub.
    if (socket.destroyed || socket.writableEnded) return;
    socket.cork();
    if (corked.push(socket) === 1) process.nextTick(uncorkAll);
    socket.write(chunk);
  };
}
