/**
 * Keeps an over-long line away from the MCP SDK's stdio transport. Its read buffer holds at most
 * `STDIO_DEFAULT_MAX_BUFFER_SIZE` bytes (10 MiB): a longer line makes it report an error and
 * close, after which the server reads nothing and the process exits with code 13 (a top-level
 * await that never settles). This stream passes on whole lines only, one `push` each, and drops a
 * line past the limit as it arrives, keeping only its two ends (where a message's id is), so the
 * transport never sees one.
 */
import { Transform } from 'node:stream';

/** A line dropped for its length: its length and its two ends, each at most `edgeBytes` long. */
export interface DroppedLine {
  /** Its length in bytes, without its line feed. */
  bytes: number;
  /** Its first bytes. */
  head: Buffer;
  /** Its last bytes, without its line feed. */
  tail: Buffer;
}

/** Options of {@link createLineLimit}. */
export interface LineLimitOptions {
  /** Longest line passed on, in bytes, without its line feed. */
  maxBytes: number;
  /** Told of each line dropped. */
  onDropped: (line: DroppedLine) => void;
  /** How many bytes of each end of a dropped line are kept for `onDropped`. Default 1024. */
  edgeBytes?: number;
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
  edgeBytes = 1024,
  drop = () => false,
}: LineLimitOptions): Transform {
  let pieces: Buffer[] = [];
  let length = 0;
  // The ends of a line past the limit.
  let head: Buffer = Buffer.alloc(0);
  let tail: Buffer = Buffer.alloc(0);
  const endLine = (stream: Transform, lineFeed: boolean) => {
    if (length > maxBytes) onDropped({ bytes: length, head, tail });
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
        const before = length;
        length += piece.length;
        // Past the limit the line's bytes are only counted, and its last ones kept.
        if (length <= maxBytes) pieces.push(piece);
        else if (before <= maxBytes) {
          pieces.push(piece);
          head = Buffer.concat(pieces, Math.min(edgeBytes, length));
          tail = lastBytes(pieces, edgeBytes);
          pieces = [];
        } else tail = lastBytes([tail, piece], edgeBytes);
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

/** The last `count` bytes of `buffers` joined, copied. */
function lastBytes(buffers: Buffer[], count: number): Buffer {
  const kept: Buffer[] = [];
  let length = 0;
  for (let index = buffers.length - 1; index >= 0 && length < count; index -= 1) {
    const buffer = buffers[index] as Buffer;
    kept.unshift(buffer.subarray(Math.max(0, buffer.length - (count - length))));
    length += kept[0]?.length ?? 0;
  }
  return Buffer.concat(kept);
}
