/**
 * Keeps an over-long line away from the MCP SDK's stdio transport. Its read buffer holds at most
 * `STDIO_DEFAULT_MAX_BUFFER_SIZE` bytes (10 MiB): a longer line makes it report an error and
 * close, after which the server reads nothing and the process exits with code 13 (a top-level
 * await that never settles). This stream passes on whole lines only, one `push` each, and drops a
 * line past the limit as it arrives, keeping none of it, so the transport never sees one.
 */
import { Transform } from 'node:stream';

/** Options of {@link createLineLimit}. */
export interface LineLimitOptions {
  /** Longest line passed on, in bytes, without its line feed. */
  maxBytes: number;
  /** Told of each line dropped, with its length in bytes (without its line feed). */
  onDropped: (bytes: number) => void;
  /**
   * Told of each line within the limit (without its line feed); a line it returns true for is
   * dropped too. Default: none is.
   */
  drop?: (line: Buffer) => boolean;
}

const LINE_FEED = 0x0a;

/**
 * Creates a stream that passes on each line of its input (with its line feed) when it is at most
 * `maxBytes` long and `drop` does not refuse it, and drops it otherwise. A last line without a line feed is passed on as is.
 * @param options - see {@link LineLimitOptions}.
 * @returns a byte stream to pipe stdin through.
 */
export function createLineLimit({
  maxBytes,
  onDropped,
  drop = () => false,
}: LineLimitOptions): Transform {
  let pieces: Buffer[] = [];
  let length = 0;
  const endLine = (stream: Transform, lineFeed: boolean) => {
    if (length > maxBytes) onDropped(length);
    else if (lineFeed || length > 0) {
      const line = Buffer.concat(pieces);
      if (!drop(line))
        stream.push(lineFeed ? Buffer.concat([line, Buffer.from([LINE_FEED])]) : line);
    }
    pieces = [];
    length = 0;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let start = 0;
      while (start < chunk.length) {
        const end = chunk.indexOf(LINE_FEED, start);
        const piece = chunk.subarray(start, end === -1 ? chunk.length : end);
        length += piece.length;
        // Past the limit the line's bytes are only counted.
        if (length > maxBytes) pieces = [];
        else pieces.push(piece);
        if (end === -1) break;
        endLine(this, true);
        start = end + 1;
      }
      callback();
    },
    flush(callback) {
      endLine(this, false);
      callback();
    },
  });
}
